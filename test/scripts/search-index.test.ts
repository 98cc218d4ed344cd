/** The build's search records: which pages each locale's index holds, and how records are keyed. */
import { describe, expect, test } from 'vitest';
import type { Payload } from '../../app/build-records';
import { kvKeys } from '../../app/kv-keys';
import { loadSearchIndex, searchIn } from '../../app/search/engine';
import { SearchRecord } from '../../app/search/record';
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
  const byCode = new Map(
    Object.entries(hashes).map(([code, hash]) => [
      code,
      loadSearchIndex(SearchRecord.parse(JSON.parse(records.find((r) => r.key === kvKeys.search(hash))!.value))),
    ]),
  );
  return { hashes, records, byCode };
}

describe('search records', () => {
  test('each locale has one record, under a key made of its content hash', () => {
    const { hashes, records } = indexes(SITE);
    expect(Object.keys(hashes).sort()).toEqual(['de', 'en']);
    expect(records.map((r) => r.key).sort()).toEqual(Object.values(hashes).map(kvKeys.search).sort());
    for (const hash of Object.values(hashes)) expect(hash).toMatch(/^[a-f0-9]{64}$/);
  });

  test('a locale indexes its own pages, without "/" (the default home again) or pages that opted out', () => {
    const { byCode } = indexes(SITE);
    expect(byCode.get('en')!.docs.map(([path]) => path)).toEqual(['/en', '/en/loans']);
    expect(searchIn(byCode.get('en')!, 'secret').total).toBe(0);
    expect(byCode.get('de')!.docs.map(([path]) => path)).toEqual(['/de']);
  });

  test("a change to one locale's pages leaves the other locale's record as it was", () => {
    const before = indexes(SITE).hashes;
    const after = indexes(SITE.map((p) => (p.path === '/de' ? payload('/de', 'Willkommen', 'Neue Kredite') : p))).hashes;
    expect(after.en).toBe(before.en);
    expect(after.de).not.toBe(before.de);
  });

  test('the same pages give the same records, byte for byte', () => {
    expect(indexes(SITE).records).toEqual(indexes([...SITE]).records);
  });
});
