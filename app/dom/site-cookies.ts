/**
 * The cookies script can see, and expiring them for /reset-storage: for every path and domain
 * this page can name, since a cookie is only removed by a write with its own path and domain.
 */
import type { RemovalResult } from './site-storage';

/** The part of `document` cookie removal needs, so tests can pass a fake jar. */
export interface CookieJar {
  cookie: string;
}

export interface CookieScope {
  /** the current page's path; cookies set for it are expired as well as those for '/' */
  path?: string;
  /** the page's host name; cookies set for it and its parent domains are expired too */
  hostname?: string;
}

/** Names of the cookies script can see (HttpOnly ones never show up here). */
export function cookieNames(jar: CookieJar | null | undefined): string[] {
  let text: string;
  try {
    text = String(jar?.cookie ?? '');
  } catch {
    return [];
  }
  const names = new Set<string>();
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    const name = (eq === -1 ? part : part.slice(0, eq)).trim();
    if (name) names.add(name);
  }
  return [...names];
}

/** The domains a cookie for `hostname` may have been set on: itself and its parents, not the TLD. */
function cookieDomains(hostname: string | undefined): string[] {
  if (!hostname || /^[\d.]+$/.test(hostname) || hostname.includes(':') || !hostname.includes('.')) return [];
  const labels = hostname.split('.');
  const domains: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) domains.push(labels.slice(i).join('.'));
  return domains;
}

/**
 * Expires every cookie script can see, for path '/' and the current path (and the host's
 * domains, for cookies set with a Domain attribute). Says which are gone afterwards and
 * which are still there (set for a path or domain this page cannot name).
 */
export function removeCookies(jar: CookieJar | null | undefined, scope: CookieScope = {}): RemovalResult {
  const before = cookieNames(jar);
  if (!jar || before.length === 0) return { removed: [], failed: [] };
  const paths = ['/'];
  if (scope.path && scope.path !== '/') {
    paths.push(scope.path);
    // A cookie set by a page without a Path attribute gets that page's directory.
    const dir = scope.path.replace(/\/[^/]*$/, '');
    if (dir && !paths.includes(dir)) paths.push(dir);
  }
  const domains = cookieDomains(scope.hostname);
  const expired = 'expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0';
  for (const name of before) {
    for (const path of paths) {
      try {
        jar.cookie = `${name}=; ${expired}; path=${path}`;
        for (const domain of domains) jar.cookie = `${name}=; ${expired}; path=${path}; domain=${domain}`;
      } catch {
        // A jar that refuses writes (sandboxed frame): reported as not removed below.
      }
    }
  }
  const after = new Set(cookieNames(jar));
  return { removed: before.filter((n) => !after.has(n)), failed: before.filter((n) => after.has(n)) };
}
