/** The URL-encoded parser over every way a body can be cut into chunks, against URLSearchParams on the whole. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { UrlEncodedError, UrlEncodedParser } from '../../../worker/forms/urlencoded';
import { checkProperty } from '../../support/property';

function parse(bytes: Uint8Array, cuts: readonly number[], maxPairs = 1_000): Map<string, string> {
  const parser = new UrlEncodedParser(maxPairs);
  let from = 0;
  for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b).concat(bytes.length)) {
    parser.push(bytes.subarray(from, cut));
    from = cut;
  }
  return parser.end();
}

/** Bodies made of what a decoder trips on: separators, escapes (whole, cut, invalid) and multi-byte characters. */
const text = fc
  .array(fc.constantFrom('a', 'b', '=', '&', '&&', '+', '%', '%2', '%26', '%3D', '%C3%A4', '%zz', 'ä', '€', '😀', '?', ' '), {
    maxLength: 40,
  })
  .map((pieces) => pieces.join(''));
const cuts = fc.array(fc.nat(), { maxLength: 20 });

describe('a URL-encoded body cut into chunks anywhere', () => {
  test('gives the values URLSearchParams gives for the whole text, for every split', () => {
    checkProperty(
      fc.property(text, cuts, (body, cs) => {
        const expected = new Map(new URLSearchParams(`&${body}`));
        expect(parse(new TextEncoder().encode(body), cs)).toEqual(expected);
      }),
    );
  });

  test('is refused for too many pairs however it is split, and not for as many as the limit', () => {
    checkProperty(
      fc.property(fc.integer({ min: 1, max: 30 }), cuts, (limit, cs) => {
        const pairs = (n: number) => new TextEncoder().encode(Array.from({ length: n }, (_, i) => `k${i}=v`).join('&'));
        expect(parse(pairs(limit), cs, limit).size).toBe(limit);
        expect(() => parse(pairs(limit + 1), cs, limit)).toThrow(UrlEncodedError);
      }),
    );
  });
});
