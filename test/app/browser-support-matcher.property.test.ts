/**
 * The client's browser check against the edge's on generated input: hostile strings, real
 * User-Agents with junk spliced in, cut short or cut together, and client hints. The client never
 * throws, and it turns a browser away exactly when the edge does.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MIN_SUPPORTED_MAJOR } from '../../app/browser-support';
import { clientBrowserVerdict } from '../../app/browser-support-matcher';
import { isBotUserAgent } from '../../app/bot-user-agents';
import { browserVerdict } from '../../worker/browser-support';
import { checkProperty, hostileString, PROTOTYPE_NAMES } from '../support/property';
import { NAMED_UA_CASES, UA_TABLE } from '../support/user-agents';

const REAL_UAS = [...UA_TABLE, ...NAMED_UA_CASES].map(([, ua]) => ua).filter((ua) => ua.trim() !== '');

/** A table browser's name with a prototype name in the place of its product token or version. */
const prototypeUa = fc
  .tuple(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom('Chrome', 'CriOS', 'Edg', 'OPR', 'Firefox', 'Version'))
  .chain(([name, token]) =>
    fc.constantFrom(
      `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) ${name}/1.0 Safari/537.36`,
      `Mozilla/5.0 (iPhone; CPU iPhone OS ${name} like Mac OS X) AppleWebKit/605.1.15 ${token}/${name} Mobile/15E148 Safari/604.1`,
      `Mozilla/5.0 (Linux; Android ${name}; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 ${token}/${name} Mobile Safari/537.36`,
    ),
  );

const userAgent = fc.oneof(
  hostileString(),
  hostileString(40).map((s) => s.repeat(50)), // far past the length cap
  fc
    .tuple(fc.constantFrom(...REAL_UAS), hostileString(), fc.nat({ max: 300 }))
    .map(([ua, junk, at]) => ua.slice(0, at) + junk + ua.slice(at)),
  fc
    .tuple(fc.constantFrom(...REAL_UAS), fc.nat({ max: 300 }), fc.nat({ max: 40 }))
    .map(([ua, at, cut]) => ua.slice(0, at) + ua.slice(at + cut)),
  fc
    .tuple(fc.constantFrom(...REAL_UAS), fc.constantFrom(...REAL_UAS), fc.nat({ max: 250 }), fc.nat({ max: 250 }))
    .map(([a, b, i, j]) => a.slice(0, i) + b.slice(j)),
  prototypeUa,
);

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
