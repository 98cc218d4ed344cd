/** A locale's search records as the build makes them: what lands where, the top-N cut, the same hashes for the same pages. */
import { describe, expect, test } from 'vitest';
import { SEARCH_TERM_PAGES_MAX } from '../../../app/constants';
import { buildSearchRecords, type IndexedPage } from '../../../app/search/build-index';
import { searchIn } from '../../../app/search/engine';
import { SearchDictionary, SearchDocRecord, SearchTermRecord, searchPartHashes } from '../../../app/search/record';
import { runOf } from '../../../app/search/store';
import { indexOf, sha256 } from './in-memory-index';

const pageOf = (path: string, title: string, body: string, headings = ''): IndexedPage => ({
  path,
  text: { title, description: '', headings, body },
});

function built(lang: string, pages: IndexedPage[]) {
  const { dictionary, parts } = buildSearchRecords(lang, pages, sha256);
  const byHash = new Map(parts.map((p) => [p.hash, JSON.parse(p.value) as unknown]));
  const termRecord = (term: string) => {
    const id = dictionary.terms.indexOf(term);
    const record = SearchTermRecord.parse(byHash.get(dictionary.termParts.hashes[runOf(dictionary.termParts, id)]!));
    return record.postings[id - record.first]!;
  };
  return { dictionary: SearchDictionary.parse(JSON.parse(JSON.stringify(dictionary))), parts, byHash, termRecord };
}

describe('search records of a locale', () => {
  test("the dictionary has every page's terms once, sorted, with how many pages have each", () => {
    const { dictionary } = built('en', [pageOf('/a', 'Loans', 'A loan for every plan'), pageOf('/b', 'Cards', 'A card for every day')]);
    expect(dictionary.terms).toEqual(['a', 'card', 'dai', 'everi', 'for', 'loan', 'plan']);
    expect(dictionary.df).toEqual([2, 1, 1, 2, 2, 1, 1]);
    expect(dictionary.pages).toBe(2);
  });

  test("a term's postings name its pages best first: a title match above a heading match above a body match", () => {
    const { termRecord } = built('en', [
      pageOf('/body', 'Other', 'savings'),
      pageOf('/title', 'Savings', 'other words'),
      pageOf('/heading', 'Other', 'words', 'Savings'),
    ]);
    const [pages, impacts] = termRecord('save');
    expect(pages).toEqual([1, 2, 0]);
    expect([...impacts].sort((a, b) => b - a)).toEqual(impacts);
  });

  test('every page id lands in the page-text record its run names, with its path, title, body and description', () => {
    const pages = Array.from({ length: 30 }, (_, i) => pageOf(`/p${i}`, `Page ${i}`, `${'long text '.repeat(200)}${i}`));
    const { dictionary, byHash } = built('en', pages);
    expect(dictionary.docParts.hashes.length).toBeGreaterThan(1);
    pages.forEach((page, id) => {
      const record = SearchDocRecord.parse(byHash.get(dictionary.docParts.hashes[runOf(dictionary.docParts, id)]!));
      expect(record.docs[id - record.first]).toEqual([page.path, page.text.title, page.text.body, '']);
    });
  });

  test(`a term on more than ${SEARCH_TERM_PAGES_MAX} pages keeps its best ${SEARCH_TERM_PAGES_MAX}, and the dictionary its true count`, async () => {
    const pages = Array.from({ length: SEARCH_TERM_PAGES_MAX + 20 }, (_, i) => pageOf(`/p${i}`, `Page ${i}`, 'offer'));
    pages.push(pageOf('/best', 'Offer', 'offer'));
    const { dictionary, termRecord } = built('en', pages);
    const [ids] = termRecord('offer');
    expect(ids).toHaveLength(SEARCH_TERM_PAGES_MAX);
    expect(ids[0]).toBe(pages.length - 1);
    expect(dictionary.df[dictionary.terms.indexOf('offer')]).toBe(pages.length);
    const answer = await searchIn(await indexOf('en', pages), 'offer');
    expect(answer.total).toBe(SEARCH_TERM_PAGES_MAX);
    expect(answer.hits[0]!.path).toBe('/best');
  });

  test('the same pages give the same records and hashes, byte for byte', () => {
    const pages = [pageOf('/a', 'Loans', 'A loan for every plan'), pageOf('/b', 'Cards', 'A card for every day')];
    const first = buildSearchRecords('en', pages, sha256);
    const again = buildSearchRecords(
      'en',
      pages.map((p) => ({ ...p })),
      sha256,
    );
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
  });

  test("a change to one page's text leaves the records that do not hold it as they were", () => {
    const pages = Array.from({ length: 30 }, (_, i) => pageOf(`/p${i}`, `Page ${i}`, `${'long text '.repeat(200)}${i}`));
    const before = buildSearchRecords('en', pages, sha256);
    const changed = pages.map((p, i) => (i === 29 ? pageOf(p.path, p.text.title, `${p.text.body} more`) : p));
    const after = buildSearchRecords('en', changed, sha256);
    const kept = before.dictionary.docParts.hashes.filter((h) => after.dictionary.docParts.hashes.includes(h));
    expect(kept).toEqual(before.dictionary.docParts.hashes.slice(0, -1));
  });

  test('the dictionary names every term and page-text record, which is what gc keeps with it', () => {
    const { dictionary, parts } = built('en', [pageOf('/a', 'Loans', 'A loan for every plan')]);
    expect(searchPartHashes(dictionary)!.sort()).toEqual(parts.map((p) => p.hash).sort());
    expect(searchPartHashes({ v: 1, lang: 'en', docs: [], index: {} })).toEqual([]);
    expect(searchPartHashes({ v: 2, kind: 'dictionary' })).toBeNull();
  });
});
