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

/** Hot pages kept in isolate memory, bounded so an isolate never holds much. */
const MEMORY_MAX_ENTRIES = 256;
const MEMORY_MAX_BYTES = 16 * 1024 * 1024;

/** A page as a hit sends it: encoded once, with its final headers (X-Edge-Cache: HIT included). */
interface MemoPage {
  body: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
  expires: number;
}

const encoder = new TextEncoder();

/**
 * The first layer of the edge cache: rendered pages in this isolate's memory, so a hot page
 * costs no Cache API round trip. Least recently used pages go first.
 */
class PageMemory {
  private readonly pages = new Map<string, MemoPage>();
  private bytes = 0;

  get(key: string, now: number): MemoPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    this.pages.delete(key);
    if (page.expires <= now) {
      this.bytes -= page.body.byteLength;
      return undefined;
    }
    this.pages.set(key, page);
    return page;
  }

  set(key: string, page: MemoPage): void {
    const old = this.pages.get(key);
    if (old) this.bytes -= old.body.byteLength;
    this.pages.delete(key);
    this.pages.set(key, page);
    this.bytes += page.body.byteLength;
    while (this.pages.size > MEMORY_MAX_ENTRIES || this.bytes > MEMORY_MAX_BYTES) {
      const [oldest, evicted] = this.pages.entries().next().value!;
      this.pages.delete(oldest);
      this.bytes -= evicted.body.byteLength;
    }
  }
}

function ttlSeconds(rule: MatchedRules | undefined): number {
  return rule?.cache?.maxAge || PAGE_EDGE_TTL_S;
}

/**
 * Rendered pages in isolate memory and then in the Workers Cache API, keyed by build id and
 * path: a new publish changes every key, so an old build's HTML is never served for the new one. The query string is not
 * part of the key, since it does not change a content page. A matching If-None-Match is
 * answered 304 before any lookup or render; a hit returns without rendering.
 */
export function edgeCache({ enabled = () => true, now = Date.now }: EdgeCacheOptions & { now?: () => number } = {}): MiddlewareHandler<AppEnv> {
  const memory = new PageMemory();
  return async function edgeCacheMiddleware(c, next) {
    // EDGE_CACHE=off turns both layers off (the benchmark's "cache bypassed" figure).
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || !enabled(c) || c.env.EDGE_CACHE === 'off') return next();
    const build = c.get('build'), path = c.get('path'), rule = c.get('rule');
    const etag = pageEtag(build.record.id, path);
    const cacheControl = browserCacheControl(rule);
    if (etagMatches(c.req.header('if-none-match'), etag)) {
      return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': cacheControl } });
    }
    // The key's page is fixed by the build and the path, and so are its rule and headers.
    const remember = (body: Uint8Array<ArrayBuffer>, headers: Headers) => {
      const hitHeaders = new Headers(headers);
      hitHeaders.set('Cache-Control', cacheControl);
      hitHeaders.set(EDGE_CACHE_HEADER, 'HIT');
      const page = { body, headers: [...hitHeaders], expires: now() + ttlSeconds(rule) * 1000 };
      memory.set(memoKey, page);
      return page;
    };
    const hitResponse = (page: MemoPage) => {
      c.set('edgeCache', 'hit');
      return new Response(page.body, { headers: page.headers });
    };

    const memoKey = `${build.record.id}${path}`;
    const remembered = memory.get(memoKey, now());
    if (remembered) return hitResponse(remembered);

    const key = new Request(`${CACHE_KEY_ORIGIN}/${memoKey}`);
    const cache = await caches.open(PAGE_CACHE_NAME);
    const hit = await cache.match(key);
    if (hit) return hitResponse(remember(new Uint8Array(await hit.arrayBuffer()), hit.headers));

    await next();
    if (c.res.status !== 200 || !c.res.headers.get('content-type')?.startsWith('text/html')) return;
    // Served from another build (the newer one is still propagating): not this key's page.
    if (c.get('build').record.id !== build.record.id) return;
    const body = encoder.encode(await c.res.text());
    const headers = new Headers(c.res.headers);
    headers.set('ETag', etag);
    remember(body, headers);
    const stored = new Response(body, { headers });
    stored.headers.set('Cache-Control', edgeCacheControl(rule));
    c.executionCtx.waitUntil(cache.put(key, stored));
    c.set('edgeCache', 'miss');
    c.res = new Response(body, { status: 200, headers });
    c.res.headers.set('Cache-Control', cacheControl);
    c.res.headers.set(EDGE_CACHE_HEADER, 'MISS');
  };
}
