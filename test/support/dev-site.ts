/**
 * `npm run dev` on a content folder of the caller's (it edits files there), on a free port, with
 * its own build folder and local state; stop() ends its whole process group (tsx, wrangler,
 * workerd) and removes them. Used by the dev loop's browser test and its benchmark.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT, tempDir } from './built-site';
import { freePort } from '../../scripts/lib/free-port';

export interface DevSite {
  url: string;
  /** everything the dev server printed so far */
  output: () => string;
  /** resolves when the output holds `pattern` after `from` characters (default: anywhere) */
  waitForOutput: (pattern: RegExp, from?: number, timeoutMs?: number) => Promise<string>;
  /** the pid of the dev server's tsx, which leads its process group */
  pid: number;
  /** its exit code once it has ended */
  exitCode: () => number | null;
  stop(): Promise<void>;
}

export async function startDevSite(contentDir: string, { timeoutMs = 150_000 } = {}): Promise<DevSite> {
  const port = await freePort();
  const out = await tempDir('dev-dist');
  const state = await tempDir('dev-state');
  const args = ['scripts/dev.ts', '--content', contentDir, '--out', out, '--persist-to', state, '--port', String(port)];
  // Its own process group, so stop() ends wrangler and workerd with it.
  const child = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), args, {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));

  const waitForOutput = async (pattern: RegExp, from = 0, waitMs = 30_000) => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const match = pattern.exec(log.slice(from));
      if (match) return match[0];
      if (child.exitCode !== null) throw new Error(`npm run dev exited with ${child.exitCode}:\n${log}`);
      if (Date.now() > deadline) throw new Error(`npm run dev did not print ${String(pattern)} within ${waitMs} ms:\n${log.slice(from)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    const exited = new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    const kill = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    };
    kill('SIGTERM');
    const timer = setTimeout(() => kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
    await rm(out, { recursive: true, force: true });
    await rm(state, { recursive: true, force: true });
  };
  try {
    await waitForOutput(/serving on http:\/\/127\.0\.0\.1:\d+/, 0, timeoutMs);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://127.0.0.1:${port}`, output: () => log, waitForOutput, pid: child.pid!, exitCode: () => child.exitCode, stop };
}
