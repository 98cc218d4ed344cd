/**
 * The /preview message, validated with the build's own Page schema (a chunk of its own, so
 * visitors never download it), and what the preview shows of it.
 */
import { z } from 'zod';
import { formatIssuePath } from '../../content/issues';
import { Page } from '../../content/schema';

export { Page };

export const PreviewMessage = z.object({
  type: z.literal('preview:page'),
  path: z.string().max(1024),
  page: z.unknown(),
});

export interface Problem {
  path: string;
  message: string;
}

export interface Shown {
  path: string;
  page: Pick<Page, 'title' | 'blocks'>;
}

type Key = PropertyKey;
const UNKNOWN_TYPE = 'Unknown block type';
/** A placeholder names the block's type and nothing else; a long one is cut. */
const MAX_TYPE_LENGTH = 100;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const hasOwn = (o: object, key: Key) => Object.prototype.hasOwnProperty.call(o, key);

/** `value` without the array entries at `paths` (each a path to one entry); the input is left as it is. */
function without(value: unknown, paths: Key[][]): unknown {
  if (paths.length === 0) return value;
  const under = (key: Key) => paths.filter((p) => p[0] === key && p.length > 1).map((p) => p.slice(1));
  if (Array.isArray(value)) {
    const kept: unknown[] = [];
    value.forEach((item: unknown, i) => {
      if (!paths.some((p) => p.length === 1 && p[0] === i)) kept.push(without(item, under(i)));
    });
    return kept;
  }
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = without(value[key], under(key));
  return copy;
}

/** The value at `path`, following own properties only. */
function at(value: unknown, path: Key[]): unknown {
  let here = value;
  for (const key of path) {
    if (here === null || typeof here !== 'object' || !hasOwn(here, key)) return undefined;
    here = (here as Record<Key, unknown>)[key];
  }
  return here;
}

/** Paths compared entry by entry, so siblings come in index order. */
function byPath(a: Key[], b: Key[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    return typeof a[i] === 'number' && typeof b[i] === 'number'
      ? (a[i] as number) - (b[i] as number)
      : String(a[i]) < String(b[i])
        ? -1
        : 1;
  }
  return a.length - b.length;
}

/**
 * The page as the schema parses it, with a placeholder `{ type }` where each block of an
 * unknown type stood: the blocks are taken out, the rest parsed (defaults filled in, strings
 * trimmed), and the placeholders put back at their places. A key the schema does not know is a
 * problem, as in the build. Null when the rest does not parse either.
 */
function withPlaceholders(raw: unknown, unknownBlocks: Key[][]): Shown['page'] | null {
  const parsed = Page.safeParse(without(raw, unknownBlocks));
  if (!parsed.success) return null;
  const page = parsed.data;
  for (const path of [...unknownBlocks].sort(byPath)) {
    const list = at(page, path.slice(0, -1));
    const type = (at(raw, path) as { type?: unknown } | undefined)?.type;
    if (!Array.isArray(list)) return null;
    list.splice(path[path.length - 1] as number, 0, { type: String(type).slice(0, MAX_TYPE_LENGTH) });
  }
  return page;
}

/**
 * What an editing tool's message makes the preview show: the page and no problems, or the
 * problems (and the last good page stays). Null: not a preview message at all, to ignore. A
 * page whose only problems are unknown block types still shows, parsed like any other, with
 * placeholders for those blocks, so editors can go on while the code catches up.
 */
export function checkPreviewMessage(data: unknown): { shown?: Shown; problems: Problem[] } | null {
  const message = PreviewMessage.safeParse(data);
  if (!message.success) return null;
  const { path } = message.data;
  const parsed = Page.safeParse(message.data.page);
  if (parsed.success) return { shown: { path, page: parsed.data }, problems: [] };
  const issues = parsed.error.issues;
  const problems = issues.map((i) => ({ path: formatIssuePath(i.path), message: i.message }));
  if (!issues.every((i) => i.message.startsWith(UNKNOWN_TYPE))) return { problems };
  // The issue names the block's `type`; the block itself is one step up.
  const blocks = issues.map((i) => (i.path[i.path.length - 1] === 'type' ? i.path.slice(0, -1) : i.path));
  const page = withPlaceholders(message.data.page, blocks);
  return page ? { shown: { path, page }, problems: [] } : { problems };
}
