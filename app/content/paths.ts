import { MAX_PATH_DEPTH } from '../constants';

/** One URL path segment of a content page: lowercase letters, digits and inner hyphens. */
export const PATH_SEGMENT_RE = /^[a-z0-9][a-z0-9-]*$/;

/** A file name segment under pages/ (the same grammar, before `.json`). */
export const PAGE_FILE_RE = /^[a-z0-9][a-z0-9-]*\.json$/;

/** True for `/` and for `/a/b/c` paths of at most MAX_PATH_DEPTH valid segments. */
export function isContentPath(path: string): boolean {
  if (path === '/') return true;
  if (!path.startsWith('/')) return false;
  const segments = path.slice(1).split('/');
  return segments.length <= MAX_PATH_DEPTH && segments.every((s) => PATH_SEGMENT_RE.test(s));
}

/**
 * The one URL of a page path written with a trailing slash (`/en/loans/` -> `/en/loans`), or
 * null when the path is not that. The edge answers it with a 308, and in-app navigation
 * redirects to it alike.
 */
export function withoutTrailingSlash(path: string): string | null {
  return path.length > 1 && path.endsWith('/') && isContentPath(path.slice(0, -1)) ? path.slice(0, -1) : null;
}

/** The URL path a file under pages/ stands for: `et/laenud/index.json` -> `/et/laenud`. */
export function pathForPageFile(relativeFile: string): string {
  const withoutExt = relativeFile.replace(/\.json$/, '');
  const segments = withoutExt.split('/');
  if (segments[segments.length - 1] === 'index') segments.pop();
  return '/' + segments.join('/');
}

/** The payload URL beside a page: `/et/foo` -> `/et/foo/_payload.json`, `/` -> `/_payload.json`. */
export function payloadUrlPath(pagePath: string): string {
  return pagePath === '/' ? '/_payload.json' : `${pagePath}/_payload.json`;
}

export const PAYLOAD_SUFFIX = '/_payload.json';

/** The page a payload URL path belongs to, or null when it is not a payload path. */
export function pagePathOfPayload(urlPath: string): string | null {
  if (!urlPath.endsWith(PAYLOAD_SUFFIX)) return null;
  const page = urlPath.slice(0, -PAYLOAD_SUFFIX.length);
  return page === '' ? '/' : page;
}

/** The first segment of a path when it is one of the given locale codes. */
export function localeCodeOfPath(path: string, codes: readonly string[]): string | undefined {
  const first = path.split('/')[1];
  return first && codes.includes(first) ? first : undefined;
}
