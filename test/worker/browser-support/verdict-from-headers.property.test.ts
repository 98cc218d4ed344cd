import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MIN_SUPPORTED_MAJOR } from '../../../app/browser-support/support-table';
import {
  type BrowserHints,
  type BrowserVerdict,
  browserVerdict,
  browserVerdictFromHeaders,
} from '../../../worker/browser-support/verdict-from-headers';
import { hostileUserAgent, prototypeUa } from '../../support/hostile-user-agents';
import { checkProperty, hostileString, PROTOTYPE_NAMES } from '../../support/property';

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

/** The hints as request headers; undefined when Headers refuses a value (a request could not carry it). */
function asHeaders(h: BrowserHints): Headers | undefined {
  const names: [keyof BrowserHints, string][] = [
    ['userAgent', 'user-agent'],
    ['secChUa', 'sec-ch-ua'],
    ['secChUaFullVersionList', 'sec-ch-ua-full-version-list'],
    ['secChUaMobile', 'sec-ch-ua-mobile'],
    ['secChUaPlatform', 'sec-ch-ua-platform'],
  ];
  try {
    const headers = new Headers();
    for (const [field, name] of names) if (typeof h[field] === 'string') headers.set(name, h[field]);
    return headers;
  } catch {
    return undefined;
  }
}

/** Hints as browsers send them: real brands and versions, each header present or not. */
const realBrandList = fc.option(
  fc
    .array(
      fc.tuple(
        fc.constantFrom('Google Chrome', 'Microsoft Edge', 'Opera', 'OperaMobile', 'Chromium', 'Not)A;Brand'),
        fc.constantFrom('8', '63', '80', '120'),
      ),
      {
        minLength: 1,
        maxLength: 3,
      },
    )
    .map((items) => items.map(([name, version]) => `"${name}";v="${version}"`).join(', ')),
);
const realHints: fc.Arbitrary<BrowserHints> = fc.record({
  userAgent: fc.option(
    fc.constantFrom(
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/63.0.0.0 Mobile Safari/537.36 OPR/40.0.0.0',
    ),
  ),
  secChUa: realBrandList,
  secChUaFullVersionList: realBrandList,
  secChUaMobile: fc.option(fc.constantFrom('?0', '?1')),
  secChUaPlatform: fc.option(fc.constantFrom('"Android"', '"Windows"')),
});

describe('browserVerdictFromHeaders on hostile and on real headers', () => {
  test('judges as browserVerdict does with all five headers read, though it reads fewer', () => {
    checkProperty(
      fc.property(fc.oneof(hints, realHints), (h) => {
        const headers = asHeaders(h);
        fc.pre(headers !== undefined);
        expect(browserVerdictFromHeaders(headers)).toEqual(
          browserVerdict({
            userAgent: headers.get('user-agent'),
            secChUa: headers.get('sec-ch-ua'),
            secChUaFullVersionList: headers.get('sec-ch-ua-full-version-list'),
            secChUaMobile: headers.get('sec-ch-ua-mobile'),
            secChUaPlatform: headers.get('sec-ch-ua-platform'),
          }),
        );
      }),
    );
  });
});
