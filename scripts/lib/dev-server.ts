/**
 * What `npm start` (scripts/start.ts) and `npm run dev` (scripts/dev.ts) hand `wrangler dev`,
 * and how they start it: the command line, the .dev.vars it reads, the local state each build
 * folder owns, a port checked before any work, "serving" said only once the server answers,
 * and the exit code to pass on. The command line is kept free of side effects, so the tests
 * read it without starting wrangler.
 */
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { rm, writeFile } from 'node:fs/promises';
import { ROOT } from './bundle';
import { fail, type OptionSpec } from './cli';
import { DEFAULT_PERSIST_TO } from './local-state';
import { devVar } from './preview-link';
import { portIsFree } from './free-port';
import { spawnWrangler, wranglerEnv } from './wrangler';

export interface DevServerOptions {
  port: number;
  /** wrangler's DevTools inspector (free-port.ts's inspectorPort()) */
  inspectorPort: number;
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
  inspectorPort,
  config,
  persistTo,
  env,
  vars,
  devVars,
  newSecret = () => randomBytes(32).toString('base64url'),
}: DevServerOptions): { args: string[]; previewToken?: string } {
  const args = ['dev', '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspectorPort)];
  args.push('--show-interactive-dev-session=false', '--live-reload=false');
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

/** How long `npm run dev` waits, after a code change, for wrangler to load the new worker before the tabs reload anyway. */
export const DEV_WORKER_RELOAD_TIMEOUT_MS = 15_000;

/** The one line a command ends with when its port is taken: before any build, so nothing is wasted. */
export const busyPortMessage = (port: number, option = '--port') =>
  `port ${port} is already in use (another npm start or npm run dev?); stop that server or choose another with ${option} N`;

/**
 * The local state (KV, D1) a build folder is served from when `--persist-to` does not say:
 * dist/'s is wrangler's default, as before; any other `--out` gets a folder of its own under
 * .wrangler/, named after it, so a second server of other content never switches the live
 * build of the first (they once shared one KV, and the last publish won both).
 */
export function stateDirFor(outDir: string): string {
  if (outDir === join(ROOT, 'dist')) return DEFAULT_PERSIST_TO;
  const name = basename(outDir).replace(/[^A-Za-z0-9._-]/g, '_') || 'out';
  return join(ROOT, '.wrangler', 'states', `${name}-${createHash('sha256').update(outDir).digest('hex').slice(0, 12)}`);
}

export interface WranglerDev {
  child: ChildProcess;
  /** resolves once the server answers HTTP (any status); rejects if wrangler exits first or `timeoutMs` passes */
  answering: Promise<void>;
}

/**
 * Starts `wrangler dev` and polls it: a server "serving on" a port it does not answer yet is a
 * promise the first request breaks. `onOutput` sees each line wrangler prints; every line but
 * those `hide` matches is passed on.
 */
export function startWranglerDev(
  args: string[],
  { port, timeoutMs = 120_000, onOutput, hide }: { port: number; timeoutMs?: number; onOutput?: (line: string) => void; hide?: RegExp },
): WranglerDev {
  const child = spawnWrangler(args, {
    env: wranglerEnv({ NODE_ENV: 'production' }),
    stdio: ['ignore', onOutput || hide ? 'pipe' : 'inherit', 'inherit'],
  });
  let partial = '';
  child.stdout?.on('data', (d: Buffer) => {
    const lines = (partial + d.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!hide?.test(line)) process.stdout.write(`${line}\n`);
      onOutput?.(line);
    }
  });
  const answering = new Promise<void>((resolve, reject) => {
    let settled = false;
    const deadline = Date.now() + timeoutMs;
    child.once('exit', (code, signal) => {
      if (!settled) reject(new Error(`wrangler dev exited (${signal ?? code}) before it answered on port ${port}`));
      settled = true;
    });
    const poll = async () => {
      while (!settled) {
        try {
          await fetch(`http://127.0.0.1:${port}/_app/health`, { signal: AbortSignal.timeout(2_000) });
          settled = true;
          resolve();
          return;
        } catch {
          if (Date.now() > deadline) {
            settled = true;
            reject(new Error(`wrangler dev did not answer on port ${port} within ${Math.round(timeoutMs / 1000)} s`));
            return;
          }
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    };
    void poll();
  });
  return { child, answering };
}

/** The options `npm start` and `npm run dev` share: what to build, where, and how to serve it. */
export const SERVE_OPTIONS = {
  content: { type: 'string', default: 'content', value: 'DIR', description: 'the content folder to build' },
  port: { type: 'string', default: '8787', value: 'N', description: 'the port to serve on (127.0.0.1)' },
  'persist-to': {
    type: 'string',
    value: 'DIR',
    description: "the local KV/D1 state (default: wrangler's for dist/, one of its own under .wrangler/states/ for another --out)",
  },
  out: { type: 'string', default: 'dist', value: 'DIR', description: 'where the build goes' },
  var: { type: 'string', multiple: true, value: 'NAME:VALUE', description: 'a variable for this server only (repeatable)' },
} as const satisfies Record<string, OptionSpec>;

/**
 * The `--port` to serve on, refused in one line when it is no port number or already taken:
 * before any work, since a build of a minute that ends in EADDRINUSE wastes the minute.
 */
export async function freeServingPort(raw: string): Promise<number> {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`--port must be a port number, not "${raw}"`);
  if (!(await portIsFree(port))) fail(busyPortMessage(port));
  return port;
}
