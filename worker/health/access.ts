/**
 * Who may run the deep health check, which reads the form store and every file of the live
 * build (work a stranger must not be able to make the worker do at will): a monitor holding
 * the HEALTH_TOKEN secret as `Authorization: Bearer …`, compared in constant time, or on the
 * preview host an editor with a valid preview cookie. A header and not a query string, since
 * URLs are logged by proxies and by the worker's own request log.
 */
import { getCookie } from 'hono/cookie';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { MIN_SECRET_LENGTH, configOf } from '../config';
import { PREVIEW_COOKIE, constantTimeEqual, verifyPreviewCookie } from '../preview/access';

export type DeepRequest = { deep: false } | { deep: true } | { refused: 400 | 401; error: string };

/** `deep` absent: the cheap check; exactly `deep=1`: the deep one; anything else is a 400 naming the one value. */
function deepParam(c: Context<AppEnv>): boolean | string {
  const values = c.req.queries('deep') ?? [];
  if (values.length === 0) return false;
  if (values.length === 1 && values[0] === '1') return true;
  return 'deep must be given once, as deep=1';
}

export async function deepRequest(c: Context<AppEnv>, now = Date.now()): Promise<DeepRequest> {
  const deep = deepParam(c);
  if (typeof deep === 'string') return { refused: 400, error: deep };
  if (!deep) return { deep: false };
  const header = c.req.header('authorization');
  const token = (c.env as Partial<Env> | undefined)?.HEALTH_TOKEN;
  if (header !== undefined) {
    const bearer = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header)?.[1];
    if (bearer === undefined) return { refused: 400, error: 'Authorization must be "Bearer" and the HEALTH_TOKEN' };
    if (!token || token.length < MIN_SECRET_LENGTH)
      return { refused: 401, error: `the deep check is closed: the HEALTH_TOKEN secret is not set (${MIN_SECRET_LENGTH}+ characters)` };
    return (await constantTimeEqual(bearer, token)) ? { deep: true } : { refused: 401, error: 'that health token is not valid' };
  }
  const previewToken = c.get('preview') ? configOf(c.env).previewToken : null;
  if (previewToken && (await verifyPreviewCookie(previewToken, getCookie(c, PREVIEW_COOKIE), Math.floor(now / 1000))))
    return { deep: true };
  return { refused: 401, error: 'the deep check needs Authorization: Bearer HEALTH_TOKEN' };
}
