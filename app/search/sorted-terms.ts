/** Lookups in a dictionary's terms, which are sorted by code unit (./record.ts). */

/** The first index whose term is not below `word` in the sorted terms. */
export function lowerBound(terms: readonly string[], word: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (terms[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of `term` in the sorted terms, or -1 when they do not have it. */
export function indexOfTerm(terms: readonly string[], term: string): number {
  const at = lowerBound(terms, term);
  return terms[at] === term ? at : -1;
}
