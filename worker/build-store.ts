/**
 * Reads a build's records from Workers KV. Every value is parsed and schema-checked (KV is
 * input too). Records other than the pointer are immutable, so they are memoised for the life
 * of the isolate; the pointer is re-read after a short TTL.
 *
 * A build is adopted only when its manifest and index read back whole: while a new publish
 * propagates through KV, readers keep the last complete build they know.
 */
import type { z } from 'zod';
import { AppManifest, BuildIndex, BuildRecord, Payload, RECORDS_FORMAT } from '../app/build-records';
import { BUILD_POINTER_TTL_MS, KV_READ_TIMEOUT_MS, RECORD_HEAP_BYTES_PER_JSON_CHAR } from '../app/constants';
import { kvKeys } from '../app/kv-keys';
import type { UnavailableCause } from '../app/view';
import { draftNameOf, type BuildChannel, type BuildMemory, type CompleteBuild } from './build-memory';
import { KvUnavailableError, parseRecord, readJson, readText, type KvReader } from './kv-records';

export interface BuildStoreOptions {
  kv: KvReader;
  memory: BuildMemory;
  pointerTtlMs?: number;
  kvTimeoutMs?: number;
  now?: () => number;
  /** told about every record that could not be read or was corrupt, even when the request goes on */
  onFault?: (key: string, error: Error) => void;
  /**
   * Keeps the request alive for work its response need not wait for (sharing a newly adopted
   * build with other isolates through the Cache API). Without it that work is awaited.
   */
  waitUntil?: (work: Promise<unknown>) => void;
}

/** How long a build found missing a payload is passed over before the worker tries it again. */
const SUSPECT_BUILD_MS = 10_000;

/** Where isolates share the last complete live build, for a new isolate while the pointer is unreadable. */
const LAST_COMPLETE_KEY = 'https://edge-cache.invalid/_builds/last-complete';
const LAST_COMPLETE_CACHE = 'builds';

async function rememberAcrossIsolates(record: BuildRecord): Promise<void> {
  const cache = await caches.open(LAST_COMPLETE_CACHE);
  await cache.put(LAST_COMPLETE_KEY, new Response(JSON.stringify(record), { headers: { 'Cache-Control': 'public, max-age=604800' } }));
}

async function recallFromOtherIsolates(): Promise<BuildRecord | null> {
  const hit = await (await caches.open(LAST_COMPLETE_CACHE)).match(LAST_COMPLETE_KEY);
  if (!hit) return null;
  const parsed = BuildRecord.safeParse(await hit.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

/**
 * The layouts of build records this code reads (app/build-records.ts RECORDS_FORMAT). An index
 * without `code` was written before formats were recorded: format 1.
 */
export const READABLE_RECORDS_FORMATS: readonly number[] = [RECORDS_FORMAT];
const formatOf = (build: CompleteBuild) => build.index.code?.recordsFormat ?? 1;
const readable = (build: CompleteBuild) => READABLE_RECORDS_FORMATS.includes(formatOf(build));
const unreadableReason = (build: CompleteBuild) =>
  `build ${build.record.id} has records format ${formatOf(build)}; this worker reads ${READABLE_RECORDS_FORMATS.join(', ')}`;

/** The content hash of a page's payload in a build, or undefined when the build has no such page. */
export function payloadHash(build: CompleteBuild, path: string): string | undefined {
  return Object.hasOwn(build.index.pages, path) ? build.index.pages[path] : undefined;
}

export function createBuildStore({
  kv,
  memory,
  pointerTtlMs = BUILD_POINTER_TTL_MS,
  kvTimeoutMs = KV_READ_TIMEOUT_MS,
  now = Date.now,
  onFault = () => {},
  waitUntil,
}: BuildStoreOptions) {
  async function immutable<S extends z.ZodType>(key: string, schema: S): Promise<z.infer<S> | null> {
    const kept = memory.recall(key);
    if (kept !== undefined) return kept as z.infer<S>;
    const text = await readText(kv, key, kvTimeoutMs);
    if (text === null) return null;
    const value = parseRecord(key, text, schema);
    memory.remember(key, value, text.length * RECORD_HEAP_BYTES_PER_JSON_CHAR);
    return value;
  }

  const manifest = (id: string) => immutable(kvKeys.manifest(id), AppManifest);
  /**
   * Whether a build has ever been live (its published marker). Once written a marker stays, so
   * a yes is kept in isolate memory; a no is asked again, since the build may go live later.
   */
  const wasPublished = async (id: string) => (await immutable(kvKeys.published(id), BuildRecord)) !== null;
  const index = (id: string) => immutable(kvKeys.index(id), BuildIndex);

  async function completeBuild(record: BuildRecord): Promise<CompleteBuild | null> {
    const [m, i] = await Promise.all([manifest(record.id), index(record.id)]);
    return m && i ? { record, manifest: m, index: i } : null;
  }

  /** The newest live build in a records format this worker reads, for an isolate that knows none. */
  async function newestReadable(): Promise<CompleteBuild | null> {
    for (const format of [...READABLE_RECORDS_FORMATS].reverse()) {
      const record = await readJson(kv, kvKeys.latestOfFormat(format), BuildRecord, kvTimeoutMs).catch(() => null);
      const build = record ? await completeBuild(record).catch(() => null) : null;
      if (build && readable(build)) return build;
    }
    return null;
  }

  /** The complete build a pointer names, or null (missing, unreadable, or not complete yet). */
  async function pointed(key: string): Promise<CompleteBuild | null> {
    const cached = memory.pointers.get(key);
    if (cached && now() - cached.readAt < pointerTtlMs) return cached.build;
    // A missing, corrupt or unreadable pointer all mean the same here: no new build to adopt.
    let unreadable = false;
    const fault = (err: Error) => {
      unreadable = true;
      onFault(key, err);
      return null;
    };
    const record = await readJson(kv, key, BuildRecord, kvTimeoutMs).catch(fault);
    let build = record ? await completeBuild(record).catch(fault) : null;
    if (record && !build && !unreadable) onFault(key, new Error(`build ${record.id} is not complete in KV yet`));
    let otherFormat = false;
    if (build && !readable(build)) {
      // Made by newer (or much older) code: serving it could misread it, so it is passed over
      // like a build still being written, and the last readable one is served.
      onFault(key, new Error(unreadableReason(build)));
      build = null;
      otherFormat = true;
    }
    memory.pointers.set(key, { build, readAt: now(), unreadable, ...(otherFormat ? { otherFormat: true as const } : {}) });
    return build;
  }

  /**
   * The build to serve: the live pointer's once complete, else the last complete one seen.
   * The draft channel serves the draft when there is one, else the live build; a named draft's
   * channel serves that draft or nothing (currentBuild says there is no such draft).
   */
  async function current(channel: BuildChannel = 'live'): Promise<CompleteBuild | null> {
    const named = draftNameOf(channel);
    if (named !== null) return pointed(kvKeys.namedDraft(named));
    if (channel === 'draft') {
      const draft = await pointed(kvKeys.draft);
      if (draft) return draft;
    }
    const live = await pointed(kvKeys.latest);
    if (live && memory.suspect?.id === live.record.id && memory.suspect.until > now() && memory.previous) return memory.previous;
    if (live) {
      if (memory.lastComplete?.record.id !== live.record.id) {
        if (memory.lastComplete) memory.previous = memory.lastComplete;
        const drafts = [...memory.pointers].flatMap(([key, p]) => (key !== kvKeys.latest && p.build ? [p.build] : []));
        memory.forgetAllBut([live, ...(memory.previous ? [memory.previous] : []), ...drafts]);
        // Off the response's path: it is the first request of every isolate and of every publish.
        const shared = rememberAcrossIsolates(live.record).catch(() => undefined);
        if (waitUntil) waitUntil(shared);
        else await shared;
      }
      memory.lastComplete = live;
      return live;
    }
    if (memory.lastComplete) return memory.lastComplete;
    // A new isolate while the pointer is unreadable: the build other isolates last served, else
    // the newest live build in a format this code reads (the pointer may name a newer format).
    const shared = await recallFromOtherIsolates().catch(() => null);
    const recalled = shared ? await completeBuild(shared).catch(() => null) : null;
    const otherFormat = memory.pointers.get(kvKeys.latest)?.otherFormat === true;
    const fallback = recalled && readable(recalled) ? recalled : otherFormat ? await newestReadable() : null;
    if (fallback) memory.lastComplete = fallback;
    return fallback;
  }

  /**
   * Why current() found no build: the live pointer is missing or names a build still being
   * written ('not-published'), or KV could not be read or held a corrupt pointer ('unavailable').
   */
  const noBuildCause = (): UnavailableCause => (memory.pointers.get(kvKeys.latest)?.unreadable ? 'unavailable' : 'not-published');

  /** The payload of a page in a build, or null when the build has no such page. */
  async function payload(build: CompleteBuild, path: string): Promise<Payload | null> {
    return (await pagePayload(build, path))?.payload ?? null;
  }

  /**
   * A page's payload and the build it comes from. A payload the build lists but KV does not
   * have yet means the build is still propagating: the page comes from the previous complete
   * build, and the newer one is passed over for a while; with no such build, KV is treated as
   * unavailable (503), never as a bug.
   */
  async function pagePayload(build: CompleteBuild, path: string): Promise<{ build: CompleteBuild; payload: Payload } | null> {
    const hash = payloadHash(build, path);
    if (!hash) return null;
    const key = kvKeys.payload(hash);
    const value = await immutable(key, Payload);
    if (value !== null) return { build, payload: value };
    onFault(key, new Error(`payload listed by build ${build.record.id} is not in KV (yet)`));
    const previous = memory.previous;
    if (previous && previous.record.id !== build.record.id) {
      memory.suspect = { id: build.record.id, until: now() + SUSPECT_BUILD_MS };
      return pagePayload(previous, path);
    }
    throw new KvUnavailableError(key, `not in KV although build ${build.record.id} lists it`);
  }

  /** A build's sitemap XML; large, so not kept in isolate memory (KV caches it at the edge). */
  const sitemap = (id: string) => readText(kv, kvKeys.sitemap(id), kvTimeoutMs);

  /**
   * A hashed client file an earlier deployment's pages load (`/_app/…`), archived by publish;
   * large and rarely asked for (browsers keep it for good), so not kept in isolate memory.
   */
  const clientFile = (urlPath: string) => readText(kv, kvKeys.clientFile(urlPath), kvTimeoutMs);

  /** Reads the live build afresh, bypassing memory: for the health check. */
  async function check(): Promise<
    { ok: true; id: string; build: CompleteBuild } | { ok: false; id: string | null; reason: string; unreadable?: true }
  > {
    const record = await readJson(kv, kvKeys.latest, BuildRecord, kvTimeoutMs);
    if (!record) return { ok: false, id: null, reason: 'nothing published' };
    const [m, i] = await Promise.all([
      readJson(kv, kvKeys.manifest(record.id), AppManifest, kvTimeoutMs),
      readJson(kv, kvKeys.index(record.id), BuildIndex, kvTimeoutMs),
    ]);
    if (!m) return { ok: false, id: record.id, reason: 'manifest missing' };
    if (!i) return { ok: false, id: record.id, reason: 'index missing' };
    const build = { record, manifest: m, index: i };
    if (!readable(build)) return { ok: false, id: record.id, reason: unreadableReason(build), unreadable: true };
    return { ok: true, id: record.id, build };
  }

  return { current, noBuildCause, manifest, wasPublished, payload, pagePayload, sitemap, clientFile, check };
}

export type BuildStore = ReturnType<typeof createBuildStore>;
