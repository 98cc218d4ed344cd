/**
 * The client's browser check against the edge's on generated input: hostile strings, real
 * User-Agents with junk spliced in, cut short or cut together, and client hints. The client never
 * throws, and it turns a browser away exactly when the edge does.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MIN_SUPPORTED_MAJOR } from '../../../app/browser-support/support-table';
import { clientBrowserVerdict } from '../../../app/browser-support/matcher';
import { isBotUserAgent } from '../../../app/browser-support/bots';
import { browserVerdict } from '../../../worker/browser-support/verdict-from-headers';
import { checkProperty, hostileString, PROTOTYPE_NAMES } from '../../support/property';
import { hostileUserAgent as userAgent, REAL_UAS } from '../../support/hostile-user-agents';

/** navigator.userAgentData with real brands, GREASE, prototype names and junk. */
const brand = fc.oneof(
  fc.constantFrom('Google Chrome', 'Microsoft Edge', 'Opera', 'Opera GX', 'OperaMobile', 'Chromium', 'HeadlessChrome', 'Not_A Brand'),
  fc.constantFrom(...PROTOTYPE_NAMES),
  hostileString(3),
);
const version = fc.oneof(
  fc.constantFrom('1', '63', '64', '80', '89', '90', '120', '99.0.0.0'),
  hostileString(2).map((v) => v.replace(/"/g, '')), // a header value cannot carry its quote
);
const hints = fc.record({
  userAgent: fc.oneof(fc.constantFrom(...REAL_UAS), fc.constant(''), hostileString()),
  brands: fc.array(fc.record({ brand, version }), { maxLength: 5 }),
  mobile: fc.boolean(),
  platform: fc.oneof(fc.constantFrom('Android', 'Windows', 'macOS', 'android', ''), hostileString(2)),
});

describe('the client’s browser check on generated input', () => {
  test('never throws, and always gives a well-formed verdict', () => {
    checkProperty(
      fc.property(fc.oneof(userAgent, fc.anything()), (ua) => {
        for (const verdict of [clientBrowserVerdict({ userAgent: ua }), clientBrowserVerdict({ userAgent: ua }, isBotUserAgent)]) {
          expect(typeof verdict.supported).toBe('boolean');
          expect(verdict.reason).not.toBe('error');
          if (verdict.browser !== undefined) expect(Object.hasOwn(MIN_SUPPORTED_MAJOR, verdict.browser)).toBe(true);
          if (!verdict.supported) expect(verdict.browser).toBeDefined();
        }
      }),
    );
  });

  test('turns a User-Agent away exactly when the edge does', () => {
    checkProperty(
      fc.property(userAgent, (ua) => {
        expect(clientBrowserVerdict({ userAgent: ua }, isBotUserAgent).supported).toBe(browserVerdict({ userAgent: ua }).supported);
      }),
      { numRuns: 1_000 },
    );
  });

  test('without the bot list, never turns away a User-Agent the edge lets in but for a bot', () => {
    checkProperty(
      fc.property(userAgent, (ua) => {
        if (!clientBrowserVerdict({ userAgent: ua }).supported) return;
        expect(browserVerdict({ userAgent: ua }).supported).toBe(true);
      }),
    );
  });

  test('reading navigator.userAgentData, decides as the edge reading the same brands in Sec-CH-UA', () => {
    checkProperty(
      fc.property(hints, ({ userAgent: ua, brands, mobile, platform }) => {
        const secChUa = brands.map((b) => `"${b.brand.replace(/["\\]/g, '\\$&')}";v="${b.version}"`).join(', ');
        fc.pre(secChUa.length <= 512); // the edge reads that much of a header; a browser sends a handful of brands
        const edge = browserVerdict({ userAgent: ua, secChUa, secChUaMobile: mobile ? '?1' : '?0', secChUaPlatform: `"${platform}"` });
        const client = clientBrowserVerdict({ userAgent: ua, userAgentData: { brands, mobile, platform } }, isBotUserAgent);
        expect(client).toEqual({ ...edge });
      }),
      { numRuns: 1_000 },
    );
  });
});
