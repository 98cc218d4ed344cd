/**
 * Where a page carries the tag manager, and in which consent mode (app/render/view-facts.ts):
 * the server's document and the client's banner both follow this one decision.
 */
import { describe, expect, test } from 'vitest';
import type { Chrome } from '../../../app/build-records';
import { Page } from '../../../app/content/schema';
import { showsConsentBanner, tagManagerOf } from '../../../app/render/view-facts';
import type { View } from '../../../app/view';
import { englishChrome as chrome } from '../../support/chrome';

const page = (c: Chrome): View => ({
  kind: 'page',
  payload: { path: '/en/apply', page: Page.parse({ title: 'Apply', blocks: [] }), chrome: c },
});
const withTags: Chrome = { ...chrome, gtmId: 'GTM-ABC123' };

describe('the tag manager a page carries', () => {
  test('on the live host, a site’s container in basic mode when its build names no mode', () => {
    expect(tagManagerOf(page(withTags), false)).toEqual({ id: 'GTM-ABC123', mode: 'basic' });
  });

  test('on the live host, the mode the site chose', () => {
    expect(tagManagerOf(page({ ...withTags, consentMode: 'advanced' }), false)).toEqual({ id: 'GTM-ABC123', mode: 'advanced' });
  });

  test.each(['basic', 'advanced'] as const)('none on the preview host, even with a container in %s mode', (consentMode) => {
    const view = page({ ...withTags, consentMode });
    expect(tagManagerOf(view, true)).toBeNull();
    expect(showsConsentBanner(view, true)).toBe(false);
  });

  test('none on a site without a container', () => {
    expect(tagManagerOf(page(chrome), false)).toBeNull();
  });

  test('none on the pages that run no script: /unsupported and the 503 page', () => {
    expect(tagManagerOf({ kind: 'system', name: 'unsupported', path: '/unsupported', chrome: withTags }, false)).toBeNull();
    expect(tagManagerOf({ kind: 'error', status: 503, path: '/en', chrome: withTags }, false)).toBeNull();
  });

  test('the consent banner shows exactly where the tag manager runs', () => {
    expect(showsConsentBanner(page(withTags), false)).toBe(true);
    expect(showsConsentBanner(page(chrome), false)).toBe(false);
  });
});
