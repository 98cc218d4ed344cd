/** A locale's search index built from pages and read from memory, as the worker reads KV (through JSON). */
import { createHash } from 'node:crypto';
import { kvKeys } from '../../../app/kv-keys';
import { buildSearchRecords, type IndexedPage } from '../../../app/search/build-index';
import { memorySearchSource, openSearchIndex, type SearchIndex } from '../../../app/search/store';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Every record of a locale's index by KV key, and its dictionary's hash. */
export function storedIndex(lang: string, pages: readonly IndexedPage[]): { hash: string; records: Map<string, string> } {
  const { dictionary, parts } = buildSearchRecords(lang, pages, sha256);
  const value = JSON.stringify(dictionary);
  const hash = sha256(value);
  const records = new Map(parts.map((p) => [kvKeys.search(p.hash), p.value]));
  records.set(kvKeys.search(hash), value);
  return { hash, records };
}

/** The index, and the keys of the records its queries read (in order). */
export async function indexOf(lang: string, pages: readonly IndexedPage[]): Promise<SearchIndex & { reads: string[] }> {
  const { hash, records } = storedIndex(lang, pages);
  const source = memorySearchSource(records);
  const index = (await openSearchIndex(source, hash))!;
  return Object.assign(index, { reads: source.reads });
}
