import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MIN_SUPPORTED_MAJOR } from '../../app/browser-support';
import { type BrowserHints, type BrowserVerdict, browserVerdict } from '../../worker/browser-support';
import { hostileUserAgent, prototypeUa } from '../support/hostile-user-agents';
import { checkProperty, hostileString, PROTOTYPE_NAMES } from '../support/property';

const userAgent = fc.oneof(hostileUserAgent, fc.constantFrom(null, undefined, ''));

/** Brand names: prototype names, real brands, and hostile text, quoted the way Sec-CH-UA quotes. */
const brand = fc.oneof(
  fc.constantFrom(...PROTOTYPE_NAMES),
  fc.constantFrom('Google Chrome', 'Microsoft Edge', 'Opera', 'Chromium'),
  hostileString(4),
);
const brandList = fc.oneof(
  fc
    .array(fc.tuple(brand, fc.oneof(fc.constantFrom('1', '63', '120', '99.0.0.0'), hostileString(2))), { maxLength: 6 })
    .map((items) => items.map(([name, version]) => `"${name.replace(/["\\]/g, '\\$&')}";v="${version.replace(/"/g, '')}"`).join(', ')),
  hostileString(),
  hostileString(40).map((s) => s.repeat(50)),
  fc.constantFrom(null, undefined),
);
const hintField = fc.oneof(hostileString(), fc.constantFrom('?0', '?1', '"Android"', '"Windows"', null, undefined));

const hints: fc.Arbitrary<BrowserHints> = fc.record({
  userAgent,
  secChUa: brandList,
  secChUaFullVersionList: brandList,
  secChUaMobile: hintField,
  secChUaPlatform: hintField,
});

/** Every brand in a list is a prototype name: nothing in it may name a table browser. */
const prototypeBrandsOnly = fc
  .array(fc.tuple(fc.constantFrom(...PROTOTYPE_NAMES), fc.integer({ min: 0, max: 500 })), { minLength: 1, maxLength: 6 })
  .map((items) => items.map(([name, major]) => `"${name}";v="${major}"`).join(', '));

function expectWellFormed(verdict: BrowserVerdict): void {
  expect(typeof verdict).toBe('object');
  expect(typeof verdict.supported).toBe('boolean');
  expect(typeof verdict.reason).toBe('string');
  if (verdict.browser !== undefined) expect(Object.hasOwn(MIN_SUPPORTED_MAJOR, verdict.browser)).toBe(true);
  if (verdict.major !== undefined) expect(Number.isInteger(verdict.major)).toBe(true);
}

describe('browserVerdict on hostile input', () => {
  test('always returns a well-formed verdict without falling back on its own error', () => {
    checkProperty(
      fc.property(hints, (h) => {
        const verdict = browserVerdict(h);
        expectWellFormed(verdict);
        expect(verdict.reason).not.toBe('error');
      }),
    );
  });

  test('never turns a visitor away without naming a table browser', () => {
    checkProperty(
      fc.property(hints, (h) => {
        const verdict = browserVerdict(h);
        if (!verdict.supported) expect(verdict.browser).toBeDefined();
      }),
    );
  });

  test('never names an Object.prototype property as a browser', () => {
    checkProperty(
      fc.property(hints, (h) => {
        const { browser } = browserVerdict(h);
        if (browser !== undefined) expect(PROTOTYPE_NAMES).not.toContain(browser);
      }),
    );
  });

  test('brand lists made only of Object.prototype names leave the decision to the User-Agent', () => {
    checkProperty(
      fc.property(prototypeBrandsOnly, prototypeBrandsOnly, (secChUa, secChUaFullVersionList) => {
        expect(browserVerdict({ secChUa, secChUaFullVersionList, secChUaMobile: '?1' })).toEqual({
          supported: true,
          reason: 'no user agent',
        });
      }),
    );
  });

  test('User-Agents with Object.prototype names in their tokens get a verdict', () => {
    checkProperty(
      fc.property(prototypeUa, (ua) => {
        expectWellFormed(browserVerdict({ userAgent: ua }));
      }),
    );
  });
});
