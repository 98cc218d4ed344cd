/**
 * Share links: one page of the draft for a reviewer who has no token. A link is the page's URL
 * with `?share={expires}.{signature}`, the signature an HMAC-SHA256 of the path and the expiry
 * under the PREVIEW_SHARE_SECRET secret, so a link opens that one page until it expires and
 * rotating the secret revokes every link at once. Pure Web Crypto: the worker checks links and
 * makes them for editors, and `npm run preview-link` (Node) makes them with the same code.
 */
import { isContentPath } from '../../app/content/paths';
import { PREVIEW_SHARE_PARAM } from '../../app/endpoints';
import { isServerOnlyPath } from '../../app/navigation/guards';
import { base64url, constantTimeEqual } from './access';

/** The query parameter that carries a share link's grant. */
export const SHARE_PARAM = PREVIEW_SHARE_PARAM;
export const SHARE_DEFAULT_DAYS = 2;
/** A link lives a week at most: a forgotten one should not open a draft for longer. */
export const SHARE_MAX_DAYS = 7;
const DAY_S = 24 * 60 * 60;
/** Clock skew allowed between the machine that made a link and the edge that checks it. */
const SKEW_S = 60;

const encoder = new TextEncoder();

/**
 * A page a link may open: a content page, never a system page. /preview renders any page of the
 * draft named by `?path=`, so a link to it would open them all.
 */
export function isShareablePath(path: string): boolean {
  return isContentPath(path) && !isServerOnlyPath(path);
}

async function signature(secret: string, path: string, expiresAtS: number, draft: string | null): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  // The purpose is part of what is signed, so a signature made for anything else never fits here.
  // A named draft's link signs its name as one line more (a path has no line break), so it
  // opens on that draft's host only, and the unnamed draft's links stay as they were.
  const draftLine = draft === null ? '' : `\ndraft:${draft}`;
  const signed = await crypto.subtle.sign('HMAC', key, encoder.encode(`preview-share-link/v1\n${path}\n${expiresAtS}${draftLine}`));
  return base64url(signed);
}

/** The `share` value for `path` of `draft` (null: the unnamed one) until `expiresAtS` (seconds since the epoch). */
export async function signShareGrant(secret: string, path: string, expiresAtS: number, draft: string | null = null): Promise<string> {
  if (!isShareablePath(path)) throw new Error(`${path} is not a content page path`);
  return `${expiresAtS}.${await signature(secret, path, expiresAtS, draft)}`;
}

export interface ShareLinkRequest {
  path: string;
  days?: number;
  /** milliseconds since the epoch */
  now: number;
  /** the named draft the link opens, or null/undefined for the unnamed one */
  draft?: string | null;
}

/**
 * A share link as a path with its query (`/et/kontakt?share=…`), for any host that serves the
 * draft, and when it stops working. Refuses a path that is not a content page, and days
 * outside 1 to 7.
 */
export async function shareLinkHref(secret: string, { path, days = SHARE_DEFAULT_DAYS, now, draft = null }: ShareLinkRequest) {
  if (!isShareablePath(path)) throw new Error(`${path} is not a content page path (such as /et/kontakt)`);
  if (!Number.isInteger(days) || days < 1 || days > SHARE_MAX_DAYS)
    throw new Error(`a share link lasts 1 to ${SHARE_MAX_DAYS} whole days, not ${days}`);
  const expiresAtS = Math.floor(now / 1000) + days * DAY_S;
  const grant = await signShareGrant(secret, path, expiresAtS, draft);
  return { href: `${path}?${SHARE_PARAM}=${grant}`, expiresAt: new Date(expiresAtS * 1000).toISOString() };
}

/** A share link on the preview host at `origin` (e.g. https://preview.example.com). */
export async function makeShareLink(secret: string, { origin, ...request }: ShareLinkRequest & { origin: string }) {
  const { href, expiresAt } = await shareLinkHref(secret, request);
  return { url: new URL(href, origin).href, expiresAt };
}

/** What a `share` value says about a page: it opens it, it did but has expired (and when), or it never did. */
export type ShareVerdict = { ok: true } | { ok: false; expiredAt: string | null };

/**
 * Whether `grant` (a `share` value) opens `path` of `draft` at `nowS`: signed with this secret
 * for this very path and draft, not expired, and not longer-lived than any link could be. An
 * expired link is told apart (with its expiry) only once its signature checks out.
 */
export async function shareVerdict(
  secret: string,
  path: string,
  grant: string | null | undefined,
  nowS: number,
  draft: string | null = null,
): Promise<ShareVerdict> {
  const refused = { ok: false, expiredAt: null } as const;
  const match = grant?.match(/^(\d{1,12})\.([A-Za-z0-9_-]{43})$/);
  if (!match || !isShareablePath(path)) return refused;
  const expires = Number(match[1]);
  if (expires > nowS + SHARE_MAX_DAYS * DAY_S + SKEW_S) return refused;
  if (!(await constantTimeEqual(match[2]!, await signature(secret, path, expires, draft)))) return refused;
  return expires <= nowS ? { ok: false, expiredAt: new Date(expires * 1000).toISOString() } : { ok: true };
}

/** True when `grant` opens `path` of `draft` at `nowS` (shareVerdict). */
export async function verifyShareGrant(
  secret: string,
  path: string,
  grant: string | null | undefined,
  nowS: number,
  draft: string | null = null,
): Promise<boolean> {
  return (await shareVerdict(secret, path, grant, nowS, draft)).ok;
}
