/**
 * Where a text stops being JSON, for a build problem. JSON.parse's own message quotes the text
 * around the error (V8: `Unexpected token 's', "secret-…" is not valid JSON`), so printing it
 * would copy a file the build could not read into build logs, text after the error included.
 * This names the position and what was wrong there, with a short frame of the text BEFORE it:
 * up to two lines and the error line cut where the error is, each at most FRAME_WIDTH
 * characters, control characters as visible escapes. Nothing at or after the error position is
 * shown, so a file broken just before a pasted secret does not print the secret; what comes
 * before is the editor's own content, read from the content tree only (links are refused
 * before any file is read, scripts/lib/content-tree.ts), which the build would publish anyway.
 */
import { visibleControls } from './control-chars';

const FRAME_LINES_BEFORE = 2;
const FRAME_WIDTH = 72;

export interface JsonError {
  /** 1-based */
  line: number;
  /** 1-based, in UTF-16 code units as editors' column counters mostly count */
  column: number;
  reason: string;
}

type Expect = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close' | 'end';

const NUMBER_RE = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4_RE = /[0-9a-fA-F]{4}/y;
const LITERALS = ['true', 'false', 'null'];
const SIMPLE_ESCAPES = '"\\/bfnrt';

/** The offset of the first character JSON's grammar (RFC 8259) does not allow there, or null for valid JSON. */
function firstErrorOffset(text: string): { offset: number; reason: string } | null {
  // An explicit stack, not recursion: a file of a million `[` must not overflow the build's stack.
  const stack: ('[' | '{')[] = [];
  let i = 0;
  let expect: Expect = 'value';
  const fail = (reason: string) => ({ offset: i, reason });
  const afterValue = (): Expect => (stack.length > 0 ? 'comma-or-close' : 'end');

  const scanString = () => {
    i++;
    for (;;) {
      if (i >= text.length) return fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return null;
      }
      if (c < 0x20) return fail('control character in a string');
      if (c !== 0x5c) {
        i++;
        continue;
      }
      const escape = text[i + 1];
      if (escape !== undefined && SIMPLE_ESCAPES.includes(escape)) {
        i += 2;
        continue;
      }
      HEX4_RE.lastIndex = i + 2;
      if (escape !== 'u' || !HEX4_RE.test(text)) return fail('invalid escape in a string');
      i += 6;
    }
  };

  for (;;) {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
    if (i >= text.length) return expect === 'end' ? null : fail('unexpected end of file');
    const c = text[i]!;
    const top = stack[stack.length - 1];
    switch (expect) {
      case 'end':
        return fail('unexpected character after the end of the JSON value');
      case 'colon':
        if (c !== ':') return fail('expected ":"');
        i++;
        expect = 'value';
        continue;
      case 'comma-or-close':
        if (c === ',') {
          i++;
          expect = top === '{' ? 'key' : 'value';
        } else if ((c === ']' && top === '[') || (c === '}' && top === '{')) {
          i++;
          stack.pop();
          expect = afterValue();
        } else return fail(`expected "," or "${top === '{' ? '}' : ']'}"`);
        continue;
      case 'key':
      case 'key-or-close':
        if (c === '}' && expect === 'key-or-close') {
          i++;
          stack.pop();
          expect = afterValue();
          continue;
        }
        if (c !== '"') return fail('expected a property name in double quotes');
        {
          const error = scanString();
          if (error) return error;
        }
        expect = 'colon';
        continue;
      case 'value':
      case 'value-or-close':
        if (c === ']' && expect === 'value-or-close') {
          i++;
          stack.pop();
          expect = afterValue();
          continue;
        }
        if (c === '[' || c === '{') {
          stack.push(c);
          i++;
          expect = c === '[' ? 'value-or-close' : 'key-or-close';
          continue;
        }
        if (c === '"') {
          const error = scanString();
          if (error) return error;
        } else if (c === '-' || (c >= '0' && c <= '9')) {
          NUMBER_RE.lastIndex = i;
          const number = NUMBER_RE.exec(text);
          if (!number) return fail('invalid number');
          i += number[0].length;
        } else {
          const literal = LITERALS.find((word) => text.startsWith(word, i));
          if (!literal) return fail('unexpected character');
          i += literal.length;
        }
        expect = afterValue();
        continue;
    }
  }
}

/** Line, column and reason of the first error in `text`, or null when it is valid JSON. */
export function jsonError(text: string): JsonError | null {
  const found = firstErrorOffset(text);
  if (!found) return null;
  const before = text.slice(0, found.offset);
  const lastBreak = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: found.offset - lastBreak, reason: found.reason };
}

/** A line of the frame as a terminal shows it: one column per character it counts. */
const shown = (line: string) => visibleControls(line.replace(/\r$/, '').replace(/\t/g, ' '));

/**
 * The lines before the error and the error line up to (not including) the error, numbered,
 * with a caret under the error's column. `text` must be invalid JSON.
 */
export function jsonErrorFrame(text: string): string {
  const found = firstErrorOffset(text);
  if (!found) return '';
  const lines = text.slice(0, found.offset).split('\n');
  const lastNumber = lines.length;
  const from = Math.max(0, lines.length - 1 - FRAME_LINES_BEFORE);
  const gutter = String(lastNumber).length;
  const rows = lines.slice(from).map((line, k, all) => {
    const text = shown(line);
    const isErrorLine = k === all.length - 1;
    // The error line keeps its end (where the error is), a line before keeps its start.
    const cut = text.length <= FRAME_WIDTH ? text : isErrorLine ? `…${text.slice(-FRAME_WIDTH)}` : `${text.slice(0, FRAME_WIDTH)}…`;
    return { number: from + k + 1, cut };
  });
  const errorRow = rows[rows.length - 1]!;
  return [
    ...rows.map((r) => `  ${String(r.number).padStart(gutter)} | ${r.cut}`),
    `  ${' '.repeat(gutter)} | ${' '.repeat(errorRow.cut.length)}^`,
  ].join('\n');
}

/** The problem message for a file that JSON.parse refused: where, and the frame before it. */
export function invalidJsonMessage(text: string): string {
  const error = jsonError(text);
  return error
    ? `is not valid JSON: ${error.reason} at line ${error.line}, column ${error.column}\n${jsonErrorFrame(text)}`
    : 'is not valid JSON';
}
