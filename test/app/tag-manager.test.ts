/**
 * The tag manager's snippet, run as a browser would run the page's head (in a VM with a fake
 * document and storage): it loads gtm.js only after the consent defaults have run, and in basic
 * mode only once a category is granted.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { CONSENT_STORAGE_KEY, TAG_LOADER_GLOBAL, consentScript, consentSignals, type ConsentChoice } from '../../app/consent';
import { GTM_ORIGIN, gtmSnippet } from '../../app/tag-manager';

const GTM_JS = `${GTM_ORIGIN}/gtm.js?id=GTM-ABC123`;

interface Head {
  /** the script URLs inserted so far */
  inserted: string[];
  /** what the banner does on a choice: the update, then basic mode's loader if it is still there */
  choose(choice: ConsentChoice): void;
  /** whether basic mode's loader is waiting for a grant */
  waiting(): boolean;
}

/** Runs the given inline scripts in order, as the CSP lets them, with `stored` as the stored choice. */
function runHead(scripts: string[], stored: ConsentChoice | null = null): Head {
  const attributes = new Map<string, string>();
  const inserted: string[] = [];
  const document = {
    documentElement: {
      setAttribute: (name: string, value: string) => attributes.set(name, value),
      hasAttribute: (name: string) => attributes.has(name),
    },
    createElement: () => ({ async: false, src: '' }),
    getElementsByTagName: () => [{ parentNode: { insertBefore: (el: { src: string }) => inserted.push(el.src) } }],
  };
  const value = stored && JSON.stringify({ v: 1, ...stored, at: Date.now() });
  const global: Record<string, unknown> = {
    document,
    localStorage: { getItem: (key: string) => (key === CONSENT_STORAGE_KEY ? value : null) },
    Date,
  };
  global.window = global;
  for (const script of scripts) runInNewContext(script, global);
  const loader = () => global[TAG_LOADER_GLOBAL];
  return {
    inserted,
    choose(choice) {
      (global.gtag as (...args: unknown[]) => void)('consent', 'update', consentSignals(choice));
      const load = loader();
      if (typeof load === 'function') load();
    },
    waiting: () => typeof loader() === 'function',
  };
}

const NONE = { statistics: false, marketing: false };
const ALL = { statistics: true, marketing: true };

describe('the tag manager snippet in advanced mode', () => {
  test('after the consent defaults, it loads the container before any choice', () => {
    expect(runHead([consentScript(), gtmSnippet('GTM-ABC123', 'advanced')]).inserted).toEqual([GTM_JS]);
  });

  test('it loads the container after a stored refusal too, under the denied signals', () => {
    expect(runHead([consentScript(), gtmSnippet('GTM-ABC123', 'advanced')], NONE).inserted).toEqual([GTM_JS]);
  });

  test('when the consent defaults did not run (the CSP blocked them), it loads nothing', () => {
    expect(runHead([gtmSnippet('GTM-ABC123', 'advanced')]).inserted).toEqual([]);
  });
});

describe('the tag manager snippet in basic mode', () => {
  const basic = (stored: ConsentChoice | null = null) => runHead([consentScript(), gtmSnippet('GTM-ABC123', 'basic')], stored);

  test('without a choice it loads nothing, and waits for a grant', () => {
    const head = basic();
    expect(head.inserted).toEqual([]);
    expect(head.waiting()).toBe(true);
  });

  test('after a stored refusal it loads nothing', () => {
    expect(basic(NONE).inserted).toEqual([]);
  });

  test.each([
    ['statistics', { statistics: true, marketing: false }],
    ['marketing', { statistics: false, marketing: true }],
    ['both', ALL],
  ])('a stored grant of %s loads the container at once, and nothing waits any more', (_name, choice) => {
    const head = basic(choice);
    expect(head.inserted).toEqual([GTM_JS]);
    expect(head.waiting()).toBe(false);
  });

  test('refusing in the banner loads nothing; granting afterwards in the same page loads the container', () => {
    const head = basic();
    head.choose(NONE);
    expect(head.inserted).toEqual([]);
    head.choose({ statistics: true, marketing: false });
    expect(head.inserted).toEqual([GTM_JS]);
  });

  test('the container loads once, however often the visitor grants', () => {
    const head = basic();
    head.choose(ALL);
    head.choose(ALL);
    expect(head.inserted).toEqual([GTM_JS]);
  });

  test('when the consent defaults did not run (the CSP blocked them), it loads nothing and offers no loader', () => {
    const head = runHead([gtmSnippet('GTM-ABC123', 'basic')], ALL);
    expect(head.inserted).toEqual([]);
    expect(head.waiting()).toBe(false);
  });
});

test.each(['basic', 'advanced'] as const)(
  'in %s mode it refuses an id that is not a container id, so nothing can break out of the script',
  (mode) => {
    expect(() => gtmSnippet("GTM-1');alert(1);//", mode)).toThrow(/invalid tag-manager id/);
  },
);
