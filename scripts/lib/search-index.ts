/**
 * The build's search records: per locale, one index of the pages of that locale a visitor may
 * find (not `"search": false`, not `/`, which shows the default locale's home again), stored
 * content-addressed. A publish that changes one locale's pages rewrites that locale's record
 * only; MiniSearch's serialisation is one document per index, so within a locale the record is
 * rewritten whole (docs/search.md#what-a-publish-rewrites).
 */
import { createHash } from 'node:crypto';
import type { Payload } from '../../app/build-records';
import { buildSearchRecord } from '../../app/search/engine';
import { pageText } from '../../app/search/page-text';
import { kvKeys } from '../../app/kv-keys';
import type { KvRecord } from './kv-cli';

export interface SearchRecords {
  /** locale code -> hash of its record (the build index's `search`) */
  hashes: Record<string, string>;
  records: KvRecord[];
}

/** Whether a page's payload is searchable: its own page (not an alias) that did not opt out. */
export const isSearchable = (payload: Payload) => payload.canonicalPath === undefined && payload.page.search !== false;

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
  for (const [code, { lang, pages }] of [...byLocale].sort(([a], [b]) => a.localeCompare(b))) {
    const record = buildSearchRecord(
      lang,
      pages.map((p) => ({ path: p.path, text: pageText(p.page) })),
    );
    const value = JSON.stringify(record);
    const hash = createHash('sha256').update(value).digest('hex');
    hashes[code] = hash;
    records.push({ key: kvKeys.search(hash), value });
  }
  return { hashes, records };
}
