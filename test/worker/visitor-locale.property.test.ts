/**
 * The locale of a page without a content path (system pages, errors), chosen from the path,
 * `?lang=` and Accept-Language: all three are the visitor's text.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { BuildIndex, Chrome } from '../../app/build-records';
import { chooseLocale } from '../../worker/visitor-locale';
import { PROTOTYPE_NAMES, checkProperty, hostilePath, hostileString } from '../support/property';

const LOCALES = [
  { code: 'en', lang: 'en', label: 'English' },
  { code: 'et', lang: 'et-EE', label: 'Eesti' },
  { code: 'se', lang: 'sv-SE', label: 'Svenska' },
  { code: 'at', lang: 'de-AT', label: 'Österreich' },
];

function chrome(code: string): Chrome {
  const locale = LOCALES.find((l) => l.code === code)!;
  return { siteName: 'Site', origin: 'https://www.example.com', defaultLocale: 'en', locale, locales: LOCALES, navigation: [], footer: {} };
}

const index: BuildIndex = {
  id: '0123456789abcdef',
  pages: {},
  chrome: Object.fromEntries(LOCALES.map((l) => [l.code, chrome(l.code)])),
  defaultLocale: 'en',
  csp: { scriptHashes: [], connectOrigins: [] },
  webhooks: {},
};
const known = new Set(Object.values(index.chrome));

/** Accept-Language-like text: tags, q-values and junk. */
const acceptLanguage = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom('en', 'et-EE', 'sv', 'de-at', 'DE', '*', 'x-klingon', ...PROTOTYPE_NAMES), hostileString(3)),
      fc.oneof(fc.constant(''), fc.constantFrom(';q=0', ';q=1', ';q=0.5', ';q=NaN', ';q=-1', ';q=1e309', ';q=', ';;q=0.9')),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.map(([tag, q]) => tag + q).join(', '));

describe('choosing the locale of a system page', () => {
  test('always one of the build’s locales, never a built-in object, whatever the path, ?lang= and Accept-Language say', () => {
    checkProperty(
      fc.property(
        hostilePath(),
        fc.option(fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), hostileString())),
        fc.option(acceptLanguage),
        (path, lang, accept) => {
          expect(known.has(chooseLocale(index, path, lang ?? undefined, accept ?? undefined))).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  test.each(PROTOTYPE_NAMES)('?lang=%s falls back to the default locale', (name) => {
    expect(chooseLocale(index, '', name, undefined).locale.code).toBe('en');
  });

  test.each(PROTOTYPE_NAMES)('a path starting with /%s is not a locale', (name) => {
    expect(chooseLocale(index, `/${name}/x`, undefined, undefined).locale.code).toBe('en');
  });

  test('a known ?lang= and Accept-Language still choose', () => {
    expect(chooseLocale(index, '', 'et', undefined).locale.code).toBe('et');
    expect(chooseLocale(index, '', undefined, 'de-AT,de;q=0.9').locale.code).toBe('at');
    expect(chooseLocale(index, '', undefined, 'fr, sv;q=0.2').locale.code).toBe('se');
  });
});
