/**
 * A short real load run (`npm run load -- --seconds 4 --connections 2 --warmup 1 --rate 200`):
 * the same build, publish under load, build switch, memory and form-entry checks as the full
 * run, with fewer requests. Two connections keep requests concurrent with the publish; the
 * warm-up still lasts until workerd's memory holds still. The rate is a cap: without one, the
 * load generator and workerd take every cycle free for as long as the run lasts (about 50
 * CPU-seconds in `npm test`, beside the other tests), where this test needs requests, not
 * throughput. The bench itself is too slow for `npm test`; run `npm run bench` by hand.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../support/built-site';

describe('npm run load', () => {
  test('a short run under plain workerd passes and reports status counts', async () => {
    const args = ['--seconds', '4', '--connections', '2', '--warmup', '1', '--rate', '200'];
    const child = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['bench/load.ts', ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    // SIGTERM (not SIGKILL) on timeout: the script then stops its workerd before exiting.
    const timer = setTimeout(() => child.kill('SIGTERM'), 170_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(timer);
    expect(out).toMatch(/status counts: .*200: \d+/);
    expect(code, out).toBe(0);
  }, 180_000);
});
