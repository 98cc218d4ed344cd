/** What a page's Cache-Control tells the browser, from the route's cache rule (docs/behaviour.md, 7.1). */
import { describe, expect, test } from 'vitest';
import { browserCacheControl } from '../../../worker/middleware/edge-cache';

describe("a page's Cache-Control for the browser", () => {
  test('without a cache rule, the page is revalidated every time, since the HTML names its build', () => {
    expect(browserCacheControl(undefined)).toBe('no-cache');
    expect(browserCacheControl({})).toBe('no-cache');
  });

  test('a cache rule with a lifetime makes the page public for that long', () => {
    expect(browserCacheControl({ cache: { maxAge: 60 } })).toBe('public, max-age=60');
  });

  test('stale-while-revalidate is added when the rule sets it, with max-age 0 when only it is set', () => {
    expect(browserCacheControl({ cache: { maxAge: 60, staleWhileRevalidate: 600 } })).toBe(
      'public, max-age=60, stale-while-revalidate=600',
    );
    expect(browserCacheControl({ cache: { staleWhileRevalidate: 600 } })).toBe('public, max-age=0, stale-while-revalidate=600');
  });

  test('a cache rule with neither a lifetime above 0 nor stale-while-revalidate is as no rule', () => {
    expect(browserCacheControl({ cache: { maxAge: 0 } })).toBe('no-cache');
    expect(browserCacheControl({ cache: {} })).toBe('no-cache');
  });
});
