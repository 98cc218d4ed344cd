/**
 * Running wrangler from scripts: never prompting, never phoning home, always the project's
 * own copy. Commands fail with the command line and wrangler's last words.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createRequire } from 'node:module';
import { ROOT } from './bundle';
import { wranglerFailureLine } from './wrangler-errors';

/**
 * wrangler's CLI itself (the package's main module), run with the flags its launcher,
 * bin/wrangler.js, gives it. The launcher is a second Node process that only spawns this one: it
 * turns a SIGINT into a SIGTERM, passes no other signal on, and reports a CLI killed by a signal
 * as exit 0 (read in bin/wrangler.js of wrangler 4.86.0; the last is cloudflare/workers-sdk#14598).
 * Killed outright (SIGKILL), it leaves the CLI and workerd running with no parent. Run directly,
 * the CLI gets the signals its caller sends, and its exit says how it ended.
 */
export const WRANGLER_CLI = createRequire(import.meta.url).resolve('wrangler');
const WRANGLER_NODE_FLAGS = ['--no-warnings', '--experimental-vm-modules'];

/** Starts `wrangler ARGS` as a child of this process (cwd: the repository). */
export function spawnWrangler(args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  return spawn(process.execPath, [...WRANGLER_NODE_FLAGS, WRANGLER_CLI, ...args], { cwd: ROOT, ...options });
}

/** Environment for every wrangler call: no metrics, no error reports, no prompts, no banner. */
export function wranglerEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    CI: 'true',
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_SEND_ERROR_REPORTS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_HIDE_BANNER: 'true',
    ...extra,
  };
}

export class WranglerError extends Error {
  constructor(
    readonly args: string[],
    readonly code: number | null,
    /** everything wrangler printed, for a debugger; the message keeps only its reason */
    readonly output: string,
  ) {
    super(wranglerFailureLine(args, output, code));
    this.name = 'WranglerError';
  }
}

/** Runs wrangler to completion; resolves with its standard output (JSON answers come there). */
export function runWrangler(args: string[], options: SpawnOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnWrangler(args, { env: wranglerEnv(), stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new WranglerError(args, code, stderr + stdout))));
  });
}
