/**
 * What the worker makes of a raw request path before anything else looks at it. Pure, so the
 * hostile-path table is tested without a runtime.
 */
import { MAX_REQUEST_PATH_CHARS } from '../app/constants';
import { DomainError } from './domain-error';

export type PathVerdict = { ok: true; path: string } | { ok: false; status: 400 | 404; reason: string };

/**
 * A request refused for its path. Thrown by the request context, inside the request log and the
 * security headers, so a probe is logged and answered with the headers like any request; the
 * error handler shows HTML clients the site's error screen, others `message` as text.
 */
export class RefusedPathError extends DomainError {
  override readonly name = 'RefusedPathError';
  readonly status: 400 | 404;
  /** the path as sent, still encoded: no page is at it, and the error screen names it */
  readonly rawPath: string;

  constructor(verdict: Extract<PathVerdict, { ok: false }>, rawPath: string) {
    super(verdict.status === 400 ? 'Bad Request' : 'Not Found');
    this.status = verdict.status;
    this.rawPath = rawPath;
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u001f\u007f]/;
/**
 * An encoded `/` or `\`. Hono routes on the path as sent (it leaves %2F encoded) while the
 * policies read the decoded one: `/_app%2Fhealth` is one segment to the router and two to a
 * policy. No page path needs either, so such a request is refused before any policy runs.
 */
const ENCODED_SEPARATOR_RE = /%(?:2f|5c)/i;

/**
 * The pathname and search of a request URL, by slicing. workerd hands the worker an already
 * parsed and serialised URL (dot segments resolved, special characters escaped), so this gives
 * what `new URL(url).pathname` / `.search` would, without parsing it again on every request.
 */
export function splitRequestUrl(url: string): { pathname: string; search: string } {
  const scheme = url.indexOf('://');
  const slash = scheme < 0 ? -1 : url.indexOf('/', scheme + 3);
  if (slash < 0) {
    const u = new URL(url);
    return { pathname: u.pathname, search: u.search };
  }
  const hash = url.indexOf('#', slash);
  const end = hash < 0 ? url.length : hash;
  const query = url.indexOf('?', slash);
  if (query < 0 || query > end) return { pathname: url.slice(slash, end), search: '' };
  const search = url.slice(query, end);
  return { pathname: url.slice(slash, query), search: search === '?' ? '' : search };
}

/** A segment that is `.` or `..`, anywhere in a path. */
const DOT_SEGMENT_RE = /(?:^|\/)\.\.?(?:\/|$)/;

/**
 * Every request runs this, memory hits included, so it avoids work a plain path does not need:
 * a path without `%` decodes to itself, and one regular expression finds a dot segment without
 * splitting the path into an array.
 */
export function checkRequestPath(rawPathname: string): PathVerdict {
  if (rawPathname.length > MAX_REQUEST_PATH_CHARS) return { ok: false, status: 404, reason: 'path too long to be a page' };
  let path = rawPathname;
  if (rawPathname.includes('%')) {
    if (ENCODED_SEPARATOR_RE.test(rawPathname)) return { ok: false, status: 400, reason: 'encoded slash or backslash in path' };
    try {
      path = decodeURIComponent(rawPathname);
    } catch {
      // Malformed or overlong UTF-8 (e.g. %C0%AE, a disguised '.') cannot be decoded.
      return { ok: false, status: 400, reason: 'malformed percent-encoding' };
    }
  }
  if (CONTROL_RE.test(path)) return { ok: false, status: 400, reason: 'control character in path' };
  if (path.includes('\\')) return { ok: false, status: 400, reason: 'backslash in path' };
  if (DOT_SEGMENT_RE.test(path)) return { ok: false, status: 400, reason: 'dot segment in path' };
  return { ok: true, path };
}
