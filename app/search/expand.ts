/**
 * Which dictionary terms a query word matches, and how much each counts: the word's own term,
 * the terms it is a prefix of (results as you type), and the terms within its typos. Weights
 * are MiniSearch's, so rankings carry over: a completion counts less the more it adds, a typo
 * less the more edits it needs. The dictionary is sorted, so a prefix is one binary search, and
 * typos walk it as a trie that leaves out every branch already too far from the word.
 */
import { lowerBound } from './sorted-terms';
import type { SearchIndex } from './store';

/** A word's completions kept, the most frequent first (a one-letter prefix may have thousands). */
export const SEARCH_PREFIX_TERMS_MAX = 50;
/** A word's typo matches kept, the closest first. */
export const SEARCH_TYPO_TERMS_MAX = 20;
const PREFIX_WEIGHT = 0.375;
const TYPO_WEIGHT = 0.45;

export interface Expansion {
  /** dictionary term id */
  id: number;
  weight: number;
}

/** The first index at or after `from` whose term does not start with `prefix`. */
function pastPrefix(terms: readonly string[], prefix: string, from: number): number {
  // The least string above every string that starts with `prefix`, in code unit order.
  const above = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return Math.max(from + 1, lowerBound(terms, above));
}

/**
 * The terms within `max` edits (Levenshtein) of `word`, with their distance. The sorted terms
 * are walked as a trie: a term reuses the rows of the prefix it shares with the one before, and
 * a prefix whose row already exceeds `max` skips every term that starts with it.
 */
export function termsWithin(terms: readonly string[], word: string, max: number): { id: number; distance: number }[] {
  const width = word.length + 1;
  const rows: Int32Array[] = [Int32Array.from({ length: width }, (_, j) => j)];
  const found: { id: number; distance: number }[] = [];
  let previous = '';
  /** rows[d] holds the row of the first d characters of `previous`, for d up to `valid` */
  let valid = 0;
  let id = 0;
  while (id < terms.length) {
    const term = terms[id]!;
    let depth = 0;
    const same = Math.min(valid, term.length);
    while (depth < same && term.charCodeAt(depth) === previous.charCodeAt(depth)) depth++;
    let pruned = false;
    for (; depth < term.length; depth++) {
      const above = rows[depth]!;
      const row = (rows[depth + 1] ??= new Int32Array(width));
      const ch = term.charCodeAt(depth);
      row[0] = depth + 1;
      let best = row[0];
      for (let j = 1; j < width; j++) {
        const value = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + (word.charCodeAt(j - 1) === ch ? 0 : 1));
        row[j] = value;
        if (value < best) best = value;
      }
      if (best > max) {
        pruned = true;
        break;
      }
    }
    previous = term;
    if (pruned) {
      valid = depth;
      id = pastPrefix(terms, term.slice(0, depth + 1), id);
      continue;
    }
    valid = term.length;
    const distance = rows[term.length]![word.length]!;
    if (distance <= max) found.push({ id, distance });
    id++;
  }
  return found;
}

/**
 * The terms a query word's term matches, with their weights; none when nothing matches. Typos
 * are forgiven only for a word the dictionary does not have as typed.
 */
export function expand(index: SearchIndex, term: string, typos: number): Expansion[] {
  const { terms, df } = index.dictionary;
  const out: Expansion[] = [];
  const taken = new Set<number>();
  let at = lowerBound(terms, term);
  const exact = terms[at] === term;
  if (exact) {
    out.push({ id: at, weight: 1 });
    taken.add(at);
    at++;
  }
  const completions: number[] = [];
  for (; at < terms.length && terms[at]!.startsWith(term); at++) completions.push(at);
  if (completions.length > SEARCH_PREFIX_TERMS_MAX) completions.sort((a, b) => df[b]! - df[a]! || a - b).length = SEARCH_PREFIX_TERMS_MAX;
  for (const id of completions) {
    const length = terms[id]!.length;
    out.push({ id, weight: (PREFIX_WEIGHT * length) / (length + 0.3 * (length - term.length)) });
    taken.add(id);
  }
  // A word the pages have as typed is no typo: its neighbours (`house` for `horse`) are other words.
  if (typos > 0 && !exact) {
    const near = termsWithin(terms, term, typos).filter(({ id }) => !taken.has(id));
    near.sort((a, b) => a.distance - b.distance || df[b.id]! - df[a.id]! || a.id - b.id);
    for (const { id, distance } of near.slice(0, SEARCH_TYPO_TERMS_MAX)) {
      const length = terms[id]!.length;
      out.push({ id, weight: (TYPO_WEIGHT * length) / (length + distance) });
    }
  }
  return out;
}
