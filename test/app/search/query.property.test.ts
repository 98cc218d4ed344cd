/** Queries are input from outside: any Unicode, any length, never an error or markup. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { SEARCH_QUERY_MAX_CHARS } from '../../../app/constants';
import { SEARCH_MAX_QUERY_WORDS, searchIn } from '../../../app/search/engine';
import { SEARCH_PREFIX_TERMS_MAX, SEARCH_TYPO_TERMS_MAX } from '../../../app/search/expand';
import { words } from '../../../app/search/fold';
import { parseSearchParams } from '../../../app/search/query';
import { memorySearchSource, openSearchIndex } from '../../../app/search/store';
import { checkProperty } from '../../support/property';
import { indexOf, storedIndex } from './in-memory-index';

const DOCS = [
  {
    path: '/de/a',
    text: {
      title: 'Wohnkredit',
      description: '',
      headings: 'Zinsen',
      body: 'Ihr Wohnkredit <b>mit</b> festem Zins. Äpfel & Birnen (.*+?) [a-z]',
    },
  },
  { path: '/de/b', text: { title: 'Kontakt', description: 'Rufen Sie an', headings: '', body: 'Telefon und E-Mail' } },
];
const index = await indexOf('de-DE', DOCS);

/** 40 pages of a few KB, most words on one page only: many term and page-text records. */
const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi'];
const pseudoWord = (n: number) => [n % 8, (n >> 3) % 8, (n >> 6) % 8, (n >> 9) % 8].map((i) => syllables[i]).join('');
const MANY = Array.from({ length: 40 }, (_, p) => ({
  path: `/en/p${p}`,
  text: {
    title: `Page ${pseudoWord(p)}`,
    description: '',
    headings: '',
    body: `common ${Array.from({ length: 400 }, (_, i) => pseudoWord(p * 97 + i * 13)).join(' ')}`,
  },
}));
const many = storedIndex('en', MANY);

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.constantFrom('(', '*', '[', '\\', '.*', '<script>', '\u0000', '\u202e', 'a'.repeat(5000)),
);

describe('search queries', () => {
  test('any query string either parses to a normalised query within the limit or is refused as too long', () => {
    checkProperty(
      fc.property(anyText, (q) => {
        const parsed = parseSearchParams({ q });
        if (parsed.ok) {
          expect(parsed.params.q.length).toBeLessThanOrEqual(SEARCH_QUERY_MAX_CHARS);
          expect(parsed.params.q).toBe(parsed.params.q.trim());
          expect(parsed.params.q).not.toMatch(/\p{Cc}/u);
        } else expect(parsed.problem).toBe('too-long');
      }),
    );
  });

  test('any page parameter is a number from 1 to 100 or refused', () => {
    checkProperty(
      fc.property(fc.string({ maxLength: 8 }), (page) => {
        const parsed = parseSearchParams({ q: 'x', page });
        if (parsed.ok) expect(parsed.params.page).toSatisfy((n: number) => Number.isInteger(n) && n >= 1 && n <= 100);
        else expect(parsed.problem).toBe('bad-page');
      }),
    );
  });

  test('any query is answered without throwing, with excerpts that are the page text itself, never markup of their own', async () => {
    await checkProperty(
      fc.asyncProperty(anyText, fc.integer({ min: -5, max: 200 }), async (q, page) => {
        const answer = await searchIn(index, q.slice(0, SEARCH_QUERY_MAX_CHARS), page);
        expect(answer.page).toBeGreaterThanOrEqual(1);
        expect(answer.page).toBeLessThanOrEqual(answer.pageCount);
        for (const hit of answer.hits) {
          const { text, marks } = hit.excerpt;
          expect(marks.every((at, i) => at <= text.length && (i === 0 || at > marks[i - 1]!))).toBe(true);
          expect(DOCS.some(({ text: { body, description } }) => body.includes(text) || description.includes(text))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('a query spelled with other case or diacritics finds what its plain spelling finds', async () => {
    const paths = async (q: string) => (await searchIn(index, q)).hits.map((h) => h.path);
    await checkProperty(
      fc.asyncProperty(
        fc.constantFrom('wohnkredit', 'zins', 'apfel', 'kontakt', 'telefon'),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        async (word, upper) => {
          const shouted = [...word].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join('');
          const marked = shouted.replace(/a/g, 'ä').replace(/o/g, 'ö');
          const plain = await paths(word);
          expect(await paths(shouted)).toEqual(plain);
          expect(await paths(marked)).toEqual(plain);
        },
      ),
      { numRuns: 50 },
    );
  });

  test('any query reads the dictionary, at most the term records its words can match and one page-text record per result shown, each once', async () => {
    const queryText = fc.oneof(
      anyText,
      fc.array(fc.integer({ min: 0, max: 4095 }).map(pseudoWord), { minLength: 1, maxLength: 10 }).map((ws) => ws.join(' ')),
      fc.array(fc.constantFrom('k', 'ka', 'lo', 'common', 'page', 'kalo'), { minLength: 1, maxLength: 10 }).map((ws) => ws.join(' ')),
    );
    await checkProperty(
      fc.asyncProperty(queryText, fc.integer({ min: 1, max: 5 }), async (q, page) => {
        const query = q.slice(0, SEARCH_QUERY_MAX_CHARS);
        const source = memorySearchSource(many.records);
        const answer = await searchIn((await openSearchIndex(source, many.hash))!, query, page);
        const queryWords = Math.min(words(query).length, SEARCH_MAX_QUERY_WORDS);
        expect(new Set(source.reads).size).toBe(source.reads.length);
        expect(source.reads.length).toBeLessThanOrEqual(
          1 + queryWords * (1 + SEARCH_PREFIX_TERMS_MAX + SEARCH_TYPO_TERMS_MAX) + answer.hits.length,
        );
        const docRecords = source.reads.filter((key) => many.records.get(key)!.includes('"kind":"docs"'));
        expect(docRecords.length).toBeLessThanOrEqual(answer.hits.length);
      }),
      { numRuns: 60 },
    );
  });
});
