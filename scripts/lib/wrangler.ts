/**
 * Running wrangler from scripts: never prompting, never phoning home, always the project's
 * own copy. Commands fail with the command line and wrangler's last words.
 */
import { spawn, type SpawnOptions } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './bundle';
import { wranglerFailureLine } from './wrangler-errors';

export const WRANGLER_BIN = join(ROOT, 'node_modules/.bin/wrangler');

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
    readonly output: string,
  ) {
    super(wranglerFailureLine(args, output, code));
    this.name = 'WranglerError';
  }
}

/** Runs wrangler to completion; resolves with its standard output (JSON answers come there). */
export function runWrangler(args: string[], options: SpawnOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(WRANGLER_BIN, args, { cwd: ROOT, env: wranglerEnv(), stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new WranglerError(args, code, stderr + stdout))));
  });
}
