/**
 * Which chunks a view needs before the browser renders it (app/render/lazy-parts.ts): the
 * block parts its content uses, the screens of /preview and /reset-storage, and the consent
 * banner exactly where the page shows one.
 */
import { describe, expect, test } from 'vitest';
import type { Chrome } from '../../../app/build-records';
import { Page } from '../../../app/content/schema';
import { partsFor } from '../../../app/render/lazy-parts';
import type { View } from '../../../app/view';
import { englishChrome as chrome } from '../../support/chrome';

const withTags: Chrome = { ...chrome, gtmId: 'GTM-ABC123' };

const page = (c: Chrome, blocks: unknown[] = []): View => ({
  kind: 'page',
  payload: { path: '/en/apply', page: Page.parse({ title: 'Apply', blocks }), chrome: c },
});

describe('the parts a view needs', () => {
  test('a page of plain blocks on a site without a tag manager needs none', () => {
    expect(partsFor(page(chrome, [{ type: 'hero', heading: 'Borrow' }]))).toEqual([]);
  });

  test('a page with a form and a gallery needs those two parts', () => {
    const blocks = [
      { type: 'gallery', images: [{ src: '/media/a.svg', alt: 'A', width: 800, height: 600 }] },
      {
        type: 'form',
        id: 'contact',
        submitLabel: 'Send',
        successMessage: 'Thank you',
        fields: [{ name: 'email', kind: 'email', label: 'Email', rules: 'required' }],
      },
    ];
    expect(partsFor(page(chrome, blocks)).sort()).toEqual(['form', 'gallery']);
  });

  test('every page of a site with a tag manager needs the consent banner', () => {
    expect(partsFor(page(withTags))).toEqual(['consent-banner']);
    expect(partsFor({ kind: 'error', status: 404, path: '/en/nowhere', chrome: withTags })).toEqual(['consent-banner']);
  });

  test('the pages that load no script never ask for the banner, tag manager or not', () => {
    expect(partsFor({ kind: 'system', name: 'unsupported', path: '/unsupported', chrome: withTags })).toEqual([]);
    expect(partsFor({ kind: 'error', status: 503, path: '/en', chrome: withTags })).toEqual([]);
  });

  test('/preview needs the live preview and /reset-storage its screen', () => {
    expect(partsFor({ kind: 'system', name: 'preview', path: '/preview', chrome })).toEqual(['live-preview']);
    expect(partsFor({ kind: 'system', name: 'reset-storage', path: '/reset-storage', chrome })).toEqual(['reset-storage']);
  });
});
