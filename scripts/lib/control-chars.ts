/**
 * Characters that a terminal or a text viewer acts on instead of showing: C0 and C1 controls
 * and DEL (ESC and CSI start escape sequences that can move the cursor, rewrite what is on the
 * screen, set the window title or, in some terminals, write files), the Unicode line and
 * paragraph separators, and the bidi embedding, override and isolate controls that make text
 * read in another order than it is stored ("Trojan Source"). Visitors type form entries, and
 * `npm run forms` prints them to an operator's terminal, so such characters are shown as
 * visible escapes: ESC as `\x1b`, U+202E as `\u202e`. A visitor who typed a backslash
 * sequence like that reads the same; the JSON export keeps the exact text.
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const hex = (code: number, digits: number) => code.toString(16).padStart(digits, '0');

/** `c` as a visible escape: `\x1b` up to U+00FF, `\u202e` above. */
export function escapeOf(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
}

/** The text with every control character (but those in `keep`) as a visible escape. */
export function visibleControls(text: string, keep = ''): string {
  return text.replace(CONTROL_CHARS, (c) => (keep.includes(c) ? c : escapeOf(c)));
}

/** What JSON.stringify leaves raw of them: it escapes C0 in strings, and its own newlines are C0. */
const LEFT_RAW_BY_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON.stringify's output with the control characters it leaves raw (DEL, C1, U+2028/2029,
 * bidi) as `\u` escapes: the same document to a parser, and nothing a terminal acts on. They
 * can only occur inside strings, since JSON.stringify puts only spaces and newlines between tokens.
 */
export function jsonWithEscapedControls(json: string): string {
  return json.replace(LEFT_RAW_BY_JSON, (c) => `\\u${hex(c.charCodeAt(0), 4)}`);
}
