/**
 * `npm run audit [-- --runs N] [--reports DIR]`: Lighthouse and axe-core against the real site,
 * offline. Measures (lib/audit/run.ts), judges (lib/audit/analyse.ts, budgets in
 * lib/audit/budgets.ts) and prints every finding (lib/audit/report.ts); exit 1 when a budget
 * is missed. The server and both browsers are always stopped, on failure and on Ctrl-C too.
 */
import { resolve } from 'node:path';
import { command, fail } from '../scripts/lib/cli';
import { Cleanup, runToExit } from './lib/cleanup';

const { values } = command({
  usage: 'npm run audit -- [--runs N] [--reports DIR]',
  summary:
    'Lighthouse and axe-core against the real site, offline; exit 1 when a budget is missed (budgets in bench/lib/audit/budgets.ts).',
  options: {
    runs: { type: 'string', default: '3', value: 'N', description: 'Lighthouse runs per page, 1 to 9 (the median counts)' },
    reports: { type: 'string', value: 'DIR', description: "keep Lighthouse's JSON reports here, one per page and run" },
  },
  examples: ['npm run audit -- --runs 1 --reports /tmp/audit'],
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) fail('--runs must be a whole number from 1 to 9');
const reportsDir = values.reports ? resolve(values.reports) : undefined;

const log = (s: string) => process.stdout.write(s + '\n');
const step = (s: string) => process.stderr.write(`audit: ${s}\n`);

// Lighthouse, Playwright and the server's modules take seconds to load: only after the options
// are read, so `--help` and a mistyped option answer at once.
const [{ auditMisses }, { printAudit, printMisses }, { runAudit }] = await Promise.all([
  import('./lib/audit/analyse'),
  import('./lib/audit/report'),
  import('./lib/audit/run'),
]);

const cleanup = new Cleanup();
await runToExit('audit', cleanup, async () => {
  const { lighthouse, axe } = await runAudit({ runs, reportsDir }, cleanup, step);
  printAudit(lighthouse, axe, runs, log);
  const misses = auditMisses(lighthouse, axe);
  printMisses(misses, log);
  return misses.length ? 1 : 0;
});
