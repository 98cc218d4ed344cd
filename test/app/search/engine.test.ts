/** Matching per language: stemming, folding, prefixes, typos; ranking and excerpts. */
import { describe, expect, test } from 'vitest';
import type { IndexedPage } from '../../../app/search/build-index';
import { searchIn } from '../../../app/search/engine';
import type { Excerpt } from '../../../app/search/excerpt';
import { SEARCH_RESULTS_PER_PAGE } from '../../../app/search/common';
import { indexOf } from './in-memory-index';

const pageOf = (path: string, title: string, body: string, description = ''): IndexedPage => ({
  path,
  text: { title, description, headings: '', body },
});

/** The words an excerpt marks, as the screen shows them. */
const marked = ({ text, marks }: Excerpt) => marks.flatMap((at, i) => (i % 2 === 0 ? [text.slice(at, marks[i + 1])] : []));

const paths = async (lang: string, pages: IndexedPage[], query: string) =>
  (await searchIn(await indexOf(lang, pages), query)).hits.map((h) => h.path);

describe('language-aware matching', async () => {
  test.each([
    ['en', 'loans', 'Apply for a loan today'],
    ['de', 'Wohnkredite', 'Ihr Wohnkredit mit festem Zins'],
    ['nl', 'hypotheken', 'Een hypotheek voor uw huis'],
    ['sv', 'bolånen', 'Ett bolån för ditt hem'],
    ['fi', 'asuntolainat', 'Hae asuntolainaa verkossa'],
    ['ru', 'ипотека', 'Узнайте больше о нашей ипотеке'],
  ])('%s stems: "%s" finds "%s"', async (lang, query, body) => {
    expect(await paths(lang, [pageOf('/p', 'Page', body)], query)).toEqual(['/p']);
  });

  test('case and diacritics fold: "aripaev" finds "Äripäev", and "ÄRIPÄEV" finds "aripaev"', async () => {
    expect(await paths('et-EE', [pageOf('/p', 'Uudised', 'Loe Äripäev ajalehte')], 'aripaev')).toEqual(['/p']);
    expect(await paths('et-EE', [pageOf('/p', 'Uudised', 'loe aripaev')], 'ÄRIPÄEV')).toEqual(['/p']);
  });

  test('without a stemmer (et, lv) a word matches as itself and as a prefix', async () => {
    const pages = [pageOf('/laen', 'Laenud', 'Kodulaen ja väikelaen'), pageOf('/muu', 'Kontakt', 'Helista meile')];
    expect(await paths('et', pages, 'laen')).toEqual(['/laen']);
    expect(await paths('lv', [pageOf('/a', 'Aizdevumi', 'Mājokļa kredīts')], 'majok')).toEqual(['/a']);
  });

  test('the last word typed matches as a prefix', async () => {
    expect(await paths('de', [pageOf('/b', 'Baufinanzierung', 'Ihr Zuhause')], 'baufin')).toEqual(['/b']);
  });

  test('a word of 5 letters or more forgives one typo; a shorter one none', async () => {
    const pages = [pageOf('/m', 'Mortgage', 'A mortgage for your house'), pageOf('/c', 'Card', 'A card')];
    expect(await paths('en', pages, 'mortgaje')).toEqual(['/m']);
    expect(await paths('en', pages, 'houze')).toEqual(['/m']);
    expect(await paths('en', pages, 'cart')).toEqual([]);
  });

  test('a word the pages have as typed is no typo: it does not also find its neighbours', async () => {
    const pages = [pageOf('/house', 'House', 'A house'), pageOf('/horse', 'Horse', 'A horse')];
    expect(await paths('en', pages, 'house')).toEqual(['/house']);
    expect((await paths('en', pages, 'hoxse')).sort()).toEqual(['/horse', '/house']);
  });

  test('every word of a query must match', async () => {
    const pages = [pageOf('/a', 'Car loan', 'Loans for cars'), pageOf('/b', 'Home loan', 'Loans for homes')];
    expect(await paths('en', pages, 'home loan')).toEqual(['/b']);
  });

  test('a title match ranks above a body match', async () => {
    const pages = [pageOf('/body', 'Other', 'Something about savings here'), pageOf('/title', 'Savings', 'Other words')];
    expect(await paths('en', pages, 'savings')).toEqual(['/title', '/body']);
  });
});

describe('results', async () => {
  test('a result has its title, its path, and an excerpt with the matched words marked', async () => {
    const [hit] = (
      await searchIn(
        await indexOf('en', [pageOf('/en/loans', 'Our loans', 'Clear terms. A loan for every plan, and loans for cars.')]),
        'loan',
      )
    ).hits;
    expect(hit!.title).toBe('Our loans');
    expect(hit!.path).toBe('/en/loans');
    expect(marked(hit!.excerpt)).toEqual(['loan', 'loans']);
    expect(hit!.excerpt).toMatchObject({ text: 'Clear terms. A loan for every plan, and loans for cars.', cutStart: false, cutEnd: false });
  });

  test('a long body is cut to a window around the first match, at word boundaries, marked as cut at both ends', async () => {
    const body = `${'filler '.repeat(60)}the interest rate is low ${'more '.repeat(60)}`.trim();
    const [hit] = (await searchIn(await indexOf('en', [pageOf('/p', 'Page', body)]), 'interest')).hits;
    expect(hit!.excerpt).toMatchObject({ cutStart: true, cutEnd: true });
    expect(marked(hit!.excerpt)).toEqual(['interest']);
    const { text } = hit!.excerpt;
    expect(text.startsWith('filler')).toBe(true);
    expect(text.endsWith('more')).toBe(true);
    expect(text).toContain('interest');
    expect(text.length).toBeLessThan(200);
  });

  test('a page found by its description alone shows the description as its excerpt', async () => {
    const [hit] = (await searchIn(await indexOf('en', [pageOf('/p', 'Loans', 'Nothing here', 'Compare interest rates')]), 'interest')).hits;
    expect(hit!.excerpt.text).toBe('Compare interest rates');
    expect(marked(hit!.excerpt)).toEqual(['interest']);
  });

  test('results come in pages; a page past the last shows the last', async () => {
    const pages = Array.from({ length: 25 }, (_, i) => pageOf(`/p${i}`, `Loan ${i}`, 'loan'));
    const index = await indexOf('en', pages);
    const second = await searchIn(index, 'loan', 2);
    expect(second).toMatchObject({ total: 25, page: 2, pageCount: 3 });
    expect(second.hits).toHaveLength(SEARCH_RESULTS_PER_PAGE);
    expect(await searchIn(index, 'loan', 9)).toMatchObject({ page: 3 });
    expect((await searchIn(index, 'loan', 9)).hits).toHaveLength(5);
  });

  test("a query reads the dictionary, its word's term record and its result's page-text record, of many", async () => {
    const pages = Array.from({ length: 40 }, (_, i) => pageOf(`/p${i}`, `Page ${i}`, `${'filler '.repeat(400)} word${i}`));
    const index = await indexOf('en', pages);
    const records = index.dictionary.termParts.hashes.length + index.dictionary.docParts.hashes.length;
    expect(records).toBeGreaterThan(3);
    index.reads.length = 0;
    expect((await searchIn(index, 'word17')).hits.map((h) => h.path)).toEqual(['/p17']);
    expect(index.reads).toHaveLength(2);
  });

  test('a query of no words has no results', async () => {
    expect(await searchIn(await indexOf('en', [pageOf('/p', 'Page', 'text')]), ' -- ')).toMatchObject({
      total: 0,
      hits: [],
      page: 1,
      pageCount: 1,
    });
  });
});
