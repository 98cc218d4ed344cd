/**
 * Reads a build's records from Workers KV. Every value is parsed and schema-checked (KV is
 * input too). Records other than the pointer are immutable, so they are memoised for the life
 * of the isolate; the pointer is re-read after a short TTL.
 *
 * A build is adopted only when its manifest and index read back whole: while a new publish
 * propagates through KV, readers keep the last complete build they know.
 */
import type { z } from 'zod';
import { AppManifest, BuildIndex, BuildRecord, Payload } from '../app/build-records';
import { BUILD_POINTER_TTL_MS } from '../app/constants';
import { kvKeys } from '../app/kv-keys';

/** A record that exists but is not what its key promises (bad JSON or wrong shape). */
export class CorruptRecordError extends Error {
  constructor(readonly key: string, reason: string) {
    super(`KV record ${key} is corrupt: ${reason}`);
    this.name = 'CorruptRecordError';
  }
}

export interface CompleteBuild {
  record: BuildRecord;
  manifest: AppManifest;
  index: BuildIndex;
}

async function readJson<S extends z.ZodType>(kv: KVNamespace, key: string, schema: S): Promise<z.infer<S> | null> {
  const text = await kv.get(key, 'text');
  if (text === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new CorruptRecordError(key, 'not JSON');
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new CorruptRecordError(key, parsed.error.issues[0]?.message ?? 'invalid');
  return parsed.data;
}

const MAX_MEMO_ENTRIES = 500;

/** Per-isolate memory shared by every request the isolate serves. */
export class BuildMemory {
  pointer: { build: CompleteBuild | null; readAt: number } | null = null;
  lastComplete: CompleteBuild | null = null;
  readonly immutable = new Map<string, unknown>();

  remember(key: string, value: unknown) {
    if (this.immutable.size >= MAX_MEMO_ENTRIES) {
      // Maps iterate in insertion order: dropping the oldest entry keeps this bounded.
      this.immutable.delete(this.immutable.keys().next().value!);
    }
    this.immutable.set(key, value);
  }
}

export interface BuildStoreOptions {
  kv: KVNamespace;
  memory: BuildMemory;
  pointerTtlMs?: number;
  now?: () => number;
}

export function createBuildStore({ kv, memory, pointerTtlMs = BUILD_POINTER_TTL_MS, now = Date.now }: BuildStoreOptions) {
  async function immutable<S extends z.ZodType>(key: string, schema: S): Promise<z.infer<S> | null> {
    if (memory.immutable.has(key)) return memory.immutable.get(key) as z.infer<S>;
    const value = await readJson(kv, key, schema);
    if (value !== null) memory.remember(key, value);
    return value;
  }

  const manifest = (id: string) => immutable(kvKeys.manifest(id), AppManifest);
  const index = (id: string) => immutable(kvKeys.index(id), BuildIndex);

  async function completeBuild(record: BuildRecord): Promise<CompleteBuild | null> {
    const [m, i] = await Promise.all([manifest(record.id), index(record.id)]);
    return m && i ? { record, manifest: m, index: i } : null;
  }

  /** The build to serve: the pointer's, once complete; else the last complete one seen. */
  async function current(): Promise<CompleteBuild | null> {
    const cached = memory.pointer;
    if (cached && now() - cached.readAt < pointerTtlMs) return cached.build ?? memory.lastComplete;
    const record = await readJson(kv, kvKeys.latest, BuildRecord).catch(() => null);
    const build = record ? await completeBuild(record).catch(() => null) : null;
    if (build) memory.lastComplete = build;
    memory.pointer = { build, readAt: now() };
    return build ?? memory.lastComplete;
  }

  /** The payload of a page in a build, or null when the build has no such page. */
  async function payload(build: CompleteBuild, path: string): Promise<Payload | null> {
    const hash = build.index.pages[path];
    if (!hash) return null;
    const value = await immutable(kvKeys.payload(hash), Payload);
    if (value === null) throw new CorruptRecordError(kvKeys.payload(hash), 'missing although the build lists it');
    return value;
  }

  /** A build's sitemap XML; large, so not kept in isolate memory (KV caches it at the edge). */
  const sitemap = (id: string) => kv.get(kvKeys.sitemap(id), 'text');

  return { current, manifest, payload, sitemap };
}

export type BuildStore = ReturnType<typeof createBuildStore>;
