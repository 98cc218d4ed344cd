/**
 * The search records this isolate has read, decoded, by their KV key: each locale's dictionary
 * and the term and page-text records queries needed (app/search/store.ts). Records are
 * content-addressed, so one read for one build serves every build that lists the same hash (a
 * publish that left a locale's pages alone), and none ever goes stale. Bounded like everything
 * an isolate keeps; two requests for a record not read yet share one read.
 */
import { KV_READ_TIMEOUT_MS, SEARCH_INDEX_MEMORY_MAX_BYTES, SEARCH_INDEX_MEMORY_MAX_ENTRIES } from '../../app/constants';
import { openSearchIndex, type SearchIndex, type SearchSource } from '../../app/search/store';
import { BoundedLru } from '../bounded-lru';
import type { CompleteBuild } from '../build-memory';
import { parseRecord, readText, type KvReader } from '../kv-records';

const kept = new BoundedLru<string, unknown>({
  maxEntries: SEARCH_INDEX_MEMORY_MAX_ENTRIES,
  maxBytes: SEARCH_INDEX_MEMORY_MAX_BYTES,
});
const pending = new Map<string, Promise<unknown>>();

/** What this isolate keeps, for tests and the memory check. */
export const searchMemoryUsage = () => kept.usage();

function sourceOf(kv: KvReader): SearchSource {
  return {
    kept,
    pending,
    async read(key, schema) {
      const text = await readText(kv, key, KV_READ_TIMEOUT_MS);
      return text === null ? null : parseRecord(key, text, schema);
    },
  };
}

/**
 * A locale's index in a build, or null when the build has none (made before search existed)
 * or KV does not have it (yet). Throws as the build store does when KV cannot be read or a
 * record is corrupt.
 */
export async function searchIndexOf(kv: KvReader, build: CompleteBuild, localeCode: string): Promise<SearchIndex | null> {
  const hashes = build.index.search;
  if (!hashes || !Object.hasOwn(hashes, localeCode)) return null;
  return openSearchIndex(sourceOf(kv), hashes[localeCode]!);
}
