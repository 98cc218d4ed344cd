/**
 * What `npm run preview` leaves for `npm run preview-link` on this machine: the share secret,
 * kept in .dev.vars (made on the first run, with a note), and where the preview host runs,
 * recorded in the local state it serves, so a link names the port that actually runs.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_PERSIST_TO } from './local-state';
import { LOCAL_PREVIEW_ORIGIN, devVar } from './preview-link';

/** The lines `npm run preview` adds to .dev.vars when it makes the share secret. */
export const SHARE_SECRET_NOTE = [
  '# PREVIEW_SHARE_SECRET: made by `npm run preview` on its first run, the key of share links;',
  '# `npm run preview-link` signs with it. Change it to revoke every link made with it (32+ characters).',
];

const newSecret = () => randomBytes(32).toString('base64url');

/**
 * The text of .dev.vars at `file` with a PREVIEW_SHARE_SECRET in it: the one it has, else a new
 * one appended with a note (the file made if missing, readable by its owner only). `made` says
 * whether this run wrote it.
 */
export async function keepShareSecret(file: string, make: () => string = newSecret): Promise<{ devVars: string; made: boolean }> {
  const current = await readFile(file, 'utf8').catch(() => '');
  if (devVar(current, 'PREVIEW_SHARE_SECRET') !== undefined) return { devVars: current, made: false };
  const separator = current === '' || current.endsWith('\n') ? '' : '\n';
  const devVars = `${current}${separator}${[...SHARE_SECRET_NOTE, `PREVIEW_SHARE_SECRET="${make()}"`].join('\n')}\n`;
  await writeFile(file, devVars, { mode: 0o600 });
  await chmod(file, 0o600);
  return { devVars, made: true };
}

const ServerRecord = z.object({ port: z.number().int().min(1).max(65535), pid: z.number().int().positive() });

/** The file, in the local state a preview server serves, that says where it runs. */
export const previewServerFile = (persistTo: string | undefined) => join(persistTo ?? DEFAULT_PERSIST_TO, 'preview-server.json');

/** Records that this process serves the preview host of `persistTo`'s state on `port`. */
export async function recordPreviewServer(persistTo: string | undefined, port: number, pid: number = process.pid): Promise<void> {
  const file = previewServerFile(persistTo);
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, JSON.stringify({ port, pid } satisfies z.infer<typeof ServerRecord>));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The origin of the `npm run preview` running over `persistTo`'s state, and a note when none
 * runs (then the default port's, 8788).
 */
export async function localPreviewOrigin(
  persistTo: string | undefined,
  running: (pid: number) => boolean = isRunning,
): Promise<{ origin: string; note?: string }> {
  const text = await readFile(previewServerFile(persistTo), 'utf8').catch(() => null);
  const record = text === null ? null : ServerRecord.safeParse(JSON.parse(text));
  if (record?.success && running(record.data.pid)) return { origin: `http://127.0.0.1:${record.data.port}` };
  return { origin: LOCAL_PREVIEW_ORIGIN, note: `no npm run preview is running: the link is for ${LOCAL_PREVIEW_ORIGIN}, its default` };
}

export interface LocalPreviewOptions {
  root: string;
  env: string | undefined;
  port: number;
  persistTo: string | undefined;
  /** a build outside dist/ (a test's, a one-off): its secrets stay the session's, nothing is kept */
  ownBuild: boolean;
  /** `--var NAME:VALUE`s given */
  vars: readonly string[];
  log: (line: string) => void;
}

/**
 * For `npm start` / `npm run preview`: the .dev.vars text wrangler is to read. In the preview
 * environment, serving the repository's build, a share secret set nowhere is made and kept in
 * .dev.vars (not made up for the session, which no other command could know), and where the
 * server runs is recorded for `npm run preview-link`.
 */
export async function localPreviewDevVars({ root, env, port, persistTo, ownBuild, vars, log }: LocalPreviewOptions): Promise<string> {
  const file = join(root, '.dev.vars');
  if (env !== 'preview' || ownBuild) return readFile(file, 'utf8').catch(() => '');
  await recordPreviewServer(persistTo, port);
  if (vars.some((v) => v.startsWith('PREVIEW_SHARE_SECRET:'))) return readFile(file, 'utf8').catch(() => '');
  const { devVars, made } = await keepShareSecret(file);
  if (made) log('made PREVIEW_SHARE_SECRET and kept it in .dev.vars, where npm run preview-link reads it');
  return devVars;
}
