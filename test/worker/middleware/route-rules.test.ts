import { describe, expect, test } from 'vitest';
import type { MatchedRules } from '../../../app/route-rules';
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
