/**
 * Answering a query from a locale's search index (./store.ts), the same for the search page and
 * the header field's as-you-type requests, so the two always agree. Each query word is made a
 * term as the build made the pages' words (./fold.ts) and matched against the dictionary
 * (./expand.ts); a query reads only the term records of those terms, adds up their precomputed
 * impacts (./build-index.ts), keeps the pages every word matched, and reads the page text of
 * the results it shows. docs/search.md says why, and how to tune it.
 */
import { SEARCH_RESULTS_PER_PAGE } from './common';
import { excerptOf, type Excerpt } from './excerpt';
import { expand, type Expansion } from './expand';
import { fold, words } from './fold';
import type { SearchIndex } from './store';

/** A query has at most this many words; the rest are ignored (each word is one lookup). */
export const SEARCH_MAX_QUERY_WORDS = 8;
/** Typos forgiven: none below 5 letters, one edit up to 8, two from 9. */
export function typosAllowed(foldedWord: string): number {
  const letters = [...foldedWord].length;
  return letters >= 9 ? 2 : letters >= 5 ? 1 : 0;
}

export interface SearchHit {
  path: string;
  title: string;
  /** page text around the first match, matched words marked */
  excerpt: Excerpt;
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

/** Each word's matching terms; null when some word matches none (every word must match). */
function expansions(index: SearchIndex, query: string): Expansion[][] | null {
  const queryWords = words(query).slice(0, SEARCH_MAX_QUERY_WORDS);
  if (queryWords.length === 0) return null;
  const out: Expansion[][] = [];
  for (const word of queryWords) {
    // By the word as typed, not its stem: `laons` (5 letters) is forgiven although its stem has 4.
    const found = expand(index, index.term(word), typosAllowed(fold(word)));
    if (found.length === 0) return null;
    out.push(found);
  }
  return out;
}

/** The best `count` of the pages, by score then page id (the build's page order). */
function best(pages: number[], scores: Float64Array, count: number): number[] {
  const before = (a: number, b: number) => scores[b]! - scores[a]! || a - b;
  if (count >= pages.length / 4) return pages.sort(before).slice(0, count);
  const top: number[] = [];
  for (const page of pages) {
    if (top.length === count && before(page, top[count - 1]!) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(top[mid]!, page) < 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, page);
    if (top.length > count) top.pop();
  }
  return top;
}

/** The results of a normalised query (./query.ts), one page of them. */
export async function searchIn(index: SearchIndex, query: string, page = 1, perPage = SEARCH_RESULTS_PER_PAGE): Promise<SearchAnswer> {
  const byWord = expansions(index, query);
  const none = { query, total: 0, page: 1, pageCount: 1, hits: [] };
  if (!byWord) return none;
  const postings = await index.postings(byWord.flat().map((e) => e.id));
  // Every word must match: a page's count of matched words only rises from one word to the next.
  // The index's scratch arrays are used and cleared without an await in between.
  const { scores, matched } = index.scratch();
  let found: number[] = [];
  byWord.forEach((expansionsOfWord, w) => {
    const last = w === byWord.length - 1;
    for (const { id, weight } of expansionsOfWord) {
      const list = postings.get(id);
      if (!list) continue;
      const { pages, impacts } = list;
      for (let i = 0; i < pages.length; i++) {
        const p = pages[i]!;
        const seen = matched[p]!;
        if (seen === w) {
          matched[p] = w + 1;
          if (last) found.push(p);
        } else if (seen !== w + 1) continue;
        scores[p]! += weight * impacts[i]!;
      }
    }
  });
  const total = found.length;
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const shown = Math.min(Math.max(1, page), pageCount);
  found = best(found, scores, shown * perPage).slice((shown - 1) * perPage);
  // Every page any word touched was touched by the first word's terms.
  for (const { id } of byWord[0]!) {
    for (const p of postings.get(id)?.pages ?? []) {
      scores[p] = 0;
      matched[p] = 0;
    }
  }
  const docs = await index.docs(found);
  const matchedTerms = new Set(byWord.flat().map((e) => e.id));
  const hits: SearchHit[] = [];
  for (const p of found) {
    const doc = docs.get(p);
    if (!doc) continue;
    const [path, title, body, description] = doc;
    const inBody = excerptOf(body, index.wordsOf(body), matchedTerms);
    // A page found by its title or description alone: its summary says more than its first lines.
    const excerpt = inBody.marks.length > 0 || !description ? inBody : excerptOf(description, index.wordsOf(description), matchedTerms);
    hits.push({ path, title, excerpt });
  }
  return { query, total, page: shown, pageCount, hits };
}
