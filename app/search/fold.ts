/**
 * How text becomes search terms, the same for the page text the build indexes and the query a
 * visitor types: words are runs of letters and digits (any script), lowercased, stemmed where
 * the locale's language has a stemmer (./stemmers.ts), then folded (diacritics dropped, so
 * `Äripäev` and `aripaev` are one term). Stemming comes before folding because the stemmers
 * know their alphabets (`ü`, `й`).
 */
import { stemmerFor } from './stemmers';

/** Letters without a decomposition that folding would otherwise keep. */
const LETTER_FOLDS = new Map([
  ['ß', 'ss'],
  ['ø', 'o'],
  ['đ', 'd'],
  ['ł', 'l'],
  ['æ', 'ae'],
  ['œ', 'oe'],
  ['ı', 'i'],
]);
const FOLDED_LETTER = /[ßøđłæœı]/g;
const COMBINING_MARK = /\p{M}+/gu;
/** A word: letters and digits of any script, with combining marks (kept with their letter until folded). */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/** Lowercase, without diacritics. */
export function fold(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFKD')
    .replace(COMBINING_MARK, '')
    .replace(FOLDED_LETTER, (letter) => LETTER_FOLDS.get(letter) ?? letter);
}

/** A fresh global word pattern, for walking a text's words with `exec` (an excerpt stops after its window). */
export const wordPattern = () => new RegExp(WORD.source, WORD.flags);

export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** The function that turns a word of a text in `lang` into its term. */
export function termMaker(lang: string): (word: string) => string {
  const stem = stemmerFor(lang);
  return stem ? (word) => fold(stem(word.toLowerCase())) : fold;
}
