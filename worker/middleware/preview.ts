import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { PREVIEW_COOKIE, PREVIEW_COOKIE_MAX_AGE_S, constantTimeEqual, signPreviewCookie, verifyPreviewCookie } from '../preview-access';
import { escapeHtml } from '../render/html';
import { plainPage } from '../render/plain-page';

export const PREVIEW_CACHE_CONTROL = 'private, no-store';
export const PREVIEW_ROBOTS = 'noindex, nofollow';

/** Paths any monitor may reach on the preview host too. */
const OPEN_PATHS = new Set(['/_app/health', '/robots.txt']);

function accessPage(c: Context<AppEnv>, status: 401 | 503, message: string) {
  const body = plainPage({
    lang: 'en',
    title: 'Preview access',
    robots: PREVIEW_ROBOTS,
    main: `<h1>Preview access needed</h1>
<p>${escapeHtml(message)}</p>
<p>This host shows unpublished drafts to editors. Open the preview link your team shares, which ends in
<code>?token=…</code>, once: your browser then keeps access for 12 hours.</p>
<p>Request ID: ${escapeHtml(c.get('requestId'))}</p>`,
  });
  return c.html(body, status, { 'Cache-Control': PREVIEW_CACHE_CONTROL, 'X-Robots-Tag': PREVIEW_ROBOTS });
}

/**
 * The gate of the preview host. A valid `?token=` (compared in constant time with the
 * PREVIEW_TOKEN secret) sets a signed, HttpOnly, Secure, SameSite=Lax cookie for 12 hours and
 * redirects to the same URL without the token; a valid cookie lets the request through;
 * anything else gets 401 and no content. Every preview response is private, never stored,
 * and not indexed. Live requests pass straight through.
 */
export function previewGate({ now = () => Date.now() }: { now?: () => number } = {}): MiddlewareHandler<AppEnv> {
  return async function previewGateMiddleware(c, next) {
    if (!c.get('preview')) return next();
    const finish = (res: Response) => {
      res.headers.set('Cache-Control', PREVIEW_CACHE_CONTROL);
      res.headers.set('X-Robots-Tag', PREVIEW_ROBOTS);
      return res;
    };
    // The router's own path (`c.req.path`), not the decoded one: the gate opens exactly for
    // the requests the open routes will answer.
    if (OPEN_PATHS.has(c.req.path)) {
      await next();
      finish(c.res);
      return;
    }
    const secret = c.env.PREVIEW_TOKEN;
    if (!secret) return accessPage(c, 503, 'Preview is not configured: the PREVIEW_TOKEN secret is not set.');

    const url = new URL(c.req.url);
    const token = url.searchParams.get('token');
    const nowS = Math.floor(now() / 1000);
    if (token !== null) {
      if (!(await constantTimeEqual(token, secret))) return accessPage(c, 401, 'That preview token is not valid.');
      const expires = nowS + PREVIEW_COOKIE_MAX_AGE_S;
      setCookie(c, PREVIEW_COOKIE, await signPreviewCookie(secret, expires), {
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: PREVIEW_COOKIE_MAX_AGE_S,
      });
      url.searchParams.delete('token');
      return finish(c.redirect(url.pathname + url.search, 302));
    }
    if (!(await verifyPreviewCookie(secret, getCookie(c, PREVIEW_COOKIE), nowS))) {
      return accessPage(c, 401, 'You have no preview access in this browser, or it has expired.');
    }
    await next();
    finish(c.res);
  };
}
