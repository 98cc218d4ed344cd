import { describe, expect, test } from 'vitest';
import { compileRouteRules, matchRouteRules, redirectFor as redirectOf } from '../../app/route-rules';
import { PROTOTYPE_NAMES } from '../support/property';

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

describe('internal redirect targets', () => {
  const internal = compileRouteRules({
    '/go/**': { redirect: '/**' },
    '/old/**': { redirect: '/new/**' },
  });

  test('`/**` carries a request path with an empty segment to a path on the site, not to a host', () => {
    expect(redirectFor(internal, '/go//evil.example')?.location).toBe('/evil.example');
  });

  test('`/**` with nothing left redirects to the home page', () => {
    expect(redirectFor(internal, '/go', '?a=1')).toEqual({ location: '/?a=1', status: 307, external: false });
  });

  test('a `%2e%2e` segment (the worker decodes `%252e%252e` once) does not climb out of the target', () => {
    expect(redirectFor(internal, '/old/%2e%2e/admin')?.location).toBe('/new/%252e%252e/admin');
  });

  test('a bare dot segment handed to the matcher is dropped, not followed', () => {
    expect(redirectFor(internal, '/old/../admin')?.location).toBe('/new/admin');
  });
});

describe('route rules and Object.prototype names', () => {
  const rules = compileRouteRules({
    '/en/*': { headers: { 'x-one': '1' } },
    '/old/**': { redirect: '/new/**' },
  });

  test.each(PROTOTYPE_NAMES)('a whole path %j matches no rule', (name) => {
    expect(matchRouteRules(rules, name)).toEqual({ rule: {}, redirectRest: [] });
    expect(matchRouteRules(rules, `/${name}`)).toEqual({ rule: {}, redirectRest: [] });
  });

  test.each(PROTOTYPE_NAMES)('a path segment %j is carried into a redirect as plain text', (name) => {
    expect(redirectFor(rules, `/old/${name}/x`)?.location).toBe(`/new/${encodeURIComponent(name)}/x`);
    expect(matchRouteRules(rules, `/en/${name}`).rule).toEqual({ headers: { 'x-one': '1' } });
  });
});

// Nitro's `**` matches zero segments too (docs/content-model.md#251-patterns): each kind of
// rule on `/go/**` applies to the bare `/go` exactly as to a path below it.
describe('a `/go/**` rule of each kind matches `/go` and `/go/x`', () => {
  const kinds = compileRouteRules({
    '/go/**': { redirect: { to: '/en/**', statusCode: 302 }, headers: { 'x-go': 'yes' }, cache: { maxAge: 30 }, prerender: false },
  });
  const paths = ['/go', '/go/x'];

  test.each(paths)('a redirect rule redirects %s', (path) => {
    expect(redirectFor(kinds, path)).toEqual({ location: path === '/go' ? '/en' : '/en/x', status: 302, external: false });
  });

  test.each(paths)('a header rule adds its headers to %s', (path) => {
    expect(matchRouteRules(kinds, path).rule.headers).toEqual({ 'x-go': 'yes' });
  });

  test.each(paths)('a cache rule sets the cache of %s', (path) => {
    expect(matchRouteRules(kinds, path).rule.cache).toEqual({ maxAge: 30 });
  });

  test.each(paths)('a prerender rule applies to %s', (path) => {
    expect(matchRouteRules(kinds, path).rule.prerender).toBe(false);
  });

  test.each(['/gone', '/', '/en/go'])('the rule does not match %s, which only shares letters with the prefix', (path) => {
    expect(matchRouteRules(kinds, path).rule).toEqual({});
  });
});
