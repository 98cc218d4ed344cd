/**
 * The excerpt a result shows: page text around the first matched word, cut at word
 * boundaries, each matched word marked. Parts, not HTML: the renderer wraps marked parts in
 * <mark>, so page text is never markup.
 */
import { SEARCH_EXCERPT_MAX_CHARS } from '../constants';
import { wordsWithOffsets } from './fold';

export interface ExcerptPart {
  text: string;
  mark?: true;
}

/** How much of the window comes before the first match. */
const LEAD_FRACTION = 1 / 3;

export function excerptOf(
  body: string,
  matched: ReadonlySet<string>,
  term: (word: string) => string,
  maxChars = SEARCH_EXCERPT_MAX_CHARS,
): ExcerptPart[] {
  const all = wordsWithOffsets(body);
  const first = all.find(({ word }) => matched.has(term(word)));
  let start = first ? Math.max(0, first.start - Math.floor(maxChars * LEAD_FRACTION)) : 0;
  let end = Math.min(body.length, start + maxChars);
  // Whole words only: move the edges out of a word they fall inside.
  const cut = all.find((w) => w.start < start && w.start + w.word.length > start);
  if (cut) start = cut.start + cut.word.length;
  const last = all.find((w) => w.start < end && w.start + w.word.length > end);
  if (last) end = last.start;
  const parts: ExcerptPart[] = [];
  let at = start;
  const plain = (to: number) => {
    if (to > at) parts.push({ text: body.slice(at, to) });
  };
  for (const { word, start: wordStart } of all) {
    if (wordStart < start || wordStart + word.length > end || !matched.has(term(word))) continue;
    plain(wordStart);
    parts.push({ text: word, mark: true });
    at = wordStart + word.length;
  }
  plain(end);
  if (parts.length === 0) return parts;
  return [...(start > 0 ? [{ text: '… ' }] : []), ...parts, ...(end < body.length ? [{ text: ' …' }] : [])];
}
