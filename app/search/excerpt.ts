/**
 * The excerpt a result shows: page text around the first matched word, cut at word
 * boundaries, each matched word marked. Parts, not HTML: the renderer wraps marked parts in
 * <mark>, so page text is never markup.
 */
import { SEARCH_EXCERPT_MAX_CHARS } from '../constants';
import { forEachWord } from './fold';

export interface ExcerptPart {
  text: string;
  mark?: true;
  /**
   * where the window cuts the text, before or after it (its text is empty): the screen draws
   * the ellipsis with CSS, so that an English page's HTML and boot data stay Latin-1. One
   * character past U+00FF makes V8 build the whole page as a two-byte string and encode it
   * the slow way, which cost the search page a fifth of its instructions (docs/search.md).
   */
  cut?: true;
}

/** How much of the window comes before the first match. */
const LEAD_FRACTION = 1 / 3;

export function excerptOf(
  body: string,
  matched: ReadonlySet<string>,
  term: (word: string) => string,
  maxChars = SEARCH_EXCERPT_MAX_CHARS,
): ExcerptPart[] {
  // The words up to the end of the window only (a long body is not split past what is shown),
  // each with whether it matched.
  const starts: number[] = [];
  const ends: number[] = [];
  const hits: boolean[] = [];
  let first = -1;
  let limit = Infinity;
  forEachWord(body, (wordStart, wordEnd) => {
    const hit = matched.has(term(body.slice(wordStart, wordEnd)));
    starts.push(wordStart);
    ends.push(wordEnd);
    hits.push(hit);
    if (hit && first < 0) {
      first = wordStart;
      limit = Math.max(0, first - Math.floor(maxChars * LEAD_FRACTION)) + maxChars;
    }
    return wordStart >= limit;
  });
  let start = first >= 0 ? Math.max(0, first - Math.floor(maxChars * LEAD_FRACTION)) : 0;
  let end = Math.min(body.length, start + maxChars);
  // Whole words only: move the edges out of a word they fall inside.
  for (let i = 0; i < starts.length; i++) {
    if (starts[i]! < start && ends[i]! > start) start = ends[i]!;
    if (starts[i]! < end && ends[i]! > end) end = starts[i]!;
  }
  const parts: ExcerptPart[] = [];
  let at = start;
  for (let i = 0; i < starts.length; i++) {
    if (!hits[i] || starts[i]! < start || ends[i]! > end) continue;
    if (starts[i]! > at) parts.push({ text: body.slice(at, starts[i]) });
    parts.push({ text: body.slice(starts[i], ends[i]), mark: true });
    at = ends[i]!;
  }
  if (end > at) parts.push({ text: body.slice(at, end) });
  if (parts.length === 0) return parts;
  const cut: ExcerptPart = { text: '', cut: true };
  return [...(start > 0 ? [cut] : []), ...parts, ...(end < body.length ? [cut] : [])];
}
