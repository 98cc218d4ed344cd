/**
 * `/_app/` files of earlier deployments, from KV. Static assets answer the current deployment's
 * hashed client files before the worker runs, so a request for one that reaches the worker
 * names a file this deployment does not have: HTML of an earlier build still in use (the edge
 * cache keeps pages for a day, an open tab loads chunks as it navigates, bfcache) after a code
 * deploy or a worker rollback. Every publish archives its build's client files under `assets/`
 * (scripts/lib/publish.ts), and file names are content hashes, so the file found is the file
 * that page was built with. Served as the static ones are: immutable, nosniff; then kept in the
 * Cache API, so each location reads KV once per file.
 */
import type { Context, Next } from 'hono';
import type { AppEnv } from '../app-env';
import { CACHE_IMMUTABLE } from '../cache-control';

/** The only shapes esbuild writes (scripts/lib/bundle.ts: `[name].[hash]`, chunks/ and assets/). */
const CLIENT_FILE = /^\/_app\/(?:chunks\/|assets\/)?[A-Za-z0-9_-]{1,64}\.[A-Z0-9]{8}\.(js|css)$/;
const CONTENT_TYPES = new Map([
  ['js', 'text/javascript; charset=utf-8'],
  ['css', 'text/css; charset=utf-8'],
]);
const CACHE_NAME = 'client-files';
const CACHE_KEY_ORIGIN = 'https://client-files.invalid';

export async function clientFiles(c: Context<AppEnv>, next: Next) {
  const path = c.get('path');
  const match = CLIENT_FILE.exec(path);
  if (!match) return next();
  const key = new Request(CACHE_KEY_ORIGIN + path);
  const cache = await caches.open(CACHE_NAME);
  const cached = await cache.match(key);
  if (cached) return new Response(c.req.method === 'HEAD' ? null : cached.body, { headers: cached.headers });
  const text = await c.get('store').clientFile(path);
  if (text === null) return next();
  const headers = { 'Content-Type': CONTENT_TYPES.get(match[1]!)!, 'Cache-Control': CACHE_IMMUTABLE, 'X-Content-Type-Options': 'nosniff' };
  c.executionCtx.waitUntil(cache.put(key, new Response(text, { headers })));
  return new Response(c.req.method === 'HEAD' ? null : text, { status: 200, headers });
}
