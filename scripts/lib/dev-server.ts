/**
 * What `npm start` (scripts/start.ts) hands `wrangler dev`, apart from starting it: the command
 * line, the .dev.vars it reads, and the exit code to pass on. Kept here, without side effects
 * beyond the one file written, so the tests read the command line without starting wrangler.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { rm, writeFile } from 'node:fs/promises';
import { DEFAULT_PERSIST_TO } from './d1-client';
import { devVar } from './preview-link';

export interface DevServerOptions {
  port: number;
  /** the config of a build outside dist/; undefined: wrangler.toml */
  config?: string;
  /** `--persist-to`: the local state the build was published to and migrated in; undefined: the default one */
  persistTo?: string;
  env?: string;
  /** the user's `--var NAME:VALUE`s */
  vars: readonly string[];
  /** the text of the .dev.vars wrangler reads (empty without one) */
  devVars: string;
  /** a secret made up for the session; 32 random bytes, 43 characters, past the worker's minimum of 32 */
  newSecret?: () => string;
}

const PREVIEW_SECRETS = ['PREVIEW_TOKEN', 'PREVIEW_SHARE_SECRET'] as const;

/**
 * `wrangler dev`'s arguments, and the preview token made up for the session (to print), if any.
 * A preview secret the user set, in .dev.vars or with `--var`, is kept; one not set anywhere is
 * made up, since the preview host refuses everyone without a token.
 */
export function wranglerDevArgs({
  port,
  config,
  persistTo,
  env,
  vars,
  devVars,
  newSecret = () => randomBytes(32).toString('base64url'),
}: DevServerOptions): { args: string[]; previewToken?: string } {
  const args = ['dev', '--ip', '127.0.0.1', '--port', String(port), '--show-interactive-dev-session=false', '--live-reload=false'];
  if (config) args.push('--config', config);
  // Always named: without it wrangler keeps its state beside the config file, and a config in
  // the build directory would start with an empty state, not the one just published to.
  args.push('--persist-to', persistTo ?? DEFAULT_PERSIST_TO);
  for (const v of vars) args.push('--var', v);
  if (env) args.push('--env', env);
  let previewToken: string | undefined;
  if (env === 'preview') {
    for (const name of PREVIEW_SECRETS) {
      if (devVar(devVars, name) !== undefined || vars.some((v) => v.startsWith(`${name}:`))) continue;
      const secret = newSecret();
      if (name === 'PREVIEW_TOKEN') previewToken = secret;
      args.push('--var', `${name}:${secret}`);
    }
  }
  return previewToken === undefined ? { args } : { args, previewToken };
}

/**
 * Gives wrangler, which reads .dev.vars from its config file's folder, the .dev.vars read from
 * the repository (its text, empty for none) when the config is elsewhere. Written readable by
 * the owner only: it holds secrets.
 */
export async function writeDevVarsBeside(config: string, devVars: string): Promise<void> {
  const file = join(dirname(config), '.dev.vars');
  // Removed first, so an older copy is neither kept nor left readable by others.
  await rm(file, { force: true });
  if (devVars !== '') await writeFile(file, devVars, { mode: 0o600 });
}

/** The exit code of `npm start` once wrangler has ended: its own, or 128 + the signal's number (1 if unknown). */
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  const number = signal ? constants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}
