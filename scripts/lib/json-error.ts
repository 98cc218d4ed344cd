/**
 * Where a text stops being JSON, for a build problem. JSON.parse's own message quotes the text
 * around the error (V8: `Unexpected token 's', "secret-…" is not valid JSON`), so printing it
 * would copy a file the build could not read into build logs, text after the error included.
 * This names the position and what was wrong there, and nothing of the text.
 */

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

/** The problem message for a file that JSON.parse refused: where, never what. */
export function invalidJsonMessage(text: string): string {
  const error = jsonError(text);
  return error ? `is not valid JSON: ${error.reason} at line ${error.line}, column ${error.column}` : 'is not valid JSON';
}
