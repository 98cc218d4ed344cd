/**
 * What a programmatic navigation (`navigateTo(url)`) is allowed to do with a URL: script-like
 * protocols are refused whatever their spelling, and leaving the site needs the caller's
 * explicit permission (spec §8).
 */
import { REFUSED_PROTOCOLS, hasRefusedProtocol } from '../urls';

export class NavigationRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NavigationRefusedError';
  }
}

export type NavigationTarget = { kind: 'internal'; path: string; search: string; hash: string } | { kind: 'external'; url: string };

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
  if (url.origin === current.origin) return { kind: 'internal', path: url.pathname, search: url.search, hash: url.hash };
  if (!external) {
    throw new NavigationRefusedError(`Navigating to an external URL (${url.origin}) needs { external: true }.`);
  }
  return { kind: 'external', url: url.href };
}
