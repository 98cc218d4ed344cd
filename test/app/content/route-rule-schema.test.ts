/**
 * Route rules become response headers (Location, and the rule's own headers), which carry
 * bytes: what cannot be sent as a header must fail the build, not the first request.
 */
import { describe, expect, test } from 'vitest';
import { RouteRule } from '../../../app/content/schema';

describe('route rules in site.json', () => {
  test.each(['https://bücher.example/x', 'https://blog.example.com/新闻', '/en/päev'])('a redirect to %s, which is not ASCII, is a build error', (to) => {
    const parsed = RouteRule.safeParse({ redirect: to });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('Must be ASCII');
  });

  test('a percent-encoded, punycode target is accepted', () => {
    expect(RouteRule.safeParse({ redirect: 'https://xn--bcher-kva.example/%E6%96%B0' }).success).toBe(true);
  });

  test.each(['ä', 'line\u0085', 'tab\there'])('a header value %j that is not printable ASCII is a build error', (value) => {
    expect(RouteRule.safeParse({ headers: { 'x-note': value } }).success).toBe(false);
  });
});
