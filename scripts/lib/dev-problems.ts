/**
 * Content problems as `npm run dev` shows them, in the terminal and in every open tab's overlay:
 * the file, the field, and the line and column of that field in the file, so an editor's
 * "go to line" lands on it. The build's problems name file and field only
 * (app/content/issues.ts); the position is found here, in the file's text.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContentProblem } from '../../app/content/issues';
import { jsonError } from './json-error';

export interface LocatedProblem extends ContentProblem {
  /** 1-based; absent when the file cannot be read or the field is nowhere in it */
  line?: number;
  column?: number;
}

/** `blocks[3].items[0].title` -> ['blocks', '3', 'items', '0', 'title']; '(root)', '(file)' and the like -> []. */
export function pathSegments(path: string): string[] {
  if (/^\(.*\)$/.test(path)) return [];
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((s) => s !== '');
}

/**
 * The offset where each value of a valid JSON text starts, by its path (segments joined with
 * NUL, which JSON keys written by people do not hold). An explicit stack, not recursion: a
 * deeply nested file must not overflow the dev server's stack.
 */
function valueOffsets(text: string): Map<string, number> {
  const offsets = new Map<string, number>();
  const stack: { kind: '[' | '{'; path: string[]; next: number; key?: string }[] = [];
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const stringEnd = (from: number) => {
    let j = from + 1;
    while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    return j + 1;
  };
  const valuePath = (): string[] => {
    const top = stack[stack.length - 1];
    if (!top) return [];
    return [...top.path, top.kind === '[' ? String(top.next) : (top.key ?? '')];
  };
  // A value is done: its array moves to the next index, its object waits for the next name.
  const valueDone = () => {
    const top = stack[stack.length - 1];
    if (top?.kind === '[') top.next++;
    else if (top) top.key = undefined;
  };
  for (;;) {
    skipSpace();
    if (i >= text.length) return offsets;
    const c = text[i]!;
    const top = stack[stack.length - 1];
    if (c === ',' || c === ':') {
      i++;
    } else if (c === ']' || c === '}') {
      i++;
      stack.pop();
      valueDone();
    } else if (top?.kind === '{' && top.key === undefined) {
      const end = stringEnd(i);
      top.key = JSON.parse(text.slice(i, end)) as string;
      i = end;
    } else {
      const path = valuePath();
      offsets.set(path.join('\0'), i);
      if (c === '[' || c === '{') {
        stack.push({ kind: c, path, next: 0 });
        i++;
        continue;
      }
      if (c === '"') i = stringEnd(i);
      else while (i < text.length && !',]} \t\n\r'.includes(text[i]!)) i++;
      valueDone();
    }
  }
}

/** Line and column (1-based) of an offset. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/**
 * Where a problem's field is in the file's text: a syntax error where JSON stops, a field at its
 * value, and a field that is missing at the object that should hold it.
 */
export function locateProblem(text: string, path: string): { line: number; column: number } {
  const syntax = jsonError(text);
  if (syntax) return { line: syntax.line, column: syntax.column };
  const offsets = valueOffsets(text);
  const segments = pathSegments(path);
  for (let n = segments.length; n >= 0; n--) {
    const offset = offsets.get(segments.slice(0, n).join('\0'));
    if (offset !== undefined) return position(text, offset);
  }
  return { line: 1, column: 1 };
}

/**
 * The problems with their positions. `file` is as the build shows it: under `shownContentRoot`,
 * which stands for `contentDir`; a problem outside it (the output folder) keeps no position.
 */
export async function locateProblems(
  problems: readonly ContentProblem[],
  { contentDir, shownContentRoot }: { contentDir: string; shownContentRoot: string },
): Promise<LocatedProblem[]> {
  const texts = new Map<string, Promise<string | null>>();
  const read = (file: string) => {
    if (!texts.has(file))
      texts.set(
        file,
        readFile(file, 'utf8').catch(() => null),
      );
    return texts.get(file)!;
  };
  return Promise.all(
    problems.map(async (p) => {
      const prefix = `${shownContentRoot}/`;
      if (!p.file.startsWith(prefix) || !p.file.endsWith('.json')) return { ...p };
      const text = await read(join(contentDir, p.file.slice(prefix.length)));
      return text === null ? { ...p } : { ...p, ...locateProblem(text, p.path) };
    }),
  );
}

/** `content/pages/en/about.json:4:12: blocks[0].title: Required`, the form editors and terminals link. */
export function formatLocatedProblem(p: LocatedProblem): string {
  const where = p.line === undefined ? p.file : `${p.file}:${p.line}:${p.column}`;
  return `${where}: ${p.path}: ${p.message}`;
}
