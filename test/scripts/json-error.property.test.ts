import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { visibleControls } from '../../scripts/lib/control-chars';
import { invalidJsonMessage, jsonError, jsonErrorFrame } from '../../scripts/lib/json-error';
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

  test('the message names the line and column, then frames the text before the error and none after', () => {
    const text = '{\n  "title": "Loans",\n  "token": secret-value-after-the-error\n}';
    expect(invalidJsonMessage(text)).toBe(
      [
        'is not valid JSON: unexpected character at line 3, column 12',
        '  1 | {',
        '  2 |   "title": "Loans",',
        '  3 |   "token": ',
        '    |            ^',
      ].join('\n'),
    );
  });

  test('the frame shows only text from before the error position, two lines and the error line at most', () => {
    checkProperty(
      fc.property(almostJson, (text) => {
        const error = jsonError(text);
        fc.pre(error !== null);
        const lines = jsonErrorFrame(text).split('\n');
        expect(lines.length).toBeLessThanOrEqual(4);
        const offset =
          text
            .split('\n')
            .slice(0, error.line - 1)
            .join('\n').length +
          (error.line > 1 ? 1 : 0) +
          error.column -
          1;
        // Each line as the frame shows it (tabs as spaces, controls escaped), up to the error.
        const before = text
          .slice(0, offset)
          .split('\n')
          .map((line) => visibleControls(line.replace(/\r$/, '').replace(/\t/g, ' ')));
        for (const line of lines.slice(0, -1)) {
          const [, number, shown] = /^ +(\d+) \| (.*)$/s.exec(line)!;
          expect(before[Number(number) - 1]).toContain(shown!.replace(/^…|…$/g, ''));
        }
      }),
      { numRuns: 500 },
    );
  });

  test('a secret right after the error on a long minified line is not printed, nor a terminal escape', () => {
    const text = `{"intro":"${'a'.repeat(500)}", \u001b]0;owned\u0007 "token": "s3cret"}`;
    const message = invalidJsonMessage(text);
    expect(message).not.toContain('s3cret');
    expect(message).not.toContain('\u001b');
    expect(message.split('\n').every((line) => line.length <= 90)).toBe(true);
  });

  test('an unfinished file is named as ending early, at its last position', () => {
    expect(jsonError('{ "title": ')).toEqual({ line: 1, column: 12, reason: 'unexpected end of file' });
  });

  test('a million opening brackets are named without exhausting the stack', () => {
    expect(jsonError('['.repeat(1_000_000))?.reason).toBe('unexpected end of file');
  });
});
