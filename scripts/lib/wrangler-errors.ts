/**
 * Wrangler's own message, in one line, out of what a failed wrangler command printed. Wrangler
 * frames an error in colour over a dozen lines (advice on DNS, a link to file a bug, where its
 * log went); an operator whose deploy stopped needs only the cause: "Unable to resolve
 * Cloudflare's API hostname", or the API's answer with its code ("Invalid access token [code:
 * 9109]"). Pure, so it is tested on outputs captured from wrangler itself.
 */

// Colours and cursor moves: wrangler prints them even into a pipe.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** `✘ [ERROR] headline` (or `X [ERROR]` where the terminal has no such glyph). */
const ERROR_LINE = /^\S*\s*\[ERROR\]\s+(.*)$/;
/** The API's own words under the headline: `Invalid access token [code: 9109]`. */
const API_CODE = /\[code: \d+\]/;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/**
 * The first `[ERROR]` headline, followed by the API's answer when the detail carries one; else
 * the last line that is not wrangler's pointer to its log file. Null when wrangler printed nothing.
 */
export function wranglerMessage(output: string): string | null {
  const lines = stripAnsi(output)
    .split(/\r?\n/)
    .map((line) => line.trim());
  const at = lines.findIndex((line) => ERROR_LINE.test(line));
  if (at !== -1) {
    const headline = ERROR_LINE.exec(lines[at]!)![1]!.trim();
    const detail = lines.slice(at + 1).find((line) => line !== '');
    return detail && API_CODE.test(detail) ? `${headline} ${detail}` : headline;
  }
  const last = lines.filter((line) => line !== '' && !/Logs were written to/.test(line)).at(-1);
  return last ?? null;
}

/** `wrangler d1 migrations apply: <its message>`: the sub-command (no ids or flags), then the cause. */
export function wranglerFailureLine(args: readonly string[], output: string, code: number | null): string {
  // Sub-commands are short lower-case words; a binding (FORMS_DB), an id or a flag ends them.
  const end = args.findIndex((a) => !/^[a-z][a-z0-9]{0,11}$/.test(a));
  const commandName = ['wrangler', ...args.slice(0, Math.min(end === -1 ? args.length : end, 3))].join(' ');
  return `${commandName}: ${wranglerMessage(output) ?? `exited with ${code} and printed nothing`}`;
}
