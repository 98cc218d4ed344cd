import { describe, expect, test } from 'vitest';
import type { MatchedRules } from '../../../app/route-rules';
import { edgeCache } from '../../../worker/middleware/edge-cache';
import { routeRules } from '../../../worker/middleware/route-rules';
import { markHeadersFinal } from '../../../worker/response-headers';
import { fixtureBuild, given, request, testApp } from '../in-process';

function app(rules: Record<string, MatchedRules>) {
  const a = testApp();
  a.use(given({ build: fixtureBuild(rules) }));
  a.use(routeRules());
  a.get('/*', (c) => c.json({ cache: c.get('rule').cache ?? null }));
  return a;
}

describe('route rules at the edge', () => {
  test('a redirect rule answers with its status and target, keeping the query, before any page work', async () => {
    const res = await request(app({ '/old/**': { redirect: { to: '/en/**', statusCode: 301 } } }), '/old/a/b?x=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/en/a/b?x=1');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  test('a redirect without a status code is a 307', async () => {
    expect((await request(app({ '/old': { redirect: '/en' } }), '/old')).status).toBe(307);
  });

  test('header rules are added to the response', async () => {
    const res = await request(app({ '/en/**': { headers: { 'X-Robots-Tag': 'noarchive' } } }), '/en/page');
    expect(res.headers.get('x-robots-tag')).toBe('noarchive');
  });

  test('the cache rule is left to the steps after it', async () => {
    const res = await request(app({ '/en/**': { cache: { maxAge: 120 } } }), '/en/page');
    expect(await res.json()).toEqual({ cache: { maxAge: 120 } });
  });

  test('header rules leave a response marked final alone', async () => {
    const a = testApp();
    a.use(given({ build: fixtureBuild({ '/en/**': { headers: { 'X-Robots-Tag': 'noarchive' } } }) }));
    a.use(routeRules());
    a.get('/*', (c) => {
      markHeadersFinal(c);
      return c.text('remembered', 200, { 'X-Robots-Tag': 'as first sent' });
    });
    expect((await request(a, '/en/page')).headers.get('x-robots-tag')).toBe('as first sent');
  });
});

// `**` matches zero segments too (docs/content-model.md#251-patterns), at the edge as in the
// shared matcher: a rule on `/go/**` applies to the bare `/go` as to a path below it.
describe('route rules on `/go/**` at the edge', () => {
  const paths = ['/go', '/go/x'];

  test.each(paths)('a redirect rule redirects %s', async (path) => {
    const res = await request(app({ '/go/**': { redirect: '/en/**' } }), `${path}?q=1`);
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(path === '/go' ? '/en?q=1' : '/en/x?q=1');
  });

  test.each(paths)('a header rule adds its headers to %s', async (path) => {
    const res = await request(app({ '/go/**': { headers: { 'X-Robots-Tag': 'noindex' } } }), path);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
  });

  test.each(paths)('a cache rule is left to the steps after it for %s', async (path) => {
    const res = await request(app({ '/go/**': { cache: { maxAge: 30, staleWhileRevalidate: 300 } } }), path);
    expect(await res.json()).toEqual({ cache: { maxAge: 30, staleWhileRevalidate: 300 } });
  });

  test.each(paths)('the edge cache answers %s with the Cache-Control of the cache rule', async (path) => {
    // A build that has both pages, and a revalidation, which the edge cache answers before the Cache API.
    const build = fixtureBuild({ '/go/**': { cache: { maxAge: 30, staleWhileRevalidate: 300 } } });
    build.index.pages = { ...build.index.pages, '/go': 'c'.repeat(64), '/go/x': 'd'.repeat(64) };
    const a = testApp();
    a.use(given({ build }));
    a.use(routeRules());
    a.use(edgeCache().lookup);
    a.get('/*', (c) => c.text('rendered'));
    const res = await request(a, path, { headers: { 'If-None-Match': '*' } });
    expect(res.status).toBe(304);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=300');
  });
});
