/**
 * Classifying link targets, shared by the content schema (build time), the route-rule
 * compiler and client navigation, so a URL is judged the same way everywhere.
 */

/** Protocols that must never be navigated to or linked: they run code in the page. */
export const REFUSED_PROTOCOLS = ['javascript:', 'data:', 'vbscript:', 'blob:'] as const;

/**
 * Browsers strip tabs and newlines anywhere in a URL and leading/trailing C0 controls and
 * spaces before they parse it (WHATWG URL), so `java\tscript:` is still javascript:.
 * We normalise the same way, and percent-decode, before looking at the scheme.
 */
function normaliseForSchemeCheck(raw: string): string {
  let s = raw;
  for (let i = 0; i < 3; i++) {
    try {
      const decoded = decodeURIComponent(s);
      if (decoded === s) break;
      s = decoded;
    } catch {
      break;
    }
  }
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return s.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '').toLowerCase();
}

export function hasRefusedProtocol(raw: string): boolean {
  const s = normaliseForSchemeCheck(raw);
  return REFUSED_PROTOCOLS.some((p) => s.startsWith(p));
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS_RE = /[\u0000-\u001f\u007f]/;

/**
 * An internal path: starts with exactly one `/`, never `//` or `/\` (which browsers treat as
 * another host), and has no control characters or spaces.
 */
export function isInternalPath(raw: string): boolean {
  return raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\') && !CONTROL_CHARS_RE.test(raw) && !/\s/.test(raw);
}

// What a browser skips at the start of an href (C0 controls, spaces), and the slashes and
// backslashes that would make what follows a host.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const LEADING_NON_PATH_RE = /^[\u0000-\u0020/\\]+/;

/**
 * The URL an in-app href (path, query, hash) stands for on `origin` (as `location.origin`
 * spells it). The href is appended after the origin's own `/` instead of being resolved
 * against the current page, so no spelling (`//host`, `/\host`, `/a/..//host`, tabs inside
 * the slashes) can name another host. A leading run of slashes left by dot segments is
 * collapsed too, so the pathname stays a path wherever it is read again relative to a page
 * (pushState, location.assign, fetch), and never becomes protocol-relative.
 */
export function onOrigin(href: string, origin: string): URL {
  const url = new URL(`${origin}/${href.replace(LEADING_NON_PATH_RE, '')}`);
  if (url.pathname.startsWith('//')) url.pathname = url.pathname.replace(/^\/+/, '/');
  return url;
}

/** An origin no request can reach: only the path, query and hash of `onOrigin` are kept. */
const PLACEHOLDER_ORIGIN = 'http://origin.invalid';

/** The href as an internal path that starts with exactly one `/` and has no dot segments. */
export function anchoredPath(href: string): string {
  const url = onOrigin(href, PLACEHOLDER_ORIGIN);
  return url.pathname + url.search + url.hash;
}

/** An absolute http or https URL with a host. */
export function isHttpUrl(raw: string): boolean {
  if (CONTROL_CHARS_RE.test(raw) || /\s/.test(raw)) return false;
  try {
    const url = new URL(raw);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function isHttpsUrl(raw: string): boolean {
  return isHttpUrl(raw) && raw.toLowerCase().startsWith('https:');
}

/** mailto: and tel: links are allowed in rich text only. */
export function isMailOrTelUrl(raw: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  return /^(mailto|tel):[^\s\u0000-\u001f]+$/i.test(raw);
}

/** Link targets allowed for actions, cards and navigation: internal path or http(s) URL. */
export function isSafeHref(raw: string): boolean {
  return !hasRefusedProtocol(raw) && (isInternalPath(raw) || isHttpUrl(raw));
}

/** Link targets allowed for rich-text links: also mailto: and tel:. */
export function isSafeRichTextHref(raw: string): boolean {
  return isSafeHref(raw) || (!hasRefusedProtocol(raw) && isMailOrTelUrl(raw));
}
