/**
 * `npm run bench:image-page`: the bench's page of 30 photos against the same page built with
 * image variants switched off, and beside the fixture page: HTML raw, gzip and brotli, and full
 * render instructions (callgrind, so it needs valgrind). The part of `npm run bench` that
 * measures it, on its own; prints a table, writes bench/image-page.json, exits 1 when one of
 * its three budgets is missed. About 3 minutes.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { command, fail } from '../scripts/lib/cli';

command({
  usage: 'npm run bench:image-page',
  summary:
    'The page of 30 photos against the same page with image variants off, beside the fixture page: HTML raw, gzip and ' +
    'brotli, and render instructions (needs valgrind). Writes bench/image-page.json; exits 1 when a budget is missed.',
  options: {},
  examples: ['npm run bench:image-page'],
});

// The runtime loads only once the options are read, so --help answers at once.
const { imagePageChecks, missed } = await import('./lib/bench/budgets');
const { prepareFixtureRuntime } = await import('./lib/bench/fixture-runtime');
const { imagePageRatios } = await import('./lib/bench/image-page-figures');
const { measureImagePage } = await import('./lib/bench/image-page-measure');
const { imagePageResults, printImagePage } = await import('./lib/bench/image-page-report');
const { Cleanup, runToExit } = await import('./lib/cleanup');
const { hasValgrind } = await import('./lib/instructions/callgrind');

const RESULTS = join(import.meta.dirname, 'image-page.json');
const log = (s: string) => process.stdout.write(s + '\n');
const step = (s: string) => process.stderr.write(`bench:image-page: ${s}\n`);

const cleanup = new Cleanup();
await runToExit('bench:image-page', cleanup, async () => {
  if (!(await hasValgrind())) fail('valgrind is not installed: apt-get install valgrind');
  const fixture = await prepareFixtureRuntime(cleanup, step);
  const m = await measureImagePage(fixture, cleanup, step);
  printImagePage(m, log);
  await writeFile(RESULTS, JSON.stringify(imagePageResults(m), null, 2) + '\n');
  log('\nwrote bench/image-page.json');
  const checks = imagePageChecks(imagePageRatios(m));
  for (const c of checks) log(`${c.ok ? 'ok    ' : 'MISSED'} ${c.name}: ${c.actual} (${c.limit})`);
  return missed(checks).length ? 1 : 0;
});
