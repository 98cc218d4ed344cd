/** The build's search records: which pages each locale's index holds, and how records are keyed. */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { Payload } from '../../app/build-records';
import { kvKeys } from '../../app/kv-keys';
import { searchIn } from '../../app/search/engine';
import { SearchDictionary, SearchDocRecord, searchPartHashes } from '../../app/search/record';
import { memorySearchSource, openSearchIndex } from '../../app/search/store';
import { searchRecordsFor } from '../../scripts/lib/search-index';

const LOCALES = [
  { code: 'en', lang: 'en', label: 'English' },
  { code: 'de', lang: 'de-DE', label: 'Deutsch' },
];

function payload(path: string, title: string, body: string, extra: Partial<Payload> & { search?: boolean } = {}): Payload {
  const { search, ...rest } = extra;
  const code = path.split('/')[1] || 'en';
  return {
    path,
    page: {
      title,
      description: '',
      layout: 'default',
      blocks: [{ type: 'hero', heading: title, text: body }],
      ...(search === undefined ? {} : { search }),
    },
    chrome: {
      siteName: 'Site',
      origin: 'https://www.example.com',
      defaultLocale: 'en',
      locale: LOCALES.find((l) => l.code === code)!,
      locales: LOCALES,
      navigation: [],
      footer: {},
    },
    ...rest,
  };
}

const SITE = [
  payload('/', 'Welcome', 'Loans for everyone', { canonicalPath: '/en' }),
  payload('/en', 'Welcome', 'Loans for everyone'),
  payload('/en/loans', 'Loans', 'A loan for every plan'),
  payload('/en/hidden-offer', 'Secret loan offer', 'Only by link', { search: false }),
  payload('/de', 'Willkommen', 'Kredite für alle'),
];

function indexes(payloads: Payload[]) {
  const { hashes, records } = searchRecordsFor(payloads);
  const stored = new Map(records.map((r) => [r.key, r.value]));
  const open = async (code: string) => (await openSearchIndex(memorySearchSource(stored), hashes[code]!))!;
  /** a locale's indexed paths, from its page-text records */
  const paths = (code: string) => {
    const dictionary = SearchDictionary.parse(JSON.parse(stored.get(kvKeys.search(hashes[code]!))!));
    return dictionary.docParts.hashes.flatMap((h) =>
      SearchDocRecord.parse(JSON.parse(stored.get(kvKeys.search(h))!)).docs.map(([path]) => path),
    );
  };
  return { hashes, records, open, paths };
}

describe('search records', () => {
  test("each locale's dictionary is under a key made of its content hash, and every record it names is stored, once", () => {
    const { hashes, records } = indexes(SITE);
    expect(Object.keys(hashes).sort()).toEqual(['de', 'en']);
    const keys = records.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const record of records) expect(record.key).toBe(kvKeys.search(createHash('sha256').update(record.value).digest('hex')));
    for (const hash of Object.values(hashes)) {
      const dictionary = records.find((r) => r.key === kvKeys.search(hash))!;
      const named = searchPartHashes(JSON.parse(dictionary.value))!.map(kvKeys.search);
      expect(named.every((key) => keys.indexOf(key) >= 0 && keys.indexOf(key) < keys.indexOf(dictionary.key))).toBe(true);
    }
  });

  test('a locale indexes its own pages, without "/" (the default home again) or pages that opted out', async () => {
    const { open, paths } = indexes(SITE);
    expect(paths('en')).toEqual(['/en', '/en/loans']);
    expect((await searchIn(await open('en'), 'secret')).total).toBe(0);
    expect(paths('de')).toEqual(['/de']);
  });

  test("a change to one locale's pages leaves the other locale's records as they were", () => {
    const before = indexes(SITE);
    const after = indexes(SITE.map((p) => (p.path === '/de' ? payload('/de', 'Willkommen', 'Neue Kredite') : p)));
    expect(after.hashes.en).toBe(before.hashes.en);
    expect(after.hashes.de).not.toBe(before.hashes.de);
    const enRecords = (r: typeof before) => {
      const dictionary = r.records.find((x) => x.key === kvKeys.search(r.hashes.en!))!;
      const named = new Set(searchPartHashes(JSON.parse(dictionary.value))!.map(kvKeys.search));
      return r.records.filter((x) => x === dictionary || named.has(x.key));
    };
    expect(enRecords(after)).toEqual(enRecords(before));
  });

  test('the same pages give the same records, byte for byte', () => {
    expect(indexes(SITE).records).toEqual(indexes([...SITE]).records);
  });
});
