/**
 * The search records of one locale as KV keeps them (`search/{hash}.json`, app/kv-keys.ts), all
 * content-addressed. The build's index names one per locale (`BuildIndex.search`, locale ->
 * hash): its dictionary, which lists the hashes of the locale's term and page-text records, so a
 * query reads the dictionary, the term records of its words and the page-text records of the
 * results it shows, and gc keeps or removes all of them with the builds that list the dictionary.
 *
 * Checked in plain loops: the worker reads them on a visitor's request, and zod over thousands
 * of numbers would cost milliseconds. A record that fails a check is corrupt (a 500), never a
 * wrong answer: ids are in range, terms sorted, so lookups cannot read outside what exists.
 */
import { z } from 'zod';

/** The layout of a locale's search records (1 was one MiniSearch index per locale). */
export const SEARCH_RECORD_VERSION = 2;

/** Consecutive runs of terms (or pages), each in a record: where each run starts, and its record's hash. */
export interface SearchParts {
  first: number[];
  hashes: string[];
}

export interface SearchDictionary {
  v: 2;
  kind: 'dictionary';
  /** the locale's BCP 47 tag, which picks the stemmer */
  lang: string;
  /** pages indexed; page ids run from 0 */
  pages: number;
  /** every index term, sorted by code unit, once */
  terms: string[];
  /** per term, how many pages have it (before the top-N cut), to pick among a prefix's completions */
  df: number[];
  termParts: SearchParts;
  docParts: SearchParts;
}

export interface SearchTermRecord {
  v: 2;
  kind: 'terms';
  /** the index in the dictionary of the first term here */
  first: number;
  /** per term: page ids and their impacts (BM25 x field weight, x1000), best first, at most SEARCH_TERM_PAGES_MAX */
  postings: [pages: number[], impacts: number[]][];
}

export type SearchDoc = [path: string, title: string, body: string, description: string];

export interface SearchDocRecord {
  v: 2;
  kind: 'docs';
  /** the id of the first page here */
  first: number;
  /** per page: path, title, body text and description (for excerpts) */
  docs: SearchDoc[];
}

const HASH = /^[a-f0-9]{64}$/;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function isIntArray(value: unknown, below: number): value is number[] {
  if (!Array.isArray(value)) return false;
  for (const n of value) if (!isCount(n) || n >= below) return false;
  return true;
}

/** Runs that start at 0, rise strictly, stay below `count`, each with a hash. */
function isParts(value: unknown, count: number): value is SearchParts {
  if (!isObject(value)) return false;
  const { first, hashes } = value;
  if (!isIntArray(first, Math.max(count, 1)) || !Array.isArray(hashes) || first.length !== hashes.length) return false;
  if (count > 0 && first[0] !== 0) return false;
  for (let i = 1; i < first.length; i++) if (first[i]! <= first[i - 1]!) return false;
  return hashes.every((h) => typeof h === 'string' && HASH.test(h));
}

function isDictionary(value: unknown): value is SearchDictionary {
  if (!isObject(value)) return false;
  const { v, kind, lang, pages, terms, df, termParts, docParts } = value;
  if (v !== SEARCH_RECORD_VERSION || kind !== 'dictionary' || typeof lang !== 'string' || !isCount(pages)) return false;
  if (!Array.isArray(terms) || !isIntArray(df, pages + 1) || df.length !== terms.length) return false;
  for (let i = 0; i < terms.length; i++) {
    if (typeof terms[i] !== 'string' || terms[i] === '') return false;
    if (i > 0 && !((terms[i - 1] as string) < (terms[i] as string))) return false;
  }
  return isParts(termParts, terms.length) && isParts(docParts, pages);
}

/** `pages`: the dictionary's page count is not known here, so ids are checked against it on use. */
function isTermRecord(value: unknown): value is SearchTermRecord {
  if (!isObject(value)) return false;
  const { v, kind, first, postings } = value;
  if (v !== SEARCH_RECORD_VERSION || kind !== 'terms' || !isCount(first) || !Array.isArray(postings)) return false;
  for (const entry of postings) {
    if (!Array.isArray(entry) || entry.length !== 2) return false;
    const [pages, impacts] = entry as unknown[];
    if (!isIntArray(pages, 2 ** 31) || !isIntArray(impacts, 2 ** 31) || pages.length !== impacts.length) return false;
  }
  return true;
}

const isDoc = (doc: unknown) => Array.isArray(doc) && doc.length === 4 && doc.every((field) => typeof field === 'string');

function isDocRecord(value: unknown): value is SearchDocRecord {
  if (!isObject(value)) return false;
  const { v, kind, first, docs } = value;
  return v === SEARCH_RECORD_VERSION && kind === 'docs' && isCount(first) && Array.isArray(docs) && docs.every(isDoc);
}

export const SearchDictionary = z.custom<SearchDictionary>(isDictionary, {
  message: 'Must be a search dictionary: { v: 2, kind: "dictionary", lang, pages, terms (sorted), df, termParts, docParts }',
});
export const SearchTermRecord = z.custom<SearchTermRecord>(isTermRecord, {
  message: 'Must be a search term record: { v: 2, kind: "terms", first, postings: [pages[], impacts[]][] }',
});
export const SearchDocRecord = z.custom<SearchDocRecord>(isDocRecord, {
  message: 'Must be a search page-text record: { v: 2, kind: "docs", first, docs: [path, title, body, description][] }',
});

/**
 * The hashes of the records a stored dictionary names, for gc; a record of the first layout
 * (v 1, one whole index) names none. Anything else is not a dictionary: null.
 */
export function searchPartHashes(value: unknown): string[] | null {
  if (isObject(value) && value.v === 1) return [];
  if (!isDictionary(value)) return null;
  return [...value.termParts.hashes, ...value.docParts.hashes];
}

/** Locale code -> content hash of its search dictionary, in the build's index. */
export const SearchHashes = z.record(z.string(), z.string().regex(HASH));
