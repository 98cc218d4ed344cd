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

/** A fresh global word pattern, for walking a text's words with `exec`. */
export const wordPattern = () => new RegExp(WORD.source, WORD.flags);

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const MARK = /^\p{M}$/u;
const OTHER = 1;
const WORD_START = 2;
const WORD_MARK = 3;
/** Each UTF-16 code unit's kind (OTHER, WORD_START, WORD_MARK), 0 until first seen: WORD's classes, looked up once. */
const unitKinds = new Uint8Array(0x10000);

function kindOf(char: string): number {
  return LETTER_OR_DIGIT.test(char) ? WORD_START : MARK.test(char) ? WORD_MARK : OTHER;
}

/** The kind of the character at `at` and its length in code units (a surrogate pair is one character). */
function charAt(text: string, at: number): { kind: number; length: number } {
  const unit = text.charCodeAt(at);
  if (unit >= 0xd800 && unit <= 0xdbff && at + 1 < text.length) {
    const low = text.charCodeAt(at + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return { kind: kindOf(text.slice(at, at + 2)), length: 2 };
  }
  let kind = unitKinds[unit]!;
  if (kind === 0) unitKinds[unit] = kind = kindOf(text[at]!);
  return { kind, length: 1 };
}

const isAsciiWordUnit = (unit: number) =>
  (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x30 && unit <= 0x39);

/**
 * Walks the words of `text` as `words` finds them (WORD), calling `visit` with each one's start
 * and end. The search index walks each text its excerpts show (SearchIndex.wordsOf) without a
 * regular expression's match per word, which cost more than the rest of an excerpt.
 */
export function forEachWord(text: string, visit: (start: number, end: number) => void): void {
  const length = text.length;
  let at = 0;
  while (at < length) {
    const unit = text.charCodeAt(at);
    let size = 1;
    if (!isAsciiWordUnit(unit)) {
      if (unit < 0x80) {
        at++;
        continue;
      }
      const char = charAt(text, at);
      if (char.kind !== WORD_START) {
        at += char.length;
        continue;
      }
      size = char.length;
    }
    const start = at;
    at += size;
    while (at < length) {
      const next = text.charCodeAt(at);
      if (isAsciiWordUnit(next)) at++;
      else if (next < 0x80) break;
      else {
        const char = charAt(text, at);
        if (char.kind === OTHER) break;
        at += char.length;
      }
    }
    visit(start, at);
  }
}

export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** The function that turns a word of a text in `lang` into its term. */
export function termMaker(lang: string): (word: string) => string {
  const stem = stemmerFor(lang);
  return stem ? (word) => fold(stem(word.toLowerCase())) : fold;
}
