/**
 * Building one locale's search records from its pages (scripts/lib/search-index.ts stores them):
 * every page's fields made into terms (./fold.ts), each term's postings scored once here with
 * BM25 and the field weights, ordered best first and cut to SEARCH_TERM_PAGES_MAX, then the
 * sorted terms split into term records and the pages' text into page-text records by size.
 * A query then only adds precomputed impacts (./engine.ts). Deterministic: the same pages give
 * the same records, byte for byte, so the same hashes.
 */
import { SEARCH_DOC_RECORD_MAX_BYTES, SEARCH_TERM_PAGES_MAX, SEARCH_TERM_RECORD_MAX_BYTES } from '../constants';
import { termMaker, words } from './fold';
import type { PageText } from './page-text';
import {
  SEARCH_RECORD_VERSION,
  type SearchDictionary,
  type SearchDoc,
  type SearchDocRecord,
  type SearchParts,
  type SearchTermRecord,
} from './record';

/** Title matches count three times, headings twice, the body and the description once. */
export const BOOST = { title: 3, headings: 2, body: 1, description: 1 } as const;
const FIELDS = ['title', 'description', 'headings', 'body'] as const;
/** BM25's saturation and length normalisation, and BM25+'s floor for a match (MiniSearch's defaults). */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
/** Impacts are stored as integers: thousandths. */
export const IMPACT_SCALE = 1000;

export interface IndexedPage {
  path: string;
  text: PageText;
}

export interface BuiltSearchRecords {
  dictionary: SearchDictionary;
  /** the term and page-text records, JSON as stored, with their hashes (which the dictionary lists) */
  parts: { hash: string; value: string }[];
}

interface TermStats {
  /** per field: page id -> occurrences */
  fields: Map<number, number>[];
}

/** The BM25 weight of a term in one field of one page (MiniSearch's formula, so rankings carry over). */
function bm25(tf: number, df: number, pages: number, length: number, avgLength: number): number {
  const idf = Math.log(1 + (pages - df + 0.5) / (df + 0.5));
  return idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * length) / (avgLength || 1))));
}

/** Splits items into consecutive runs of about `maxBytes` of JSON each. */
function runs<T>(items: readonly T[], maxBytes: number): T[][] {
  const out: T[][] = [];
  let run: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = JSON.stringify(item).length + 1;
    if (run.length > 0 && bytes + size > maxBytes) {
      out.push(run);
      run = [];
      bytes = 0;
    }
    run.push(item);
    bytes += size;
  }
  if (run.length > 0) out.push(run);
  return out;
}

/** One locale's records; `hash` names a record by its JSON (sha256 hex in the build). */
export function buildSearchRecords(lang: string, pages: readonly IndexedPage[], hash: (value: string) => string): BuiltSearchRecords {
  const term = termMaker(lang);
  const stats = new Map<string, TermStats>();
  const lengths = FIELDS.map(() => new Array<number>(pages.length).fill(0));
  pages.forEach(({ text }, id) => {
    FIELDS.forEach((field, f) => {
      const terms = words(text[field]).map(term);
      lengths[f]![id] = terms.length;
      for (const t of terms) {
        let s = stats.get(t);
        if (!s) stats.set(t, (s = { fields: FIELDS.map(() => new Map<number, number>()) }));
        const counts = s.fields[f]!;
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    });
  });
  const avg = lengths.map((ls) => (ls.length ? ls.reduce((a, b) => a + b, 0) / ls.length : 0));

  const terms = [...stats.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const df: number[] = [];
  const postings: SearchTermRecord['postings'] = terms.map((t) => {
    const impact = new Map<number, number>();
    stats.get(t)!.fields.forEach((counts, f) => {
      const boost = BOOST[FIELDS[f]!];
      for (const [id, tf] of counts) {
        impact.set(id, (impact.get(id) ?? 0) + boost * bm25(tf, counts.size, pages.length, lengths[f]![id]!, avg[f]!));
      }
    });
    df.push(impact.size);
    const ranked = [...impact]
      .map(([id, score]): [number, number] => [id, Math.max(1, Math.round(score * IMPACT_SCALE))])
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, SEARCH_TERM_PAGES_MAX);
    return [ranked.map(([id]) => id), ranked.map(([, s]) => s)];
  });

  const parts: BuiltSearchRecords['parts'] = [];
  const store = (record: SearchTermRecord | SearchDocRecord, into: SearchParts) => {
    const value = JSON.stringify(record);
    const h = hash(value);
    into.first.push(record.first);
    into.hashes.push(h);
    parts.push({ hash: h, value });
  };
  const termParts: SearchParts = { first: [], hashes: [] };
  let at = 0;
  for (const run of runs(postings, SEARCH_TERM_RECORD_MAX_BYTES)) {
    store({ v: SEARCH_RECORD_VERSION, kind: 'terms', first: at, postings: run }, termParts);
    at += run.length;
  }
  const docParts: SearchParts = { first: [], hashes: [] };
  const docs = pages.map(({ path, text }): SearchDoc => [path, text.title, text.body, text.description]);
  at = 0;
  for (const run of runs(docs, SEARCH_DOC_RECORD_MAX_BYTES)) {
    store({ v: SEARCH_RECORD_VERSION, kind: 'docs', first: at, docs: run }, docParts);
    at += run.length;
  }
  const dictionary: SearchDictionary = {
    v: SEARCH_RECORD_VERSION,
    kind: 'dictionary',
    lang,
    pages: pages.length,
    terms,
    df,
    termParts,
    docParts,
  };
  return { dictionary, parts };
}
