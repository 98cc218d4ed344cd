/**
 * Search at the edge, in-process: the search page for a full load and the header field's
 * JSON, answered from a build's search records in KV.
 */
import { describe, expect, test } from 'vitest';
import { SEARCH_QUERY_MAX_CHARS } from '../../../app/constants';
import type { IndexedPage } from '../../../app/search/build-index';
import { appEndpoints } from '../../../app/endpoints';
import { SEARCH_SUGGESTIONS_SHOWN } from '../../../app/search/common';
import type { CompleteBuild } from '../../../worker/build-memory';
import type { KvReader } from '../../../worker/kv-records';
import { SEARCH_LOCALE_PARAM, createSearchHandlers } from '../../../worker/search/routes';
import { bootData, titleOf } from '../../support/html';
import { ASSETS, fixtureBuild, given, request, testApp } from '../in-process';
import { storedIndex } from '../../app/search/in-memory-index';

const text = (title: string, body: string) => ({ title, description: '', headings: '', body });
const EN: IndexedPage[] = [
  { path: '/en/loans', text: text('Our loans', 'A loan for every plan, and <b>loans</b> for cars.') },
  { path: '/en/contact', text: text('Contact', 'Call us about anything.') },
  { path: '/en/rates', text: text('Rates', `${'Before the rates. '.repeat(20)}The interest rate today. ${'After it. '.repeat(40)}`) },
  ...Array.from({ length: 14 }, (_, i) => ({ path: `/en/offer-${i}`, text: text(`Offer ${i}`, 'A savings offer') })),
];
const ET: IndexedPage[] = [{ path: '/et/uudised', text: text('Uudised', 'Loe Äripäev ajalehte') }];

function stored(records: Record<string, string>, lang: string, pages: IndexedPage[]): string {
  const { hash, records: index } = storedIndex(lang, pages);
  for (const [key, value] of index) records[key] = value;
  return hash;
}

function searchSite({ withIndex = true, et = ET, drop = (_records: Record<string, string>) => {} } = {}) {
  const records: Record<string, string> = {};
  const build: CompleteBuild = fixtureBuild();
  build.index.chrome.en!.navigation = [{ label: 'Loans', href: '/en/loans' }];
  if (withIndex) build.index.search = { en: stored(records, 'en', EN), et: stored(records, 'et-EE', et) };
  drop(records);
  const kv: KvReader = { get: (key) => Promise.resolve(Object.hasOwn(records, key) ? records[key]! : null) };
  const app = testApp();
  const search = createSearchHandlers({ assets: ASSETS });
  app.use(given({ build }));
  app.get(appEndpoints.searchJsonBase + SEARCH_LOCALE_PARAM, search.searchJson);
  app.get(`/${SEARCH_LOCALE_PARAM}/search`, search.searchPage);
  app.get('*', (c) => c.text('the content pages', 404));
  return (path: string) => request(app, path, {}, { SITE_KV: kv });
}

const searchView = async (res: Response) => bootData(await res.text()).view;

describe('the search page', () => {
  test('renders the results at the edge: title, excerpt with the matched words marked, path', async () => {
    const res = await searchSite()('/en/search?q=loan');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<a class="search-result__title" href="/en/loans">Our loans</a>');
    expect(html).toContain('A <mark>loan</mark> for every plan, and &lt;b&gt;<mark>loans</mark>&lt;/b&gt; for cars.');
    expect(html).toContain('<p class="search-result__path">/en/loans</p>');
    expect(titleOf(html)).toBe('Results for &quot;loan&quot; | Fixture Site');
    expect(html).toContain('Results for<!-- --> <q>loan</q>');
  });

  test('an excerpt cut from a long text is marked as cut at both ends, the ellipses left to the style sheet', async () => {
    const html = await (await searchSite()('/en/search?q=interest')).text();
    expect(html).toMatch(
      /<p class="search-result__excerpt"><span class="search-result__cut search-result__cut--start"><\/span>.*<mark>interest<\/mark>.*<span class="search-result__cut search-result__cut--end"><\/span><\/p>/,
    );
  });

  test('the boot data carries an excerpt as its text and where its marked words are, which the client marks the same way', async () => {
    const view = await searchView(await searchSite()('/en/search?q=loan'));
    const text = 'A loan for every plan, and <b>loans</b> for cars.';
    const at = text.indexOf('loans');
    expect(view.kind === 'search' && view.answer?.hits[0]?.excerpt).toEqual({
      text,
      marks: [2, 6, at, at + 'loans'.length],
      cutStart: false,
      cutEnd: false,
    });
  });

  test('an English search page is Latin-1 throughout, its boot data included: V8 builds and sends it as one-byte text', async () => {
    for (const q of ['interest', 'zebra']) {
      const html = await (await searchSite()(`/en/search?q=${q}`)).text();
      expect([...html].filter((ch) => ch.charCodeAt(0) > 0xff)).toEqual([]);
    }
  });

  test('is private and never kept by a shared cache, and out of search engines with a query', async () => {
    const res = await searchSite()('/en/search?q=loan');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(await res.text()).toContain('<meta name="robots" content="noindex"');
  });

  test("with no results says so and suggests the locale's main pages", async () => {
    const html = await (await searchSite()('/en/search?q=zebra')).text();
    expect(html).toContain('Nothing found for<!-- --> <q>zebra</q>');
    expect(html).toContain('<a href="/en/loans">Loans</a>');
  });

  test('pages results with links that keep the query', async () => {
    const go = searchSite();
    const first = await (await go('/en/search?q=savings')).text();
    expect(first).toContain('Page 1 / 2');
    expect(first).toContain('href="/en/search?q=savings&amp;page=2"');
    const view = await searchView(await go('/en/search?q=savings&page=2'));
    expect(view.answer).toMatchObject({ total: 14, page: 2, pageCount: 2 });
    expect(view.answer.hits).toHaveLength(4);
  });

  test('searches the locale of its path only, with folded diacritics', async () => {
    const go = searchSite();
    expect((await searchView(await go('/et/search?q=aripaev'))).answer.hits.map((h: { path: string }) => h.path)).toEqual(['/et/uudised']);
    expect((await searchView(await go('/en/search?q=aripaev'))).answer.total).toBe(0);
  });

  test('without a query shows the empty form', async () => {
    const res = await searchSite()('/en/search');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Type what you are looking for.');
  });

  test('a query over the limit is a 400 that says so, and the query is not echoed', async () => {
    const res = await searchSite()(`/en/search?q=${'x'.repeat(SEARCH_QUERY_MAX_CHARS + 1)}`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Your search is too long. Please shorten it.');
    expect(html).not.toContain('x'.repeat(SEARCH_QUERY_MAX_CHARS + 1));
  });

  test('a page that is not a number is a 400 that says so', async () => {
    const res = await searchSite()('/en/search?q=loan&page=-1');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('There is no such page of results.');
  });

  test('a locale the build does not have goes on to the content pages (their 404)', async () => {
    const res = await searchSite()('/xx/search?q=loan');
    expect(await res.text()).toBe('the content pages');
  });

  test('a build made before search says search is unavailable, with a 503', async () => {
    const res = await searchSite({ withIndex: false })('/en/search?q=loan');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('Search is not available right now.');
  });

  test('a record the dictionary names that KV does not have yet says search is unavailable, with a 503', async () => {
    // The Estonian index's page-text record: a publish still reaching this location. Pages of
    // their own, so no earlier test's isolate memory has the record.
    const go = searchSite({
      et: [{ path: '/et/uudised', text: text('Uudised', 'Loe Äripäev ajalehte täna') }],
      drop: (records) => {
        const key = Object.keys(records).find((k) => records[k]!.includes('"kind":"docs"') && records[k]!.includes('/et/uudised'))!;
        delete records[key];
      },
    });
    const res = await go('/et/search?q=aripaev');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('Otsing pole praegu saadaval.');
    expect((await go(`${appEndpoints.searchJsonBase}et?q=aripaev`)).status).toBe(503);
  });
});

describe("the header field's JSON", () => {
  test('answers the first results of the search page, in the same order', async () => {
    const go = searchSite();
    const page = (await searchView(await go('/en/search?q=offer'))).answer;
    const res = await go(`${appEndpoints.searchJsonBase}en?q=offer`);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const json: typeof page = await res.json();
    expect(json.total).toBe(page.total);
    expect(json.hits).toEqual(page.hits.slice(0, SEARCH_SUGGESTIONS_SHOWN));
  });

  test('refuses a query over the limit with a 400, and an unknown locale with a 404', async () => {
    const go = searchSite();
    expect((await go(`${appEndpoints.searchJsonBase}en?q=${'x'.repeat(SEARCH_QUERY_MAX_CHARS + 1)}`)).status).toBe(400);
    expect((await go(`${appEndpoints.searchJsonBase}xx?q=loan`)).status).toBe(404);
  });
});
