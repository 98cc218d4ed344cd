/**
 * The excerpt a result shows: page text around the first matched word, cut at word
 * boundaries, each matched word marked. Text and offsets, not HTML: the renderer wraps the
 * marked ranges in <mark>, so page text is never markup.
 */
import { SEARCH_EXCERPT_MAX_CHARS } from '../constants';
import type { TextWords } from './store';

export interface Excerpt {
  /** the page text shown, whole words */
  text: string;
  /** where the matched words are in `text`: start, end, start, end, ... rising */
  marks: number[];
  /**
   * whether the page's text goes on before and after `text`: the screen draws the ellipsis with
   * CSS, so that an English page's HTML and boot data stay Latin-1. One character past U+00FF
   * makes V8 build the whole page as a two-byte string and encode it the slow way, which cost the
   * search page a fifth of its instructions (docs/search.md).
   */
  cutStart: boolean;
  cutEnd: boolean;
}

/** How much of the window comes before the first match. */
const LEAD_FRACTION = 1 / 3;
/** V8 copies a shorter slice; a longer one is a view into the text it was cut from. */
const V8_SLICE_MIN_LENGTH = 13;

/**
 * `text.slice(start, end)` as a string of its own, not a view into `text`: V8's fast
 * JSON.stringify takes sequential strings only, and one sliced string anywhere in the search
 * page's boot data sent the whole of it down the slow path (docs/search.md). Joining two
 * pieces copies them into a new string.
 */
function copyOf(text: string, start: number, end: number): string {
  if (end - start < V8_SLICE_MIN_LENGTH) return text.slice(start, end);
  const middle = (start + end) >> 1;
  return [text.slice(start, middle), text.slice(middle, end)].join('');
}

/**
 * The excerpt of `text` whose words are `words` (SearchIndex.wordsOf), marking the words whose
 * term ids are `matched`.
 */
export function excerptOf(
  text: string,
  { bounds, termIds }: TextWords,
  matched: ReadonlySet<number>,
  maxChars = SEARCH_EXCERPT_MAX_CHARS,
): Excerpt {
  const lead = Math.floor(maxChars * LEAD_FRACTION);
  // The words up to the end of the window only (a long text is not walked past what is shown).
  let first = -1;
  let limit = Infinity;
  let words = 0;
  while (words < termIds.length) {
    const wordStart = bounds[2 * words]!;
    if (first < 0 && matched.has(termIds[words]!)) {
      first = wordStart;
      limit = Math.max(0, first - lead) + maxChars;
    }
    words++;
    if (wordStart >= limit) break;
  }
  let start = first >= 0 ? Math.max(0, first - lead) : 0;
  let end = Math.min(text.length, start + maxChars);
  // Whole words only: move the edges out of a word they fall inside.
  for (let i = 0; i < 2 * words; i += 2) {
    const wordStart = bounds[i]!;
    const wordEnd = bounds[i + 1]!;
    if (wordStart < start && wordEnd > start) start = wordEnd;
    if (wordStart < end && wordEnd > end) end = wordStart;
  }
  if (end <= start) return { text: '', marks: [], cutStart: false, cutEnd: false };
  const marks: number[] = [];
  for (let w = 0; w < words; w++) {
    const wordStart = bounds[2 * w]!;
    const wordEnd = bounds[2 * w + 1]!;
    if (wordStart >= start && wordEnd <= end && matched.has(termIds[w]!)) marks.push(wordStart - start, wordEnd - start);
  }
  return { text: copyOf(text, start, end), marks, cutStart: start > 0, cutEnd: end < text.length };
}
