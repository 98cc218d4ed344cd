/**
 * The repository's .dev.vars (local secrets, `NAME=value` lines) as the scripts read it. wrangler
 * skips a line it cannot read without a word, and the local server then runs without that
 * secret: here a malformed line is named by number (never by its text, which may be a secret),
 * and a .dev.vars that cannot be read is said so, instead of being taken for an empty one.
 */
import { readFile } from 'node:fs/promises';

/** `NAME=value`, `NAME = "value"`, `export NAME=value`; a blank line or a `#` comment says nothing. */
const LINE = /^\s*(?:export\s+)?[A-Za-z_]\w*\s*=\s*(?:"[^"]*"\s*|'[^']*'\s*|[^"'#\s][^#]*)?(?:#.*)?$/;

/** The first line of `text` that is not a setting, a comment or blank, as one message; null when all are. */
export function devVarsProblem(text: string, shown = '.dev.vars'): string | null {
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!LINE.test(line)) return `${shown} line ${i + 1} is not NAME=value (a quoted value closes its quote on the same line)`;
  }
  return null;
}

/** The text of a .dev.vars, '' when there is none; an unreadable one throws a one-line Error. */
export async function readDevVars(path: string, shown = '.dev.vars'): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return '';
    throw new Error(`${shown} could not be read (${code ?? (err as Error).message})`, { cause: err });
  }
  const problem = devVarsProblem(text, shown);
  if (problem) throw new Error(problem);
  return text;
}
