/**
 * `npm run bench:dev [-- --edits N]`: the dev loop's budget. Runs `npm run dev` on a copy of the
 * sample site with one Chromium tab (lib/dev/run.ts), saves the page N times with a new title
 * and times each until the tab shows it, then one edit in app/ until the tab has reloaded with
 * it; judges them (lib/dev/analyse.ts, budgets there too), prints them and writes
 * bench/dev-results.json. Exit 1 when a budget is missed. A benchmark, not a test: the figures
 * move with the machine's load.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { command } from '../scripts/lib/cli';
import { Cleanup, runToExit } from './lib/cleanup';
import { analyseDevLoop } from './lib/dev/analyse';
import { runDevLoop } from './lib/dev/run';
import { numberOption } from './lib/options';

const { values } = command({
  usage: 'npm run bench:dev -- [--edits N]',
  summary:
    'Time the dev loop on a copy of the sample site: saving a page title until an open Chromium tab shows it (median of N), ' +
    'and an edit in app/ until the tab has reloaded with it. Writes bench/dev-results.json; exit 1 when a budget is missed.',
  options: { edits: { type: 'string', default: '10', value: 'N', description: 'how many page saves to time (1 to 100)' } },
  examples: ['npm run bench:dev', 'npm run bench:dev -- --edits 20'],
  notes: ['It appends a rule to app/styles/site.css for the code edit, and puts the file back afterwards.'],
});
const edits = Math.round(numberOption(values.edits, 'edits', 1, 100));

const RESULTS = join(import.meta.dirname, 'dev-results.json');
const log = (s: string) => process.stdout.write(s + '\n');
const step = (s: string) => process.stderr.write(`bench:dev: ${s}\n`);

const cleanup = new Cleanup();
await runToExit('bench:dev', cleanup, async () => {
  const figures = await runDevLoop({ edits }, cleanup, step);
  const verdict = analyseDevLoop(figures);
  for (const check of verdict.checks)
    log(`${check.ok ? 'ok  ' : 'MISS'}  ${check.name}: ${Math.round(check.actualMs)} ms (budget ${check.limitMs} ms)`);
  const results = {
    measuredAt: new Date().toISOString(),
    contentEditsMs: figures.contentEditsMs.map(Math.round),
    contentMedianMs: Math.round(verdict.contentMedianMs),
    codeEditMs: Math.round(figures.codeEditMs),
    checks: verdict.checks,
  };
  await writeFile(RESULTS, JSON.stringify(results, null, 2) + '\n');
  log('wrote bench/dev-results.json');
  return verdict.checks.every((c) => c.ok) ? 0 : 1;
});
