/**
 * The tag manager's snippet, run as a browser would run the page's head (in a VM with a fake
 * document): it loads gtm.js only after the consent defaults have run.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { consentScript } from '../../app/consent';
import { GTM_ORIGIN, gtmSnippet } from '../../app/tag-manager';

/** Runs the given inline scripts in order, as the CSP lets them; returns the script URLs inserted. */
function runHead(scripts: string[]): string[] {
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
  const global: Record<string, unknown> = { document, localStorage: { getItem: () => null }, Date };
  global.window = global;
  for (const script of scripts) runInNewContext(script, global);
  return inserted;
}

describe('the tag manager snippet', () => {
  test('after the consent defaults, it loads the container', () => {
    expect(runHead([consentScript(), gtmSnippet('GTM-ABC123')])).toEqual([`${GTM_ORIGIN}/gtm.js?id=GTM-ABC123`]);
  });

  test('when the consent defaults did not run (the CSP blocked them), it loads nothing', () => {
    expect(runHead([gtmSnippet('GTM-ABC123')])).toEqual([]);
  });

  test('refuses an id that is not a container id, so nothing can break out of the script', () => {
    expect(() => gtmSnippet("GTM-1');alert(1);//")).toThrow(/invalid tag-manager id/);
  });
});
