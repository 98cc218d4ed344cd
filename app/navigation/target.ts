/**
 * What a programmatic navigation (`navigateTo(url)`) is allowed to do with a URL: script-like
 * protocols are refused whatever their spelling, and leaving the site needs the caller's
 * explicit permission.
 */
import { REFUSED_PROTOCOLS, hasRefusedProtocol, onOrigin } from '../urls';

export class NavigationRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NavigationRefusedError';
  }
}

export type NavigationTarget =
  /** `path` starts with exactly one `/`: read relative to any page of the site, it stays on it */
  { kind: 'internal'; path: string; search: string; hash: string } | { kind: 'external'; url: string };

type InternalTarget = Extract<NavigationTarget, { kind: 'internal' }>;

/**
 * The URL the router loads for an internal target: re-anchored to the origin, never resolved
 * against the current page, whose path may itself begin with `//`.
 */
export function targetUrl({ path, search, hash }: InternalTarget, origin: string): URL {
  return onOrigin(path + search + hash, origin);
}

export function resolveNavigationTarget(raw: string, currentHref: string, { external = false } = {}): NavigationTarget {
  if (typeof raw !== 'string' || hasRefusedProtocol(raw)) {
    throw new NavigationRefusedError('Navigation refused: blob:, data:, javascript: and vbscript: URLs are not allowed.');
  }
  let url: URL;
  try {
    url = new URL(raw, currentHref);
  } catch {
    throw new NavigationRefusedError(`Navigation refused: ${JSON.stringify(raw.slice(0, 100))} is not a URL.`);
  }
  // The URL parser has the last word: whatever the raw spelling, these never run.
  if ((REFUSED_PROTOCOLS as readonly string[]).includes(url.protocol)) {
    throw new NavigationRefusedError('Navigation refused: blob:, data:, javascript: and vbscript: URLs are not allowed.');
  }
  const current = new URL(currentHref);
  if (url.origin === current.origin) {
    // Dot segments can leave a same-origin path starting with `//` (`/a/..//evil.example`),
    // which the router, pushState or a fetch would read as another host.
    const anchored = onOrigin(url.pathname + url.search + url.hash, current.origin);
    return { kind: 'internal', path: anchored.pathname, search: anchored.search, hash: anchored.hash };
  }
  if (!external) {
    throw new NavigationRefusedError(`Navigating to an external URL (${url.origin}) needs { external: true }.`);
  }
  return { kind: 'external', url: url.href };
}
