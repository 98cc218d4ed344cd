/**
 * Which link clicks the client takes over. Anything the browser does better on its own
 * (new tabs, downloads, other sites, in-page anchors, files) is left to the browser.
 */
import { onOrigin } from '../urls';

export interface ClickLike {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export interface AnchorLike {
  href: string;
  target: string;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
}

/** Paths that are files or app internals, never pages. */
const NOT_A_PAGE = /^\/_app\/|\.(json|xml|txt|svg|png|jpe?g|gif|webp|pdf|ico)$/i;

/** The URL to navigate to in-app (on the page's origin), or null to let the browser handle the click. */
export function interceptedUrl(event: ClickLike, anchor: AnchorLike, currentHref: string): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  if ((anchor.getAttribute('rel') ?? '').split(/\s+/).includes('external')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, currentHref);
  } catch {
    return null;
  }
  const current = new URL(currentHref);
  if (url.origin !== current.origin) return null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // An anchor on the same page: the browser scrolls to it.
  if (url.hash && url.pathname === current.pathname && url.search === current.search) return null;
  // Same origin, but dot segments can leave a path starting with `//` (`/a/..//evil.example`),
  // which anything reading it again relative to the page would take for another host.
  const inApp = onOrigin(url.pathname + url.search + url.hash, current.origin);
  return NOT_A_PAGE.test(inApp.pathname) ? null : inApp;
}
