/**
 * The search index of one locale, MiniSearch (MIT) under the site's own text rules (./fold.ts):
 * the build makes it (`buildSearchRecord`), KV keeps it, and the worker loads it once per
 * isolate and answers both the search page and the header field's as-you-type requests from it,
 * so the two always agree. docs/search.md says why MiniSearch, and how to tune the weights below.
 */
import MiniSearch, { type AsPlainObject, type Query, type SearchResult } from 'minisearch';
import { excerptOf, type ExcerptPart } from './excerpt';
import { fold, termMaker, words } from './fold';
import { SEARCH_RESULTS_PER_PAGE } from './common';
import type { PageText } from './page-text';
import type { SearchRecord } from './record';

/** A query has at most this many words; the rest are ignored (each word is one lookup). */
export const SEARCH_MAX_QUERY_WORDS = 8;
/** Title matches count three times, headings twice, the body and the description once. */
const BOOST = { title: 3, headings: 2, body: 1, description: 1 };
/** Typos forgiven: none below 5 letters, one edit up to 8, two from 9. */
export function typosAllowed(foldedWord: string): number {
  const letters = [...foldedWord].length;
  return letters >= 9 ? 2 : letters >= 5 ? 1 : 0;
}

const FIELDS = ['title', 'description', 'headings', 'body'];

function options(lang: string) {
  const term = termMaker(lang);
  return { fields: FIELDS, storeFields: [], tokenize: words, processTerm: term };
}

export interface IndexedPage {
  path: string;
  text: PageText;
}

/** The record of one locale's pages, ready for KV. */
export function buildSearchRecord(lang: string, pages: readonly IndexedPage[]): SearchRecord {
  const index = new MiniSearch<{ id: number } & PageText>(options(lang));
  index.addAll(pages.map(({ text }, id) => ({ id, ...text })));
  return {
    v: 1,
    lang,
    docs: pages.map(({ path, text }) => [path, text.title, text.body, text.description]),
    index: index.toJSON(),
  };
}

export interface LoadedSearchIndex {
  lang: string;
  docs: SearchRecord['docs'];
  index: MiniSearch;
  term: (word: string) => string;
}

export function loadSearchIndex(record: SearchRecord): LoadedSearchIndex {
  const index = MiniSearch.loadJS(record.index as unknown as AsPlainObject, options(record.lang));
  return { lang: record.lang, docs: record.docs, index, term: termMaker(record.lang) };
}

export interface SearchHit {
  path: string;
  title: string;
  /** page text around the first match, matched words marked */
  excerpt: ExcerptPart[];
}

export interface SearchAnswer {
  /** the normalised query the results are for */
  query: string;
  total: number;
  /** 1-based, at most `pageCount` (and 1 when there are no results) */
  page: number;
  pageCount: number;
  hits: SearchHit[];
}

/** Every word must match (as a prefix of a term, or within its typos); a longer query narrows. */
function queryTree(query: string): Query | null {
  const queryWords = words(query).slice(0, SEARCH_MAX_QUERY_WORDS);
  if (queryWords.length === 0) return null;
  return {
    combineWith: 'AND',
    queries: queryWords.map((word) => ({
      queries: [word],
      prefix: true,
      // By the word as typed, not its stem: `laons` (5 letters) is forgiven although its stem has 4.
      fuzzy: typosAllowed(fold(word)) || false,
    })),
  };
}

/** The results of a normalised query (./query.ts), one page of them. */
export function searchIn(loaded: LoadedSearchIndex, query: string, page = 1, perPage = SEARCH_RESULTS_PER_PAGE): SearchAnswer {
  const tree = queryTree(query);
  const results: SearchResult[] = tree ? loaded.index.search(tree, { boost: BOOST }) : [];
  const pageCount = Math.max(1, Math.ceil(results.length / perPage));
  const shown = Math.min(Math.max(1, page), pageCount);
  const hits = results.slice((shown - 1) * perPage, shown * perPage).flatMap((result): SearchHit[] => {
    const doc = loaded.docs[result.id as number];
    if (!doc) return [];
    const [path, title, body, description] = doc;
    const matched = new Set(result.terms);
    const inBody = excerptOf(body, matched, loaded.term);
    // A page found by its title or description alone: its summary says more than its first lines.
    const excerpt = inBody.some((part) => part.mark) || !description ? inBody : excerptOf(description, matched, loaded.term);
    return [{ path, title, excerpt }];
  });
  return { query, total: results.length, page: shown, pageCount, hits };
}
