/**
 * What `npm run builds` and `npm run rollback -- --previous` know about releases, kept in KV
 * beside the builds:
 *
 *   builds/release/{id}.json   written once, with the build's other records at its first publish
 *                              (draft or live): when, by whom, from which commit, and which pages
 *                              it adds, changes and removes against the build live then
 *   builds/log/{time}-{id}     one record per move of the live pointer (publish, rollback), written
 *                              after the pointer and never rewritten: who moved it, from which
 *                              build, and for a rollback why
 *
 * Who publishes: the CI's actor when a CI names one, else git's user.email, else $USER.
 */
import { spawnSync } from 'node:child_process';
import { z } from 'zod';
import { BuildId, BuildIndex, BuildRecord } from '../../app/build-records';
import { kvKeys } from '../../app/kv-keys';
import type { SafeParser } from '../../app/schema-of';
import { ROOT } from './bundle';
import type { KvClient, KvRecord } from './kv-cli';

export const PageChanges = z.object({
  added: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
});
export type PageChanges = z.infer<typeof PageChanges>;

export const ReleaseRecord = z.object({
  id: BuildId,
  /** the first publish, draft or live; publishing it again does not move it */
  publishedAt: z.number().int().nonnegative(),
  publishedBy: z.string(),
  commit: z.string().nullable(),
  subject: z.string().nullable(),
  /** the build live when it was first published, which `pages` compares it with (null: none) */
  against: BuildId.nullable(),
  pages: PageChanges,
});
export type ReleaseRecord = z.infer<typeof ReleaseRecord>;

/** Why a rollback was made (`--message`), as the release log keeps it. */
export const LogMessage = z
  .string()
  .trim()
  .min(1, 'say why in a few words')
  .max(500, 'at most 500 characters: the release log keeps a line, not a report');

export const LogEntry = z.object({
  at: z.number().int().nonnegative(),
  action: z.enum(['publish', 'rollback']),
  to: BuildId,
  from: BuildId.nullable(),
  by: z.string(),
  message: LogMessage.optional(),
});
export type LogEntry = z.infer<typeof LogEntry>;

/** Who and what code a publish comes from (see releaseOrigin). */
export interface ReleaseOrigin {
  by: string;
  commit: string | null;
  subject: string | null;
}

/** CI variables naming the person or account that started the run, first match wins. */
const CI_ACTORS = ['GITHUB_ACTOR', 'GITLAB_USER_LOGIN', 'BITBUCKET_STEP_TRIGGERER_UUID', 'BUILDKITE_BUILD_CREATOR', 'CIRCLE_USERNAME'];

const git = (args: string[]): string | null => {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8', timeout: 10_000 });
  return result.status === 0 ? result.stdout.trim() || null : null;
};

/** Who is publishing, by the order above; pure over the environment and git's answer. */
export function publisher(env: NodeJS.ProcessEnv, gitEmail: () => string | null): string {
  for (const name of CI_ACTORS) {
    const actor = env[name]?.trim();
    if (actor) return `${actor} (${name})`;
  }
  return gitEmail() ?? env.USER?.trim() ?? 'unknown';
}

let origin: ReleaseOrigin | null = null;

/** The publisher and the checked-out commit, asked of git once per process. */
export function releaseOrigin(env: NodeJS.ProcessEnv = process.env): ReleaseOrigin {
  if (origin) return origin;
  const head = git(['log', '-1', '--format=%H%x00%s']);
  const [commit = null, subject = null] = head ? head.split('\0') : [];
  origin = { by: publisher(env, () => git(['config', 'user.email'])), commit, subject };
  return origin;
}

/** Pages a build adds, changes (another payload) and removes against an earlier one. */
export function pageChanges(before: BuildIndex['pages'] | null, after: BuildIndex['pages']): PageChanges {
  const old = new Map(Object.entries(before ?? {}));
  let added = 0;
  let changed = 0;
  for (const [path, hash] of Object.entries(after)) {
    if (!old.has(path)) added++;
    else if (old.get(path) !== hash) changed++;
  }
  const removed = [...old.keys()].filter((path) => !Object.hasOwn(after, path)).length;
  return { added, changed, removed };
}

export function parseJson<T>(schema: SafeParser<T>, text: string | null | undefined): T | null {
  if (!text) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Appends one move of the live pointer to the log. */
export async function appendLog(kv: KvClient, entry: LogEntry): Promise<void> {
  await kv.putMany([{ key: kvKeys.releaseLog(entry.at, entry.to), value: JSON.stringify(entry) }]);
}

/** The log, oldest first. */
export async function readLog(kv: KvClient): Promise<LogEntry[]> {
  const keys = (await kv.list(kvKeys.releaseLogPrefix)).sort();
  const values = await kv.getMany(keys);
  return keys.map((key) => parseJson(LogEntry, values.get(key))).filter((e): e is LogEntry => e !== null);
}

/**
 * The build live before `live`: where the newest move onto `live` came from. Null with a reason
 * when the log cannot say.
 */
export function previousLive(log: readonly LogEntry[], live: string | null): { id: string } | { reason: string } {
  if (!live) return { reason: 'nothing is live' };
  const move = log.findLast((entry) => entry.to === live);
  if (!move) return { reason: `the release log has no record of build ${live} going live (published before the log existed?)` };
  if (!move.from) return { reason: `build ${live} was the first live build: nothing was live before it` };
  return { id: move.from };
}

/**
 * The release record of a build's first publish, compared with the build live now; null when
 * the build has one already (published before, as a draft or live), which is never rewritten.
 */
export async function newReleaseRecord(
  kv: KvClient,
  id: string,
  records: readonly KvRecord[],
  at: number,
  origin: ReleaseOrigin,
): Promise<KvRecord | null> {
  const read = await kv.getMany([kvKeys.release(id), kvKeys.latest]);
  if (read.get(kvKeys.release(id))) return null;
  const live = parseJson(BuildRecord, read.get(kvKeys.latest))?.id ?? null;
  const liveIndex = live ? parseJson(BuildIndex, (await kv.getMany([kvKeys.index(live)])).get(kvKeys.index(live))) : null;
  const index = parseJson(BuildIndex, records.find((r) => r.key === kvKeys.index(id))?.value);
  const record: ReleaseRecord = {
    id,
    publishedAt: at,
    publishedBy: origin.by,
    commit: origin.commit,
    subject: origin.subject,
    against: liveIndex ? live : null,
    pages: pageChanges(liveIndex?.pages ?? null, index?.pages ?? {}),
  };
  return { key: kvKeys.release(id), value: JSON.stringify(record) };
}
