/**
 * What one isolate remembers of builds between requests: the pointers it read and when, the
 * live build it serves and the one before, and the immutable records (manifests, indexes,
 * payloads) within a bound. Shared by every request the isolate serves; the build store
 * (build-store.ts) reads and fills it.
 */
import type { AppManifest, BuildIndex, BuildRecord } from '../app/build-records';
import { BUILD_POINTER_TTL_MS, RECORD_MEMORY_MAX_BYTES, RECORD_MEMORY_MAX_ENTRIES } from '../app/constants';
import { kvKeys } from '../app/kv-keys';
import { BoundedLru, type LruLimits } from './bounded-lru';

export interface CompleteBuild {
  record: BuildRecord;
  manifest: AppManifest;
  index: BuildIndex;
}

/**
 * Which pointer a request follows: visitors the live build, editors on the preview host the
 * unnamed draft, or on a named draft's host (`{name}.preview.example.com`) that draft.
 */
export type BuildChannel = 'live' | 'draft' | `draft:${string}`;

/** The named draft a channel follows, or null (live, or the unnamed draft). */
export const draftNameOf = (channel: BuildChannel): string | null => (channel.startsWith('draft:') ? channel.slice('draft:'.length) : null);

/** Keys of one build's records (manifest, index, published marker), with the build id. */
const BUILD_SCOPED_KEY = /^builds\/(?:meta|index|published)\/([a-f0-9]{16})\.json$/;

/** Per-isolate memory shared by every request the isolate serves. */
export class BuildMemory {
  /** `unreadable`: the pointer could not be read or was corrupt, which is not "nothing published" */
  readonly pointers = new Map<string, { build: CompleteBuild | null; readAt: number; unreadable: boolean; otherFormat?: true }>();
  /** the last complete live build this isolate saw: served while a newer one is incomplete */
  lastComplete: CompleteBuild | null = null;
  /** the live build before lastComplete, for pages the newer one cannot read yet */
  previous: CompleteBuild | null = null;
  /** a build found to miss a payload (KV still propagating), and until when it is passed over */
  suspect: { id: string; until: number } | null = null;
  /**
   * Immutable records (manifests, indexes, payloads), least recently used first out, measured
   * in estimated heap bytes (RECORD_HEAP_BYTES_PER_JSON_CHAR): a large site's payloads and
   * build indexes would fill an isolate's 128 MB long before 500 entries.
   */
  private readonly records: BoundedLru<string, unknown>;

  constructor(limits: LruLimits = { maxEntries: RECORD_MEMORY_MAX_ENTRIES, maxBytes: RECORD_MEMORY_MAX_BYTES }) {
    this.records = new BoundedLru(limits);
  }

  /** A record kept in memory (and now the most recently used), or undefined. */
  recall(key: string): unknown {
    return this.records.get(key);
  }

  /** Keeps a record that takes about `bytes` of heap; drops the least recently used past either bound. */
  remember(key: string, value: unknown, bytes: number): void {
    this.records.set(key, value, bytes);
  }

  /**
   * The live build `current('live')` would return now, when this memory alone can tell: the
   * pointer was read within its TTL, named a complete build, and that build is already the one
   * served (not a switch, which has work to do, nor a build passed over as suspect). Undefined
   * whenever the store would read KV or change something: the caller then takes the full path.
   */
  liveFromMemory(now: number, pointerTtlMs: number = BUILD_POINTER_TTL_MS): CompleteBuild | undefined {
    const pointer = this.pointers.get(kvKeys.latest);
    if (!pointer?.build || now - pointer.readAt >= pointerTtlMs) return undefined;
    const build = pointer.build;
    if (this.lastComplete !== build) return undefined;
    if (this.suspect?.id === build.record.id && this.suspect.until > now) return undefined;
    return build;
  }

  /** What the record memory holds now, for tests and the memory check. */
  recordUsage(): { entries: number; bytes: number } {
    return this.records.usage();
  }

  /**
   * Drops the records of every build but these, and the payloads none of them lists. Called
   * when the live build changes: an isolate that lives through a publish every few minutes
   * would otherwise keep each old build's index, manifest and changed payloads until the bound
   * pushed them out (found in the soak's heap snapshots). A tab still on an old build reads
   * them from KV again, which costs a read, not a wrong answer.
   */
  forgetAllBut(builds: readonly CompleteBuild[]): void {
    const ids = new Set(builds.map((b) => b.record.id));
    const payloads = new Set(builds.flatMap((b) => Object.values(b.index.pages).map((hash) => kvKeys.payload(hash))));
    this.records.retainKeys((key) => {
      if (key.startsWith(kvKeys.payloadPrefix)) return payloads.has(key);
      const id = BUILD_SCOPED_KEY.exec(key)?.[1];
      return id === undefined || ids.has(id);
    });
  }
}
