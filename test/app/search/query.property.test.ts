/** Queries are input from outside: any Unicode, any length, never an error or markup. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { SEARCH_QUERY_MAX_CHARS } from '../../../app/constants';
import { buildSearchRecord, loadSearchIndex, searchIn } from '../../../app/search/engine';
import { parseSearchParams } from '../../../app/search/query';
import { checkProperty } from '../../support/property';

const index = loadSearchIndex(
  buildSearchRecord('de-DE', [
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
  ]),
);

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

  test('any query is answered without throwing, with excerpts that are the page text itself, never markup of their own', () => {
    checkProperty(
      fc.property(anyText, fc.integer({ min: -5, max: 200 }), (q, page) => {
        const answer = searchIn(index, q.slice(0, SEARCH_QUERY_MAX_CHARS), page);
        expect(answer.page).toBeGreaterThanOrEqual(1);
        expect(answer.page).toBeLessThanOrEqual(answer.pageCount);
        for (const hit of answer.hits) {
          const text = hit.excerpt
            .map((p) => p.text)
            .join('')
            .replace(/^… |…$| …$/g, '');
          expect(index.docs.some(([, , body, description]) => body.includes(text) || description.includes(text))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('a query spelled with other case or diacritics finds what its plain spelling finds', () => {
    checkProperty(
      fc.property(
        fc.constantFrom('wohnkredit', 'zins', 'apfel', 'kontakt', 'telefon'),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (word, upper) => {
          const shouted = [...word].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join('');
          const marked = shouted.replace(/a/g, 'ä').replace(/o/g, 'ö');
          const plain = searchIn(index, word).hits.map((h) => h.path);
          expect(searchIn(index, shouted).hits.map((h) => h.path)).toEqual(plain);
          expect(searchIn(index, marked).hits.map((h) => h.path)).toEqual(plain);
        },
      ),
      { numRuns: 50 },
    );
  });
});
