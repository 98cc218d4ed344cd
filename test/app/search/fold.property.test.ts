/** The word walk the excerpts use finds exactly the words `words` finds, in any script and any spelling. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { forEachWord, wordPattern } from '../../../app/search/fold';
import { checkProperty, hostileString } from '../../support/property';

const spans = (text: string) => {
  const out: [number, number][] = [];
  forEachWord(text, (start, end) => void out.push([start, end]));
  return out;
};
const regexSpans = (text: string) => [...text.matchAll(wordPattern())].map((m): [number, number] => [m.index, m.index + m[0].length]);

/** Letters, digits, marks and separators of several scripts, astral ones and lone surrogates among them. */
const scriptText = fc
  .array(
    fc.constantFrom(
      'a',
      'Z',
      '7',
      'é',
      'ß',
      'Ä',
      'й',
      'Ж',
      'ł',
      '中',
      '٣',
      '\u0301',
      '\u0308',
      '𝐀',
      '😀',
      '\ud83d',
      '\ude00',
      ' ',
      '-',
      '.',
      '’',
      '\u00a0',
      '_',
    ),
    { maxLength: 40 },
  )
  .map((units) => units.join(''));

describe('forEachWord', () => {
  test('walks the same words, at the same places, as the word pattern', () => {
    checkProperty(
      fc.property(fc.oneof(hostileString(), scriptText, fc.string({ unit: 'binary', maxLength: 40 })), (text) => {
        expect(spans(text)).toEqual(regexSpans(text));
      }),
      { numRuns: 500 },
    );
  });
});
