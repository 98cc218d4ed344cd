/**
 * The search indexes this isolate has loaded, by their KV key. Records are content-addressed,
 * so an index loaded for one build serves every build that lists the same hash (a publish that
 * left a locale's pages alone), and none ever goes stale. Bounded like everything an isolate
 * keeps; two requests for an index not loaded yet share one read.
 */
import {
  KV_READ_TIMEOUT_MS,
  SEARCH_INDEX_HEAP_BYTES_PER_JSON_CHAR,
  SEARCH_INDEX_MEMORY_MAX_BYTES,
  SEARCH_INDEX_MEMORY_MAX_ENTRIES,
} from '../../app/constants';
import { kvKeys } from '../../app/kv-keys';
import { loadSearchIndex, type LoadedSearchIndex } from '../../app/search/engine';
import { SearchRecord } from '../../app/search/record';
import { BoundedLru } from '../bounded-lru';
import type { CompleteBuild } from '../build-memory';
import { parseRecord, readText, type KvReader } from '../kv-records';

const loaded = new BoundedLru<string, LoadedSearchIndex>({
  maxEntries: SEARCH_INDEX_MEMORY_MAX_ENTRIES,
  maxBytes: SEARCH_INDEX_MEMORY_MAX_BYTES,
});
const pending = new Map<string, Promise<LoadedSearchIndex | null>>();

async function load(kv: KvReader, key: string): Promise<LoadedSearchIndex | null> {
  const text = await readText(kv, key, KV_READ_TIMEOUT_MS);
  if (text === null) return null;
  const index = loadSearchIndex(parseRecord(key, text, SearchRecord));
  loaded.set(key, index, text.length * SEARCH_INDEX_HEAP_BYTES_PER_JSON_CHAR);
  return index;
}

/**
 * A locale's index in a build, or null when the build has none (made before search existed)
 * or KV does not have it (yet). Throws as the build store does when KV cannot be read or the
 * record is corrupt.
 */
export async function searchIndexOf(kv: KvReader, build: CompleteBuild, localeCode: string): Promise<LoadedSearchIndex | null> {
  const hashes = build.index.search;
  if (!hashes || !Object.hasOwn(hashes, localeCode)) return null;
  const key = kvKeys.search(hashes[localeCode]!);
  const kept = loaded.get(key);
  if (kept) return kept;
  let reading = pending.get(key);
  if (!reading) {
    reading = load(kv, key).finally(() => pending.delete(key));
    pending.set(key, reading);
  }
  return reading;
}
