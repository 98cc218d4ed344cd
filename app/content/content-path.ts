/**
 * Content paths: where in a page file a rendered block or field comes from, spelled the way
 * build problems name a place (`blocks[3].items[1].title`, docs/content-model.md), so an editor
 * reads the same path in a problem line, in the preview's markup and in a CMS message. The
 * preview host puts them on the page (`data-content-path`); a CMS gets them back on a click.
 */
import { CONTENT_PATH_MAX_CHARS } from '../constants';
import { formatIssuePath } from './issues';

/** The attribute that carries a rendered element's content path (on the preview host only). */
export const CONTENT_PATH_ATTRIBUTE = 'data-content-path';

/** One step into a page file: a field name or an array index. */
export type ContentPathKey = string | number;

/** A whole path: a field name (a letter, then letters and digits, as the content model spells them), then `.field` or `[index]` steps. */
const PATH_RE = /^[A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*|\[(?:0|[1-9][0-9]{0,5})\])*$/;

/** `blocks[3].items[1].title` from `['blocks', 3, 'items', 1, 'title']` (keys of at least one step: the page itself has no path). */
export function formatContentPath(keys: readonly ContentPathKey[]): string {
  return formatIssuePath(keys);
}

/**
 * The keys of a path as formatContentPath writes it, or null for anything else: an empty or
 * over-long text, a leading index or dot, a step that is no content field name (`__proto__`,
 * `a-b`, `a b`), an index with a sign, a leading zero or more than 6 digits.
 */
export function parseContentPath(text: string): ContentPathKey[] | null {
  if (text.length > CONTENT_PATH_MAX_CHARS || !PATH_RE.test(text)) return null;
  const keys: ContentPathKey[] = [];
  // exec, not matchAll: Chrome before 73 and Safari 12, which the site supports, lack it.
  const step = /([A-Za-z][A-Za-z0-9]*)|\[(\d+)\]/g;
  for (let m = step.exec(text); m !== null; m = step.exec(text)) keys.push(m[1] ?? Number(m[2]));
  return keys;
}
