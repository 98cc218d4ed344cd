import type { MiddlewareHandler } from 'hono';
import { PAGE_EDGE_TTL_S } from '../../app/constants';
import type { MatchedRules } from '../../app/route-rules';
import type { AppEnv } from '../app-env';
import { CACHE_REVALIDATE } from '../cache-control';
import { etagMatches, pageEtag } from '../etag';

/** Never a real host: Cache API keys only need to be URLs. */
const CACHE_KEY_ORIGIN = 'https://edge-cache.invalid';

export const EDGE_CACHE_HEADER = 'X-Edge-Cache';
/** A named cache (the standard API) rather than caches.default, which only Workers types know. */
const PAGE_CACHE_NAME = 'pages';

/** What the browser is told: a cache rule's lifetimes, else revalidate (the HTML names its build). */
export function browserCacheControl(rule: MatchedRules | undefined): string {
  const cache = rule?.cache;
  if (!cache?.maxAge && !cache?.staleWhileRevalidate) return CACHE_REVALIDATE;
  const parts = ['public', `max-age=${cache.maxAge ?? 0}`];
  if (cache.staleWhileRevalidate) parts.push(`stale-while-revalidate=${cache.staleWhileRevalidate}`);
  return parts.join(', ');
}

function edgeCacheControl(rule: MatchedRules | undefined): string {
  const cache = rule?.cache;
  const parts = [`public, max-age=${cache?.maxAge || PAGE_EDGE_TTL_S}`];
  if (cache?.staleWhileRevalidate) parts.push(`stale-while-revalidate=${cache.staleWhileRevalidate}`);
  return parts.join(', ');
}

export interface EdgeCacheOptions {
  /** false turns the cache off for a request (preview traffic is never stored) */
  enabled?: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => boolean;
}

/**
 * Rendered pages in the Workers Cache API, keyed by build id and path: a new publish changes
 * every key, so an old build's HTML is never served for the new one. The query string is not
 * part of the key, since it does not change a content page. A matching If-None-Match is
 * answered 304 before any lookup or render; a hit returns without rendering.
 */
export function edgeCache({ enabled = () => true }: EdgeCacheOptions = {}): MiddlewareHandler<AppEnv> {
  return async function edgeCacheMiddleware(c, next) {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || !enabled(c)) return next();
    const { build, path, rule } = c.var;
    const etag = pageEtag(build.record.id, path);
    const cacheControl = browserCacheControl(rule);
    if (etagMatches(c.req.header('if-none-match'), etag)) {
      return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': cacheControl } });
    }

    const key = new Request(`${CACHE_KEY_ORIGIN}/${build.record.id}${path}`);
    const cache = await caches.open(PAGE_CACHE_NAME);
    const hit = await cache.match(key);
    if (hit) {
      const res = new Response(hit.body, hit);
      res.headers.set('Cache-Control', cacheControl);
      res.headers.set(EDGE_CACHE_HEADER, 'HIT');
      return res;
    }

    await next();
    if (c.res.status !== 200 || !c.res.headers.get('content-type')?.startsWith('text/html')) return;
    // Served from another build (the newer one is still propagating): not this key's page.
    if (c.var.build.record.id !== build.record.id) return;
    c.res.headers.set('ETag', etag);
    const stored = c.res.clone();
    stored.headers.set('Cache-Control', edgeCacheControl(rule));
    c.executionCtx.waitUntil(cache.put(key, stored));
    c.res.headers.set('Cache-Control', cacheControl);
    c.res.headers.set(EDGE_CACHE_HEADER, 'MISS');
  };
}
