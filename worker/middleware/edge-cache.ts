import type { MiddlewareHandler } from 'hono';
import { PAGE_EDGE_TTL_S, PAGE_MEMORY_MAX_BYTES, PAGE_MEMORY_MAX_ENTRIES } from '../../app/constants';
import type { MatchedRules } from '../../app/route-rules';
import { BoundedLru, type LruLimits } from '../bounded-lru';
import type { CompleteBuild } from '../build-memory';
import { payloadHash } from '../build-store';
import { CACHE_REVALIDATE } from '../cache-control';
import { configOf, type ConfigSource } from '../config';
import { etagMatches, pageEtag } from '../etag';
import { markHeadersFinal, type ResponseHeadersVariables } from '../response-headers';

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

/**
 * A response for `remember` to keep: a page this request rendered or read from the Cache API,
 * or an answer that is the same for every request of its build, path and query string (a
 * payload, a route-rule redirect), which only the short path for memory hits reads
 * (keepForShortPath in memory-hit.ts).
 */
export interface PendingPage {
  buildId: string;
  path: string;
  /** null for an answer without a body (a redirect) */
  body: Uint8Array<ArrayBuffer> | null;
  expires: number;
  /** the status it is kept for; 200 unless said */
  status?: number;
  /**
   * the only query string this answer is for (a payload's `?{buildId}`, a redirect's none);
   * unset for pages, which answer any query string and say `X-Edge-Cache: HIT`
   */
  search?: string;
}

/** The variables the edge cache sets; the app's environment includes them. */
export interface EdgeCacheVariables {
  /** whether the edge cache answered (set when it looked) */
  edgeCache: 'hit' | 'miss';
  /** the page to keep in memory once the response has all its headers */
  pendingPage: PendingPage;
}

/**
 * The part of the app's environment the edge cache uses: its own variables, and the request's
 * path, build, rule and mode. Not AppEnv itself, which is composed from these variables.
 */
export interface EdgeCacheEnv {
  Bindings: ConfigSource;
  Variables: EdgeCacheVariables & ResponseHeadersVariables & { path: string; build: CompleteBuild; rule: MatchedRules; preview: boolean };
}

/**
 * A page as a hit from memory sends it: encoded once, with the headers it was finally sent
 * with (every middleware's, X-Edge-Cache: HIT), as a Headers object. `new Response` copies a
 * Headers object natively; a list of pairs is converted string by string on every hit.
 */
type MemoPage = Pick<PendingPage, 'body' | 'expires' | 'status' | 'search'> & { headers: Headers };

const encoder = new TextEncoder();

/**
 * The first layer of the edge cache: rendered pages of the build being served, in this
 * isolate's memory, so a hot page costs no Cache API round trip. Bounded in entries and bytes,
 * least recently used first out. It holds one build's pages: a build's pages are only ever
 * served while it is the build, so once a page of another build is kept, the earlier build's
 * go at once (a long-lived isolate sees a publish every few minutes, and each build's pages
 * would otherwise sit in memory until the bound pushed them out). Keys are paths alone, so a
 * hit builds no key string.
 */
export class PageMemory {
  private readonly pages: BoundedLru<string, MemoPage>;
  private buildId: string | undefined;

  constructor(limits: LruLimits = { maxEntries: PAGE_MEMORY_MAX_ENTRIES, maxBytes: PAGE_MEMORY_MAX_BYTES }) {
    this.pages = new BoundedLru(limits);
  }

  /** `search`: the request's query string, for an answer kept for one query string only. */
  get(buildId: string, path: string, now: number, search?: string): MemoPage | undefined {
    if (buildId !== this.buildId) return undefined;
    const page = this.pages.get(path);
    if (page && page.expires <= now) {
      this.pages.delete(path);
      return undefined;
    }
    return page && (page.search === undefined || page.search === search) ? page : undefined;
  }

  set(buildId: string, path: string, page: MemoPage): void {
    if (buildId !== this.buildId) {
      this.pages.retainKeys(() => false);
      this.buildId = buildId;
    }
    this.pages.set(path, page, page.body?.byteLength ?? 0);
  }

  usage(): { entries: number; bytes: number } {
    return this.pages.usage();
  }
}

function ttlSeconds(rule: MatchedRules | undefined): number {
  return rule?.cache?.maxAge || PAGE_EDGE_TTL_S;
}

/**
 * Rendered pages in isolate memory and then in the Workers Cache API, keyed by build id and
 * path: a new publish changes every key, so an old build's HTML is never served for the new
 * one. The query string is not part of the key, since it does not change a content page.
 *
 * Two handlers over one memory:
 *
 *   lookup    in policy order (after the browser check and the route rules): a matching
 *             If-None-Match is a 304; a page in memory or in the Cache API is sent without
 *             rendering; else the page renders and goes to the Cache API.
 *   remember  outermost of the header writers: once every middleware has added its headers,
 *             keeps the page in memory with those final headers. A hit from memory is sent
 *             with them as they are, and marked final (response-headers.ts) so that the
 *             writers, which would only write the same values again, leave it alone. A
 *             page's headers depend only on the build, the path and the configuration, which
 *             the key and the isolate fix.
 *
 * Preview traffic is never stored, and EDGE_CACHE=off turns both layers off (the benchmark's
 * "cache bypassed" figure).
 */
export function edgeCache({ now = Date.now, memory = new PageMemory() }: { now?: () => number; memory?: PageMemory } = {}) {
  const lookup: MiddlewareHandler<EdgeCacheEnv> = async function edgeCacheLookup(c, next) {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.get('preview') || !configOf(c.env).edgeCache) return next();
    const build = c.get('build'),
      path = c.get('path'),
      rule = c.get('rule');
    // Only a page the build lists is looked up, stored or answered 304. Anything else renders as
    // a 404 (or a redirect) and has nothing to cache; more, the Cache API key is a URL, whose
    // parser reads escaped dots (`/fi/%2e%2e/…`, from a request for `%252e%252e`) as dot
    // segments, so a path that is not a page could name another page's key, or another build's.
    // `If-None-Match: *` (or a tag made up for a path) must not turn a 404 into "not modified".
    if (payloadHash(build, path) === undefined) return next();
    const etag = pageEtag(build.record.id, path);
    const cacheControl = browserCacheControl(rule);
    if (etagMatches(c.req.header('if-none-match'), etag)) {
      return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': cacheControl } });
    }

    const memoKey = `${build.record.id}${path}`;
    const remembered = memory.get(build.record.id, path, now());
    if (remembered) {
      c.set('edgeCache', 'hit');
      markHeadersFinal(c);
      return new Response(remembered.body, { headers: remembered.headers });
    }
    const pending = (body: Uint8Array<ArrayBuffer>) =>
      c.set('pendingPage', { buildId: build.record.id, path, body, expires: now() + ttlSeconds(rule) * 1000 });

    const key = new Request(`${CACHE_KEY_ORIGIN}/${memoKey}`);
    const cache = await caches.open(PAGE_CACHE_NAME);
    const hit = await cache.match(key);
    if (hit) {
      const body = new Uint8Array(await hit.arrayBuffer());
      pending(body);
      c.set('edgeCache', 'hit');
      const res = new Response(body, { headers: hit.headers });
      res.headers.set('Cache-Control', cacheControl);
      res.headers.set(EDGE_CACHE_HEADER, 'HIT');
      return res;
    }

    await next();
    if (c.res.status !== 200 || !c.res.headers.get('content-type')?.startsWith('text/html')) return;
    // Served from another build (the newer one is still propagating): not this key's page.
    if (c.get('build').record.id !== build.record.id) return;
    const body = encoder.encode(await c.res.text());
    const headers = new Headers(c.res.headers);
    headers.set('ETag', etag);
    const stored = new Response(body, { headers });
    stored.headers.set('Cache-Control', edgeCacheControl(rule));
    c.executionCtx.waitUntil(cache.put(key, stored));
    pending(body);
    c.set('edgeCache', 'miss');
    c.res = new Response(body, { status: 200, headers });
    c.res.headers.set('Cache-Control', cacheControl);
    c.res.headers.set(EDGE_CACHE_HEADER, 'MISS');
  };

  const remember: MiddlewareHandler<EdgeCacheEnv> = async function edgeCacheRemember(c, next) {
    await next();
    const page = c.get('pendingPage');
    // A cookie is for one visitor; pages never set one, and one that does is not shared.
    if (!page || c.res.status !== (page.status ?? 200) || c.res.headers.has('set-cookie')) return;
    const headers = new Headers(c.res.headers);
    // Only pages come from the edge cache; the chain never said so of a payload or a redirect.
    if (page.search === undefined) headers.set(EDGE_CACHE_HEADER, 'HIT');
    const { buildId, path, ...kept } = page;
    memory.set(buildId, path, { ...kept, headers });
  };

  return { lookup, remember };
}
