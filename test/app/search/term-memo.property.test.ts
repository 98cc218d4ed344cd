/**
 * What a search index remembers between queries: a word looked up where it stands in a text has
 * the term the build makes of it, and a text's words are the words the walk finds, with their terms.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { forEachWord, termMaker } from '../../../app/search/fold';
import { indexOfTerm } from '../../../app/search/sorted-terms';
import { SEARCH_TERM_MEMO_MAX_WORDS, SEARCH_TEXT_MEMO_MAX_WORDS } from '../../../app/search/store';
import { checkProperty, hostileString } from '../../support/property';
import { indexOf } from './in-memory-index';

const PAGES = [{ path: '/p', text: { title: 'Page', description: '', headings: '', body: 'Straße und Äpfel, Wörter words 12 Loans' } }];

describe("a search index's remembered terms", async () => {
  const index = await indexOf('de-DE', PAGES);
  const build = termMaker('de-DE');

  test('any word of any text, looked up where it stands, has the term of the word on its own', () => {
    checkProperty(
      fc.property(fc.array(hostileString(), { minLength: 1, maxLength: 6 }), (texts) => {
        for (const text of [...texts, ...texts]) {
          forEachWord(text, (start, end) => {
            expect(index.termAt(text, start, end)).toBe(build(text.slice(start, end)));
            expect(index.term(text.slice(start, end))).toBe(build(text.slice(start, end)));
          });
        }
      }),
    );
  });

  test('words whose hashes are equal each keep their own term', async () => {
    // 'Aa' and 'BB' (and 'AaBB' and 'BBAa') have equal hashes in the memo, as in Java's String.hashCode.
    const memo = await indexOf('en', PAGES);
    for (let round = 0; round < 2; round++) {
      expect(memo.termAt('x Aa y', 2, 4)).toBe('aa');
      expect(memo.termAt('BB', 0, 2)).toBe('bb');
      expect(memo.termAt('AaBB BBAa', 0, 4)).toBe('aabb');
      expect(memo.termAt('AaBB BBAa', 5, 9)).toBe('bbaa');
    }
  });

  test('a full memo starts again and keeps answering right', async () => {
    const memo = await indexOf('en', PAGES);
    expect(memo.term('Loans')).toBe('loan');
    for (let i = 0; i <= SEARCH_TERM_MEMO_MAX_WORDS; i++) memo.term(`w${i}`);
    expect(memo.term('Loans')).toBe('loan');
    expect(memo.termAt('cheap Loans', 6, 11)).toBe('loan');
  });

  test("any text's words are where the walk finds them, each with its term's place in the dictionary, asked once or again", () => {
    const { terms } = index.dictionary;
    checkProperty(
      fc.property(
        fc.array(fc.oneof(hostileString(), fc.constantFrom('Straße und Äpfel', 'wörter, WORDS; 12')), { minLength: 1, maxLength: 4 }),
        (texts) => {
          for (const text of [...texts, ...texts]) {
            const bounds: number[] = [];
            const termIds: number[] = [];
            forEachWord(text, (start, end) => {
              bounds.push(start, end);
              termIds.push(indexOfTerm(terms, build(text.slice(start, end))));
            });
            const words = index.wordsOf(text);
            expect([...words.bounds]).toEqual(bounds);
            expect([...words.termIds]).toEqual(termIds);
          }
        },
      ),
    );
    expect([...index.wordsOf('Äpfel und Birnen').termIds].map((id) => terms[id] ?? null)).toEqual(['apfel', 'und', null]);
  });

  test("a full memo of texts' words starts again and keeps answering right", async () => {
    const memo = await indexOf('de-DE', PAGES);
    const long = 'wort '.repeat(SEARCH_TEXT_MEMO_MAX_WORDS / 2).trim();
    memo.wordsOf(long);
    memo.wordsOf(`${long} x`);
    memo.wordsOf(`${long} y`);
    expect([...memo.wordsOf('Äpfel 12').bounds]).toEqual([0, 5, 6, 8]);
  });
});
