/**
 * The consent defaults script, run as a browser would (in a VM with a fake storage and
 * document), and the banner's reader of the same stored value: they must agree on every input.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import {
  CONSENT_MAX_AGE_MS,
  CONSENT_STORAGE_KEY,
  consentScript,
  consentSignals,
  parseStoredConsent,
  type ConsentChoice,
} from '../../app/consent';
import { siteKey } from '../../app/dom/site-storage';
import { LANGUAGES, languageTable } from '../../app/i18n/languages';
import '../../app/i18n/all-languages';

const NOW = 1_750_000_000_000;
const DAY = 24 * 60 * 60 * 1000;
const stored = (value: object) => JSON.stringify(value);
const valid = (choice: ConsentChoice, at = NOW - DAY) => stored({ v: 1, ...choice, at });

interface ScriptRun {
  /** dataLayer entries; gtag's `arguments` as arrays */
  dataLayer: unknown[];
  attribute: string | undefined;
}

/** Runs the inline script in a fresh global with `stored` in localStorage (or a storage that throws). */
function runScript(value: string | null | Error): ScriptRun {
  let attribute: string | undefined;
  const global: Record<string, unknown> = {
    localStorage: {
      getItem(key: string) {
        if (value instanceof Error) throw value;
        return key === CONSENT_STORAGE_KEY ? value : null;
      },
    },
    document: { documentElement: { setAttribute: (name: string, v: string) => name === 'data-consent' && (attribute = v) } },
    Date: { now: () => NOW },
  };
  global.window = global;
  runInNewContext(consentScript(), global);
  const isArguments = (e: unknown) => Object.prototype.toString.call(e) === '[object Arguments]';
  // Values from the VM's realm: a JSON round trip makes them plain for toEqual.
  const dataLayer = JSON.parse(
    JSON.stringify((global.dataLayer as unknown[]).map((e) => (isArguments(e) ? Array.from(e as ArrayLike<unknown>) : e))),
  );
  return { dataLayer, attribute };
}

/** What the script applied: the choice its update carried, or null when it only set the defaults. */
function scriptChoice(run: ScriptRun): ConsentChoice | null {
  const update = run.dataLayer.find((e) => Array.isArray(e) && e[0] === 'consent' && e[1] === 'update') as
    [string, string, Record<string, string>] | undefined;
  return update ? { statistics: update[2].analytics_storage === 'granted', marketing: update[2].ad_storage === 'granted' } : null;
}

describe('the consent defaults script', () => {
  test('without a stored choice it denies all but the necessary storage, waits for an update, and asks for the banner', () => {
    const run = runScript(null);
    expect(run.dataLayer).toEqual([
      [
        'consent',
        'default',
        {
          ad_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
          analytics_storage: 'denied',
          functionality_storage: 'granted',
          security_storage: 'granted',
          wait_for_update: 500,
        },
      ],
    ]);
    expect(run.attribute).toBe('ask');
  });

  test('a stored choice is applied as an update right after the defaults, followed by its event, and hides the banner', () => {
    const run = runScript(valid({ statistics: true, marketing: false }));
    const signals = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' };
    expect(run.dataLayer.slice(1)).toEqual([['consent', 'update', signals], { event: 'consent_update', ...signals }]);
    expect(run.attribute).toBe('set');
  });

  test('a choice older than 12 months is asked for again', () => {
    const run = runScript(valid({ statistics: true, marketing: true }, NOW - CONSENT_MAX_AGE_MS));
    expect(run.dataLayer).toHaveLength(1);
    expect(run.attribute).toBe('ask');
  });

  test('storage that throws counts as no choice', () => {
    const run = runScript(new Error('SecurityError'));
    expect(run.dataLayer).toHaveLength(1);
    expect(run.attribute).toBe('ask');
  });

  const inputs: [string, string | null][] = [
    ['nothing stored', null],
    ['not JSON', '{nope'],
    ['JSON null', 'null'],
    ['a number', '1'],
    ['an array', '[true,true]'],
    ['an empty object', '{}'],
    ['both granted', valid({ statistics: true, marketing: true })],
    ['both refused', valid({ statistics: false, marketing: false })],
    ['marketing only', valid({ statistics: false, marketing: true })],
    ['another format version', stored({ v: 2, statistics: true, marketing: true, at: NOW })],
    ['a string for a boolean', stored({ v: 1, statistics: 'true', marketing: true, at: NOW })],
    ['a missing category', stored({ v: 1, statistics: true, at: NOW })],
    ['a date as text', stored({ v: 1, statistics: true, marketing: true, at: String(NOW) })],
    ['a date a little ahead of this clock', valid({ statistics: true, marketing: true }, NOW + 60_000)],
    ['a date far in the future', valid({ statistics: true, marketing: true }, NOW + 30 * DAY)],
    ['a day short of 12 months', valid({ statistics: true, marketing: false }, NOW - CONSENT_MAX_AGE_MS + DAY)],
    ['exactly 12 months old', valid({ statistics: true, marketing: false }, NOW - CONSENT_MAX_AGE_MS)],
    ['a prototype key', '{"__proto__":{"v":1,"statistics":true,"marketing":true,"at":1750000000000}}'],
  ];
  test.each(inputs)('the script and the banner read %s alike', (_name, value) => {
    expect(scriptChoice(runScript(value))).toEqual(parseStoredConsent(value, NOW));
  });
});

describe('consent signals', () => {
  test('statistics is analytics storage, and marketing is all three advertising signals', () => {
    expect(consentSignals({ statistics: true, marketing: false })).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'granted',
    });
    expect(consentSignals({ statistics: false, marketing: true })).toEqual({
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
      analytics_storage: 'denied',
    });
  });

  test('the choice is kept under a key of the site, so /reset-storage removes it', () => {
    expect(CONSENT_STORAGE_KEY).toBe(siteKey('consent'));
  });
});

describe('built-in banner words', () => {
  test.each(LANGUAGES.filter((l) => l !== 'en'))('%s has banner words of its own', (language) => {
    const own = languageTable(language).consent;
    const english = languageTable('en').consent;
    expect(own.acceptAll).not.toBe(english.acceptAll);
    expect(own.rejectAll).not.toBe(english.rejectAll);
    expect(own.footerLink).not.toBe(english.footerLink);
  });
});
