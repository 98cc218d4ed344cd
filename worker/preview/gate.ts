import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { appEndpoints } from '../../app/endpoints';
import type { AppEnv } from '../app-env';
import { configOf } from '../config';
import { draftNameOf } from '../build-memory';
import { previewHostOfUrl } from '../hosts';
import {
  PREVIEW_COOKIE,
  PREVIEW_COOKIE_MAX_AGE_S,
  PREVIEW_DRAFTS_COOKIE,
  constantTimeEqual,
  signPreviewCookie,
  verifyPreviewCookie,
} from './access';
import { SHARE_PARAM, shareVerdict, verifyShareGrant } from './share';
import { escapeHtml } from '../render/html';
import { plainPage } from '../render/plain-page';
import { afterNext } from '../response-headers';

export const PREVIEW_CACHE_CONTROL = 'private, no-store';
export const PREVIEW_ROBOTS = 'noindex, nofollow';
/** Seconds a client over its allowance of token attempts waits (the binding's period). */
export const TOKEN_RETRY_AFTER_S = 60;

/** Paths any monitor may reach on the preview host too. */
const OPEN_PATHS = new Set<string>([appEndpoints.health, '/robots.txt']);

/** What the rate-limiting binding offers: `limit` answers whether this key may go on. */
export interface RateLimiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** The path on this host: one leading slash, since `//evil.example/x` names another host. */
const onThisHost = (pathname: string) => '/' + pathname.replace(/^\/+/, '');

/**
 * A form that asks for the token, for an editor inside a CMS's frame, who cannot edit the
 * frame's address. It sends `?token=` to the same page with the rest of its query kept.
 */
function signInForm(url: URL): string {
  const kept = [...url.searchParams].filter(([name]) => name !== 'token' && name !== SHARE_PARAM);
  const hidden = kept.map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('');
  return `<form method="get" action="${escapeHtml(onThisHost(url.pathname))}">${hidden}
<p><label for="preview-token">Preview token</label>
<input id="preview-token" name="token" type="password" autocomplete="off" required>
<button type="submit">Sign in</button></p>
</form>`;
}

/** A refusal: the page that says how to get access, and no content. */
function accessRefused(c: Context<AppEnv>, status: 401 | 429 | 503, message: string, headers: Record<string, string> = {}) {
  const body = plainPage({
    lang: 'en',
    title: 'Preview access',
    robots: PREVIEW_ROBOTS,
    main: `<h1>Preview access needed</h1>
<p>${escapeHtml(message)}</p>
<p>This host shows unpublished drafts to editors. Open the preview link your team shares, which ends in
<code>?token=…</code>, once: your browser then keeps access for 12 hours. Inside your CMS, enter the token here.</p>
${status === 401 ? signInForm(new URL(c.req.url)) : ''}
<p>Request ID: ${escapeHtml(c.get('requestId'))}</p>`,
  });
  const res = c.html(body, status, { 'Cache-Control': PREVIEW_CACHE_CONTROL, 'X-Robots-Tag': PREVIEW_ROBOTS, ...headers });
  return new HTTPException(status, { message, res });
}

function keepPrivate(headers: Headers) {
  headers.set('Cache-Control', PREVIEW_CACHE_CONTROL);
  headers.set('X-Robots-Tag', PREVIEW_ROBOTS);
}

let warnedNoLimiter = false;

/**
 * Whether this client may try a token now, counted per address (cf-connecting-ip) by the
 * PREVIEW_TOKEN_RATE_LIMIT binding. Every attempt counts, not only failed ones: the binding
 * cannot be asked without counting, and counting only failures would still compare the token
 * of a client past its limit. Editors exchange a token once in 12 hours, so the count never
 * reaches them. A binding that fails refuses the attempt: it is a lock, not a convenience.
 * Without the binding (plain workerd, as in the bench) attempts are not limited, and the log
 * says so once per isolate; every deployed environment declares it (wrangler.toml).
 */
async function mayTryToken(c: Context<AppEnv>): Promise<boolean> {
  const limiter: RateLimiter | undefined = (c.env as Partial<Env> | undefined)?.PREVIEW_TOKEN_RATE_LIMIT;
  if (!limiter) {
    if (!warnedNoLimiter)
      console.warn(
        JSON.stringify({ type: 'warning', message: 'no PREVIEW_TOKEN_RATE_LIMIT binding: token attempts are not rate limited' }),
      );
    warnedNoLimiter = true;
    return true;
  }
  try {
    return (await limiter.limit({ key: c.req.header('cf-connecting-ip') || 'unknown-client' })).success;
  } catch (err) {
    console.error(JSON.stringify({ type: 'error', requestId: c.get('requestId'), fault: 'PreviewTokenRateLimit', message: String(err) }));
    return false;
  }
}

/** The page an expired share link opens: when it expired, and what to do, without the token form. */
function linkExpired(c: Context<AppEnv>, expiredAt: string) {
  const body = plainPage({
    lang: 'en',
    title: 'Share link expired',
    robots: PREVIEW_ROBOTS,
    main: `<h1>This share link has expired</h1>
<p>It opened this page of a draft until ${escapeHtml(expiredAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}.
Ask the editor who sent it for a new link.</p>
<p>Request ID: ${escapeHtml(c.get('requestId'))}</p>`,
  });
  const res = c.html(body, 410, {
    'Cache-Control': PREVIEW_CACHE_CONTROL,
    'X-Robots-Tag': PREVIEW_ROBOTS,
    'Referrer-Policy': 'no-referrer',
  });
  return new HTTPException(410, { message: 'share link expired', res });
}

/**
 * The page a share link opens, when this request carries one that is valid: the page itself
 * with `?share=`, or a media file it shows, asked for by that page (its URL is the Referer; the
 * previewMedia step checks the page shows the file). Reads only, but for one post: a review
 * note on the link's page (`POST /_app/preview/notes?page=&share=`). The Referer's host is not
 * compared: the grant in it is the capability, signed for its path and its draft (this host's),
 * and a page elsewhere sends no path in a Referer (strict-origin-when-cross-origin) unless it
 * holds the link already. A link for this page and draft that has expired is told so.
 */
async function sharedPage(c: Context<AppEnv>, secret: string | null, url: URL, nowS: number): Promise<string | null> {
  // A review note from the link's page names that page beside the grant (notes.ts).
  const notePost = c.req.method === 'POST' && c.req.path === appEndpoints.previewNotes;
  if (!secret || (!notePost && c.req.method !== 'GET' && c.req.method !== 'HEAD')) return null;
  const draft = draftNameOf(c.get('channel'));
  const grant = url.searchParams.get(SHARE_PARAM);
  if (grant !== null) {
    const page = notePost ? (url.searchParams.get('page') ?? '') : c.get('path');
    const verdict = await shareVerdict(secret, page, grant, nowS, draft);
    if (verdict.ok) return page;
    if (verdict.expiredAt !== null) throw linkExpired(c, verdict.expiredAt);
    return null;
  }
  if (notePost || !c.req.path.startsWith('/media/')) return null;
  let page: URL;
  try {
    page = new URL(c.req.header('referer') ?? '');
  } catch {
    return null;
  }
  return (await verifyShareGrant(secret, page.pathname, page.searchParams.get(SHARE_PARAM), nowS, draft)) ? page.pathname : null;
}

/**
 * The cookie that holds access on this host: on a preview host named by a DNS name, under which
 * named drafts live, the domain-wide one (its domain is the preview host's name without the port;
 * cookies have none), else the `__Host-` one of this host alone. An IP address has no subdomains,
 * so a preview host such as 127.0.0.1:8788 keeps the stricter host-only cookie.
 */
function accessCookieFor(c: Context<AppEnv>): { name: string; domain?: string } {
  const host = previewHostOfUrl(configOf(c.env), c.req.url);
  const domain = host?.base.replace(/:\d+$/, '');
  const isDnsName = domain !== undefined && !/^\[|^[\d.]+$/.test(domain);
  return isDnsName ? { name: PREVIEW_DRAFTS_COOKIE, domain } : { name: PREVIEW_COOKIE };
}

async function hasAccess(c: Context<AppEnv>, secret: string, nowS: number): Promise<boolean> {
  for (const name of [PREVIEW_DRAFTS_COOKIE, PREVIEW_COOKIE]) if (await verifyPreviewCookie(secret, getCookie(c, name), nowS)) return true;
  return false;
}

/**
 * The gate of the preview host. A valid `?token=` (at most the binding's number of attempts
 * per client, compared in constant time with the PREVIEW_TOKEN secret) sets a signed cookie
 * (accessCookieFor: one for every draft of a preview host) for 12 hours, Secure, HttpOnly,
 * SameSite=None and Partitioned so it works inside a CMS's cross-site frame, and redirects
 * to the same URL without the token, sending no Referer on. A valid cookie lets the request
 * through; so does a valid share link, for reading its one page (and posting a review note on
 * it). Anything else gets 401 and no content. Every preview response is private, never
 * stored, and not indexed. Live requests pass straight through.
 */
export function previewGate({ now = () => Date.now() }: { now?: () => number } = {}): MiddlewareHandler<AppEnv> {
  return async function previewGateMiddleware(c, next) {
    if (!c.get('preview')) return next();
    // The router's own path (`c.req.path`), not the decoded one: the gate opens exactly for
    // the requests the open routes will answer.
    if (OPEN_PATHS.has(c.req.path)) return afterNext(c, next, keepPrivate);
    const config = configOf(c.env);
    const secret = config.previewToken;
    if (!secret) throw accessRefused(c, 503, `Preview is not configured: ${config.previewTokenProblem ?? 'no token'}.`);

    const url = new URL(c.req.url);
    const token = url.searchParams.get('token');
    const nowS = Math.floor(now() / 1000);
    if (token !== null) {
      // A refusal's URL still holds the token: its stylesheet request must not carry it on.
      const noReferrer = { 'Referrer-Policy': 'no-referrer' };
      if (!(await mayTryToken(c)))
        throw accessRefused(c, 429, 'Too many token attempts from this network: wait a minute, then try again.', {
          'Retry-After': String(TOKEN_RETRY_AFTER_S),
          ...noReferrer,
        });
      if (!(await constantTimeEqual(token, secret))) throw accessRefused(c, 401, 'That preview token is not valid.', noReferrer);
      const expires = nowS + PREVIEW_COOKIE_MAX_AGE_S;
      const cookie = accessCookieFor(c);
      setCookie(c, cookie.name, await signPreviewCookie(secret, expires), {
        ...(cookie.domain ? { domain: cookie.domain } : {}),
        httpOnly: true,
        secure: true,
        sameSite: 'None',
        partitioned: true,
        path: '/',
        maxAge: PREVIEW_COOKIE_MAX_AGE_S,
      });
      url.searchParams.delete('token');
      const res = c.redirect(onThisHost(url.pathname) + url.search, 302);
      keepPrivate(res.headers);
      // The next request must not carry the token's URL in its Referer (securityHeaders keeps this).
      res.headers.set('Referrer-Policy', 'no-referrer');
      return res;
    }
    if (await hasAccess(c, secret, nowS)) return afterNext(c, next, keepPrivate);
    const shared = await sharedPage(c, config.previewShareSecret, url, nowS);
    if (shared === null) throw accessRefused(c, 401, 'You have no preview access in this browser, or it has expired.');
    c.set('previewShare', shared);
    await afterNext(c, next, keepPrivate);
  };
}
