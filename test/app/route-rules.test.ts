import { describe, expect, test } from 'vitest';
import { compileRouteRules, matchRouteRules, redirectFor as redirectOf } from '../../app/route-rules';

const matcher = compileRouteRules({
  '/old-loans': { redirect: { to: '/en/loans', statusCode: 301 } },
  '/blog/**': { redirect: 'https://blog.example.com/**' },
  '/en/rates': { headers: { 'x-robots-tag': 'noindex' }, cache: { maxAge: 60, staleWhileRevalidate: 600 } },
  '/en/**': { headers: { 'x-section': 'en' }, cache: { maxAge: 10 } },
  '/en/news/**': { prerender: false },
  '/docs/*/old': { redirect: '/docs/new' },
});

const redirectFor = (m: typeof matcher, path: string, search?: string) => redirectOf(matchRouteRules(m, path), search);

describe('route rules', () => {
  test('an exact redirect keeps its status code', () => {
    expect(redirectFor(matcher, '/old-loans')).toEqual({ location: '/en/loans', status: 301, external: false });
  });

  test('a redirect without a status code answers 307', () => {
    expect(redirectFor(matcher, '/docs/v1/old')?.status).toBe(307);
  });

  test('** carries the rest of the path into the target', () => {
    expect(redirectFor(matcher, '/blog/2024/hello')).toEqual({
      location: 'https://blog.example.com/2024/hello',
      status: 307,
      external: true,
    });
  });

  test('** matches the bare prefix too', () => {
    expect(redirectFor(matcher, '/blog')?.location).toBe('https://blog.example.com');
  });

  test('the query string is kept', () => {
    expect(redirectFor(matcher, '/old-loans', '?utm=x')?.location).toBe('/en/loans?utm=x');
  });

  test('* matches exactly one segment', () => {
    expect(redirectFor(matcher, '/docs/v1/v2/old')).toBeNull();
  });

  test('the more specific pattern wins per key and the rest merge', () => {
    const { rule } = matchRouteRules(matcher, '/en/rates');
    expect(rule.headers).toEqual({ 'x-section': 'en', 'x-robots-tag': 'noindex' });
    expect(rule.cache).toEqual({ maxAge: 60, staleWhileRevalidate: 600 });
  });

  test('paths no rule names get no rule', () => {
    expect(matchRouteRules(matcher, '/fi').rule).toEqual({});
  });

  test('prerender: false marks a subtree', () => {
    expect(matchRouteRules(matcher, '/en/news/today').rule.prerender).toBe(false);
  });

  test.each(['//evil.example', '/blog/..%2f..%2fevil.example', '/blog/%2F%2Fevil.example', '/blog/\\evil.example'])(
    'a request path %j never redirects to another host',
    (path) => {
      const redirect = redirectFor(matcher, path);
      if (redirect) expect(new URL(redirect.location, 'https://www.example.com').host).toBe('blog.example.com');
    },
  );
});
