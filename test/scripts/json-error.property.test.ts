import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { invalidJsonMessage, jsonError } from '../../scripts/lib/json-error';
import { checkProperty } from '../support/property';

/** JSON text, then cut, spliced or sprinkled with the characters that break it. */
const almostJson = fc
  .tuple(
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v, null, 1)),
    fc.nat(),
    fc.constantFrom('', ',', '}', ']', '"', '\\', ':', '\n', '-', '0', '1e', 'tru', '\u0001', '\uFEFF', '\\u12', ' x'),
    fc.boolean(),
  )
  .map(([text, at, piece, cut]) => {
    const i = at % (text.length + 1);
    return cut ? text.slice(0, i) : text.slice(0, i) + piece + text.slice(i);
  });

describe('where a text stops being JSON', () => {
  test('a position is named exactly when JSON.parse refuses the text', () => {
    checkProperty(
      fc.property(fc.oneof(almostJson, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 })), (text) => {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        expect(jsonError(text) === null).toBe(parses);
      }),
      { numRuns: 2000 },
    );
  });

  test('the message names the line and column, and quotes nothing of the text', () => {
    const text = '{\n  "title": "Loans",\n  "token": secret-value-after-the-error\n}';
    expect(invalidJsonMessage(text)).toBe('is not valid JSON: unexpected character at line 3, column 12');
  });

  test('an unfinished file is named as ending early, at its last position', () => {
    expect(jsonError('{ "title": ')).toEqual({ line: 1, column: 12, reason: 'unexpected end of file' });
  });

  test('a million opening brackets are named without exhausting the stack', () => {
    expect(jsonError('['.repeat(1_000_000))?.reason).toBe('unexpected end of file');
  });
});
