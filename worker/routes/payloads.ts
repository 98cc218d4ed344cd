import type { Context, Next } from 'hono';
import { isContentPath, pagePathOfPayload } from '../../app/content/paths';
import { notFoundMessage } from '../../app/i18n/strings';
import type { AppEnv } from '../app-env';
import { payloadHash } from '../build-store';
import { CACHE_IMMUTABLE, CACHE_NONE } from '../cache-control';
import { etagMatches, recordEtag } from '../etag';
import { keepForShortPath } from '../memory-hit';
import { payloadJsonBytes } from '../render/payload-json';
import { splitRequestUrl } from '../request-path';

/**
 * A page's payload, `GET {path}/_payload.json?{buildId}`. The query names the build the client
 * runs: when it is the live build the answer never changes and is cached for good. For any
 * other id the live payload is sent, so a client on an old build still gets the page, but
 * never stored: the client asks with `cache: 'force-cache'`, which takes a stored answer however
 * stale, so an answer for another build, or a 404 from an isolate still on the previous build,
 * would otherwise stand under that URL for as long as the browser keeps it.
 */
async function servePayload(c: Context<AppEnv>, pagePath: string) {
  const found = isContentPath(pagePath) ? await c.get('store').pagePayload(c.get('build'), pagePath) : null;
  if (!found) return c.json({ error: 'not_found', message: notFoundMessage(pagePath) }, 404, { 'Cache-Control': CACHE_NONE });
  const { build, payload } = found;
  const etag = recordEtag(payloadHash(build, pagePath)!);
  const current = splitRequestUrl(c.req.url).search.slice(1) === build.record.id;
  const headers = { ETag: etag, 'Cache-Control': current ? CACHE_IMMUTABLE : CACHE_NONE };
  if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
  const body = payloadJsonBytes(payload);
  // The same bytes and headers for every request for the live build's id: the short path may send them.
  if (current && build === c.get('build')) keepForShortPath(c, { body, search: `?${build.record.id}` });
  return c.body(body, 200, { ...headers, 'Content-Type': 'application/json' });
}

/** Every GET passes here: payload paths are answered, anything else goes on to the pages. */
export function payloads(c: Context<AppEnv>, next: Next) {
  const pagePath = pagePathOfPayload(c.get('path'));
  return pagePath === null ? next() : servePayload(c, pagePath);
}
