/**
 * Generated rule sets against hostile request paths: matching never throws, an internal
 * redirect always lands on the site (inside its target's prefix), and an external one on the
 * host its rule names.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { RouteRule } from '../../app/content/schema';
import { compileRouteRules, matchRouteRules, redirectFor } from '../../app/route-rules';
import { PROTOTYPE_NAMES, checkProperty, hostilePath, hostileString } from '../support/property';

const ORIGIN = 'https://www.example.com';
const STATIC = ['go', 'old', 'en', 'blog', 'a', ...PROTOTYPE_NAMES];

const patternSegment = fc.oneof(fc.constantFrom('*', '**'), fc.constantFrom(...STATIC));
const pattern = fc.array(patternSegment, { maxLength: 4 }).map((segments) => `/${segments.join('/')}`);

/** What site.json may name: an internal path or an http(s) URL, either with a trailing `/**`. */
const target = fc
  .tuple(
    fc.constantFrom(
      '',
      '/new',
      '/en/loans',
      '/a/b?x=1',
      '/constructor',
      'https://blog.example.com',
      'https://blog.example.com/x?y=1',
      'http://old.example',
    ),
    fc.boolean(),
  )
  .map(([base, rest]) => (rest ? `${base}/**` : base || '/'));

const rule: fc.Arbitrary<RouteRule> = fc.record(
  {
    redirect: fc.oneof(target, fc.record({ to: target, statusCode: fc.constantFrom(301 as const, 308 as const) })),
    headers: fc.constant({ 'x-rule': '1' }),
    prerender: fc.boolean(),
  },
  { requiredKeys: [] },
);

const ruleSet = fc.dictionary(pattern, rule, { maxKeys: 6 }).map(compileRouteRules);

/** Request paths as the client has them (encoded) and as the worker has them (decoded once). */
const requestPath = fc.oneof(
  hostilePath(),
  fc.tuple(fc.array(fc.constantFrom(...STATIC), { maxLength: 3 }), hostilePath()).map(([head, tail]) => `/${head.join('/')}${tail}`),
  fc.constantFrom('/go//evil.example', '/go/\\evil.example', '/old/%2e%2e/%2e%2e//evil.example', '/go/%252F%252Fevil.example'),
);
const requestSearch = fc.oneof(
  fc.constant(''),
  hostileString(4).map((s) => `?${s}`),
);

const targetOf = (r: RouteRule) => (typeof r.redirect === 'string' ? r.redirect : r.redirect?.to);

describe('route rules, generated', () => {
  test('matching never throws, and a redirect stays on the site or goes to the host its rule names', () => {
    checkProperty(
      fc.property(ruleSet, requestPath, requestSearch, (matcher, path, search) => {
        const decision = matchRouteRules(matcher, path);
        const redirect = redirectFor(decision, search);
        if (!redirect) return;
        const to = targetOf(decision.rule)!;
        if (!redirect.external) {
          expect(redirect.location).toMatch(/^\/(?![/\\])/);
          // A browser resolves the Location against the request's URL.
          expect(new URL(redirect.location, `${ORIGIN}/some/request`).origin).toBe(ORIGIN);
          if (to.endsWith('/**') && to !== '/**') {
            const prefix = to.slice(0, -3).split('?')[0]!;
            const { pathname } = new URL(redirect.location, ORIGIN);
            expect(pathname === prefix || pathname.startsWith(`${prefix}/`)).toBe(true);
          }
        } else {
          expect(new URL(redirect.location).host).toBe(new URL(to.replace(/\/\*\*$/, '')).host);
        }
      }),
      { numRuns: 500 },
    );
  });
});
