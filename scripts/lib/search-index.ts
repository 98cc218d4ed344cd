/**
 * The build's search records: per locale, an index of the pages of that locale a visitor may
 * find (not `"search": false`, not `/`, which shows the default locale's home again): its
 * dictionary, term records and page-text records (app/search/build-index.ts), each stored
 * content-addressed. The build's index names each locale's dictionary, which names the rest. A
 * publish writes only the records KV does not have: a change to some pages of a locale rewrites
 * its dictionary and the records whose terms or pages changed (docs/search.md#what-a-publish-rewrites).
 */
import { createHash } from 'node:crypto';
import type { Payload } from '../../app/build-records';
import { buildSearchRecords } from '../../app/search/build-index';
import { pageText } from '../../app/search/page-text';
import { kvKeys } from '../../app/kv-keys';
import type { KvRecord } from './kv-cli';

export interface SearchRecords {
  /** locale code -> hash of its dictionary (the build index's `search`) */
  hashes: Record<string, string>;
  records: KvRecord[];
}

/** Whether a page's payload is searchable: its own page (not an alias) that did not opt out. */
export const isSearchable = (payload: Payload) => payload.canonicalPath === undefined && payload.page.search !== false;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function searchRecordsFor(payloads: readonly Payload[]): SearchRecords {
  const byLocale = new Map<string, { lang: string; pages: Payload[] }>();
  for (const payload of payloads) {
    const { code, lang } = payload.chrome.locale;
    const entry = byLocale.get(code) ?? { lang, pages: [] };
    if (isSearchable(payload)) entry.pages.push(payload);
    byLocale.set(code, entry);
  }
  const hashes: Record<string, string> = {};
  const records: KvRecord[] = [];
  const written = new Set<string>();
  for (const [code, { lang, pages }] of [...byLocale].sort(([a], [b]) => a.localeCompare(b))) {
    const { dictionary, parts } = buildSearchRecords(
      lang,
      pages.map((p) => ({ path: p.path, text: pageText(p.page) })),
      sha256,
    );
    const value = JSON.stringify(dictionary);
    const hash = sha256(value);
    hashes[code] = hash;
    // The dictionary after the records it names; each record once (two locales may share one).
    for (const record of [...parts, { hash, value }]) {
      if (written.has(record.hash)) continue;
      written.add(record.hash);
      records.push({ key: kvKeys.search(record.hash), value: record.value });
    }
  }
  return { hashes, records };
}
