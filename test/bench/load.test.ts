/**
 * A short real load run (`npm run load -- --seconds 4 --connections 2 --warmup 1 --rate 200`):
 * the same build, publish under load, build switch, memory and form-entry checks as the full
 * run, with fewer requests. Two connections keep requests concurrent with the publish; the
 * warm-up still lasts until workerd's memory holds still. The rate is a cap: without one, the
 * load generator and workerd take every cycle free for as long as the run lasts (about 50
 * CPU-seconds in `npm test`, beside the other tests), where this test needs requests, not
 * throughput. The command runs in this process (test/support/script-in-process.ts): a `tsx` of
 * its own would load the build's modules, sharp and esbuild again only to start (a CPU-second
 * or two); the builds, workerd and the load are the command's own either way. The bench itself
 * is too slow for `npm test`; run `npm run bench` by hand.
 */
import { describe, expect, test } from 'vitest';
import { runScriptInProcess } from '../support/script-in-process';

describe('npm run load', () => {
  test('a short run under plain workerd passes and reports status counts', async () => {
    const run = await runScriptInProcess('bench/load.ts', ['--seconds', '4', '--connections', '2', '--warmup', '1', '--rate', '200']);
    const out = run.stdout + run.stderr;
    expect(out).toMatch(/status counts: .*200: \d+/);
    expect(run.status, out).toBe(0);
  }, 180_000);
});
