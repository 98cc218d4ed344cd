/**
 * Publishing a build to Workers KV so that readers only ever see complete builds:
 *
 *   lock        builds/publish-lock.json, with an expiry: one publish at a time
 *   no-op?      the pointer already names this build: nothing to write but its published
 *               records below, again (a publish that died after the pointer has none yet)
 *   files       the build's hashed client files (assets/_app/…), only those KV does not have
 *               yet: pages of this build keep them after a later code deploy (worker/routes/client-files.ts)
 *   payloads    only those KV does not have yet (content-addressed: unchanged pages are reused),
 *               each with its first publish time as KV metadata
 *   search      the locales' search indexes KV does not have yet (content-addressed, like payloads)
 *   records     index, sitemap and manifest (a reader adopts a build once manifest and index read back);
 *               the sitemap gets each URL's <lastmod> here, from that metadata; at a build's first
 *               publish also its release record (scripts/lib/release.ts)
 *   check       the pointer still names the build this publish started from, else stop
 *   pointer     builds/latest.json (or builds/draft.json), last and alone
 *   published   builds/latest-format/{n}.json and builds/published/{id}.json after a live
 *               pointer: the newest live build of its records format, and the build's manifest
 *               may now be served on the live host (a draft's never is); then the move is
 *               appended to the release log
 *
 * A publish that dies before the pointer leaves the pointer on the previous complete build; one
 * that dies after it leaves its build live but perhaps not marked so. Either way running it
 * again finishes it. Records are never rewritten in place.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { hostname, userInfo } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { BuildRecord } from '../../app/build-records';
import { kvKeys } from '../../app/kv-keys';
import type { SafeParser } from '../../app/schema-of';
import { codeOfBuild, recordsFormatOf } from './code-version';
import { draftPointerKey, type DraftMetadata } from './drafts';
import type { KvClient, KvRecord } from './kv-cli';
import { appendLog, newReleaseRecord, releaseOrigin, type ReleaseOrigin } from './release';
import { SitemapSource, sitemapXml } from './sitemap';

export const PUBLISH_LOCK_TTL_MS = 10 * 60_000;

const KvRecords = z.array(z.object({ key: z.string().min(1), value: z.string() }));
/** `what`: the build a publish writes, or the operation (rollback, gc) holding the lock. */
const Lock = z.object({ owner: z.string(), what: z.string().optional(), expires: z.number() });

export class PublishError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PublishError';
  }
}

export interface BuildFiles {
  records: KvRecord[];
  pointer: KvRecord;
  id: string;
  /** the sitemap's URLs and payload hashes (dist/kv/sitemap.json) */
  sitemap: SitemapSource;
}

export async function readBuildFiles(distDir: string): Promise<BuildFiles> {
  // A missing or foreign dist/ is the usual first mistake: one line saying what to run.
  const text = (file: string) =>
    readFile(join(distDir, 'kv', file), 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT' && err.code !== 'ENOTDIR') throw err;
      throw new PublishError(`there is no build in ${distDir} (no kv/${file}): run \`npm run build\` first`);
    });
  const parsed = async <T>(file: string, schema: SafeParser<T>): Promise<T> => {
    const result = schema.safeParse(safeJson(await text(file)));
    if (!result.success) throw new PublishError(`${distDir}/kv/${file} is not a build this code reads: run \`npm run build\` again`);
    return result.data;
  };
  const records = await parsed('records.json', KvRecords);
  const [pointer] = await parsed('pointer.json', KvRecords);
  if (!pointer) throw new PublishError(`${distDir}/kv/pointer.json is empty: build first`);
  const sitemap = await parsed('sitemap.json', SitemapSource);
  return { records, pointer, id: BuildRecord.parse(JSON.parse(pointer.value)).id, sitemap };
}

export interface PublishOptions {
  /** publish as the editors' draft (builds/draft.json) instead of the live build */
  draft?: boolean;
  /** with draft: the named draft (builds/drafts/{name}.json, app/drafts.ts), not the unnamed one */
  draftName?: string | null;
  log?: (line: string) => void;
  now?: () => number;
  /** who publishes, from which commit (default: releaseOrigin(), from CI, git and $USER) */
  origin?: ReleaseOrigin;
}

export interface PublishResult {
  id: string;
  /** records written, the pointer included; 0 when the build was already published (marking it live again is not counted) */
  written: number;
  reused: number;
  alreadyPublished: boolean;
}

export function parsePointer(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return BuildRecord.parse(JSON.parse(value)).id;
  } catch {
    return null;
  }
}

/** The lock as this run took it, and the pointer's build id as read then. */
export interface HeldLock {
  owner: string;
  what: string;
  from: string | null;
}

const lockIn = (value: string | null | undefined) => Lock.safeParse(safeJson(value ?? ''));

/**
 * Takes the publish lock, or stops when another publish holds it. A lock held for the same
 * build is taken over: that is the same publish run again after it was killed, and
 * publishing is idempotent. KV has no compare-and-set, so the lock is best effort; the
 * pointer check before the last write is what guarantees no publish overwrites a build it
 * did not start from, and lockStillHeld that a run outlived by its lock changes nothing more.
 */
export async function acquireLock(kv: KvClient, what: string, pointerKey: string, now: () => number = Date.now): Promise<HeldLock> {
  const read = await kv.getMany([kvKeys.publishLock, pointerKey]);
  const lock = lockIn(read.get(kvKeys.publishLock));
  if (lock.success && lock.data.expires > now() && lock.data.what !== what) {
    throw new PublishError(
      `another publish (${lock.data.what ?? 'unknown'} by ${lock.data.owner}) holds the lock until ${new Date(lock.data.expires).toISOString()}; nothing was written`,
    );
  }
  const owner = newOwner();
  await kv.putMany([{ key: kvKeys.publishLock, value: JSON.stringify({ owner, what, expires: now() + PUBLISH_LOCK_TTL_MS }) }]);
  return { owner, what, from: parsePointer(read.get(pointerKey)) };
}

/**
 * Before the write that decides (a pointer, gc's deletions): stops unless this run still holds
 * the lock. A run that outlives PUBLISH_LOCK_TTL_MS may have had it taken over, by a gc that
 * removes what no kept build names yet (this publish's payloads) or by another publish; going
 * on would point readers at records that are gone, or undo the other run's work.
 */
export async function lockStillHeld(kv: KvClient, held: HeldLock, stopping: string): Promise<void> {
  const lock = lockIn((await kv.getMany([kvKeys.publishLock])).get(kvKeys.publishLock));
  if (lock.success && lock.data.owner === held.owner) return;
  const by = lock.success ? `${lock.data.what ?? 'unknown'} by ${lock.data.owner}` : 'nobody';
  throw new PublishError(
    `the publish lock of this ${held.what} expired after ${PUBLISH_LOCK_TTL_MS / 60_000} min and is now held by ${by}; ${stopping}: run it again`,
  );
}

/** Removes the lock if this run still holds it; one taken over since belongs to another run. */
export async function releaseLock(kv: KvClient, held: HeldLock, log: (line: string) => void): Promise<void> {
  try {
    const lock = lockIn((await kv.getMany([kvKeys.publishLock])).get(kvKeys.publishLock));
    if (lock.success && lock.data.owner !== held.owner) return;
    await kv.deleteMany([kvKeys.publishLock]);
  } catch {
    log('warning: could not release the publish lock; it expires by itself');
  }
}

const BEFORE_POINTER = 'the pointer was not written';

/** Writes records, naming the first key of the batch when KV or wrangler fails, and what that leaves. */
async function write(kv: KvClient, records: KvRecord[], what: string, leaves: string = BEFORE_POINTER): Promise<void> {
  if (records.length === 0) return;
  try {
    await kv.putMany(records);
  } catch (err) {
    throw new PublishError(
      `writing ${what} failed at ${records[0]!.key} (${records.length} records): ${(err as Error).message}; ${leaves}`,
    );
  }
}

/** What a failure to mark a build live leaves: a rerun finds the pointer on it, and marks it. */
const afterPointer = (id: string) =>
  `the pointer was written, so build ${id} is live, but marking it live failed: running the same command again finishes it`;

/**
 * Records that a build has been live. Written after the pointer, so a build that never went
 * live is never marked. Until it is, the live host serves the build's manifest only while it is
 * the live build, and gc does not count it as having been live, so it may remove the build
 * while its pages are still open.
 */
export async function markPublished(kv: KvClient, id: string, at: number): Promise<void> {
  await write(kv, [{ key: kvKeys.published(id), value: JSON.stringify({ id, timestamp: at }) }], 'the published marker', afterPointer(id));
}

/**
 * What follows a live pointer, for publish and rollback alike: the pointer's value as the newest
 * live build of its records format (what a worker that cannot read a newer format serves), then
 * the published marker.
 */
export async function markLive(kv: KvClient, pointer: BuildRecord, recordsFormat: number, at: number): Promise<void> {
  await write(
    kv,
    [{ key: kvKeys.latestOfFormat(recordsFormat), value: JSON.stringify(pointer) }],
    'the latest build of its format',
    afterPointer(pointer.id),
  );
  await markPublished(kv, pointer.id, at);
}

const markBuildLive = (kv: KvClient, files: BuildFiles, at: number) =>
  markLive(kv, BuildRecord.parse(JSON.parse(files.pointer.value)), recordsFormatOf(codeOfBuild(files.records, files.id)), at);

/**
 * A payload record's KV metadata: when its hash was first published, which is a sitemap
 * `<lastmod>` (docs/behaviour.md#111-sitemap).
 *
 * Why here, on the payload record: a payload is content-addressed and written only by the
 * first publish that lacks it, never rewritten, so the time it was written is the time that
 * page content was first published; an unchanged page keeps its hash, and so its lastmod, across
 * any number of builds. The publish already lists the payload keys to skip those KV has, and
 * KV lists metadata with the keys, so lastmods cost no extra reads and no extra records. Not
 * in the build: the build knows no history and its id must not depend on the clock. A draft
 * publish counts, since its payloads are in KV from then on. A payload written before this
 * metadata existed has no known time, and its URL no `<lastmod>`.
 */
const PayloadMetadata = z.object({ firstPublished: z.number().int().nonnegative() });

/** payload key -> first publish time (ms), for the payloads whose metadata says. */
function firstPublishedTimes(listed: Map<string, unknown>): Map<string, number> {
  const times = new Map<string, number>();
  for (const [key, metadata] of listed) {
    const parsed = PayloadMetadata.safeParse(metadata);
    if (parsed.success) times.set(key, parsed.data.firstPublished);
  }
  return times;
}

const draftMetadata = (at: number): DraftMetadata => ({ publishedAt: at, publishedBy: `${userInfo().username}@${hostname()}` });

const newOwner = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function publishBuild(
  kv: KvClient,
  files: BuildFiles,
  { draft = false, draftName = null, log = () => {}, now = Date.now, origin }: PublishOptions = {},
): Promise<PublishResult> {
  const pointerKey = draft ? draftPointerKey(draftName) : kvKeys.latest;
  const held = await acquireLock(kv, `build ${files.id}`, pointerKey, now);
  const { from } = held;
  try {
    if (from === files.id) {
      // This may be the same publish run again after it died between the pointer and the marker,
      // without which gc does not count the build as having been live: finish it before saying so.
      if (!draft) await markBuildLive(kv, files, now());
      // A draft published again is in use again: its time is renewed, so gc does not expire it.
      else await write(kv, [{ key: pointerKey, value: files.pointer.value, metadata: draftMetadata(now()) }], 'the pointer');
      log(
        `build ${files.id} is already the ${draft ? 'draft' : 'live'} build; ${draft ? 'its publish time renewed' : 'marked live again'}`,
      );
      return { id: files.id, written: 0, reused: files.records.length, alreadyPublished: true };
    }

    const publishedAt = now();
    const existing = await kv.listWithMetadata(kvKeys.payloadPrefix);
    const firstPublished = firstPublishedTimes(existing);
    const payloads = files.records.filter((r) => r.key.startsWith(kvKeys.payloadPrefix));
    const newPayloads = payloads
      .filter((r) => !existing.has(r.key))
      .map((r) => ({ ...r, metadata: { firstPublished: publishedAt } satisfies z.infer<typeof PayloadMetadata> }));
    for (const r of newPayloads) firstPublished.set(r.key, publishedAt);
    const existingFiles = new Set(await kv.list(kvKeys.clientFilePrefix));
    const clientFiles = files.records.filter((r) => r.key.startsWith(kvKeys.clientFilePrefix));
    const newClientFiles = clientFiles.filter((r) => !existingFiles.has(r.key));
    // Search records are content-addressed too: only those KV does not have yet, before the index names them.
    const existingSearch = new Set(await kv.list(kvKeys.searchPrefix));
    const searchRecords = files.records.filter((r) => r.key.startsWith(kvKeys.searchPrefix));
    const newSearch = searchRecords.filter((r) => !existingSearch.has(r.key));
    const manifest = files.records.filter((r) => r.key.startsWith(kvKeys.manifestPrefix));
    // The sitemap as built has no <lastmod>; this one has each URL's (firstPublishedTimes).
    const sitemap = { key: files.sitemap.key, value: sitemapXml(files.sitemap.urls, (hash) => firstPublished.get(kvKeys.payload(hash))) };
    const rest = files.records
      .filter(
        (r) =>
          ![kvKeys.payloadPrefix, kvKeys.manifestPrefix, kvKeys.clientFilePrefix, kvKeys.searchPrefix].some((prefix) =>
            r.key.startsWith(prefix),
          ),
      )
      .map((r) => (r.key === sitemap.key ? sitemap : r));

    await write(kv, newClientFiles, 'client files');
    log(`client files: ${newClientFiles.length} written, ${clientFiles.length - newClientFiles.length} already in KV`);
    await write(kv, newPayloads, 'payloads');
    log(`payloads: ${newPayloads.length} written, ${payloads.length - newPayloads.length} already in KV`);
    await write(kv, newSearch, 'search indexes');
    log(`search indexes: ${newSearch.length} written, ${searchRecords.length - newSearch.length} already in KV`);
    // Index, sitemap and manifest together: a reader adopts the build only once both the
    // manifest and the index read back, and every payload is there by now.
    const by = origin ?? releaseOrigin();
    const release = await newReleaseRecord(kv, files.id, files.records, publishedAt, by);
    rest.push(...(release ? [release] : []));
    await write(kv, [...rest, ...manifest], 'build records');
    log(`build records: ${rest.length + manifest.length} written`);

    await lockStillHeld(kv, held, 'the pointer was not written');
    const stillFrom = parsePointer((await kv.getMany([pointerKey])).get(pointerKey));
    if (stillFrom !== from) {
      throw new PublishError(
        `the ${draft ? 'draft' : 'live'} build changed from ${from ?? 'none'} to ${stillFrom ?? 'none'} during this publish; the pointer was not written`,
      );
    }
    // A draft's pointer says when and by whom (npm run drafts; gc's expiry of unused drafts).
    const metadata = draft ? { metadata: draftMetadata(now()) } : {};
    await write(kv, [{ key: pointerKey, value: files.pointer.value, ...metadata }], 'the pointer');
    log(`${pointerKey} -> ${files.id}`);
    if (!draft) await markBuildLive(kv, files, now());
    if (!draft)
      await appendLog(kv, { at: now(), action: 'publish', to: files.id, from, by: by.by }).catch(() =>
        log('warning: the build is live, but its move was not added to the release log (npm run rollback -- --previous will not know it)'),
      );
    const written = newClientFiles.length + newPayloads.length + newSearch.length + rest.length + manifest.length + (draft ? 1 : 4);
    return {
      id: files.id,
      written,
      reused: payloads.length - newPayloads.length + clientFiles.length - newClientFiles.length + searchRecords.length - newSearch.length,
      alreadyPublished: false,
    };
  } finally {
    await releaseLock(kv, held, log);
  }
}
