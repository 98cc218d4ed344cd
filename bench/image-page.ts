/**
 * `npm run bench:image-page`: the bench's page of 30 photos against the same page built with
 * image variants switched off, and beside the fixture page: HTML raw, gzip and brotli, and full
 * render instructions (callgrind, so it needs valgrind). The part of `npm run bench` that
 * measures it, on its own; prints a table, writes bench/image-page.json, exits 1 when one of
 * its three budgets is missed. About 3 minutes.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fail } from '../scripts/lib/cli';
import { imagePageChecks, missed } from './lib/bench/budgets';
import { prepareFixtureRuntime } from './lib/bench/fixture-runtime';
import { imagePageRatios } from './lib/bench/image-page-figures';
import { measureImagePage } from './lib/bench/image-page-measure';
import { imagePageResults, printImagePage } from './lib/bench/image-page-report';
import { Cleanup, runToExit } from './lib/cleanup';
import { hasValgrind } from './lib/instructions/callgrind';

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
