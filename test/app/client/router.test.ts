/**
 * The router's last step (docs/behaviour.md#46-after-the-new-page-shows): the page shows at
 * once, and the head follows HEAD_UPDATE_DELAY_MS later. The browser's globals are fakes.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Chrome, Payload } from '../../../app/build-records';
import { applyHead } from '../../../app/client/head-manager';
import { Router } from '../../../app/client/router';
import type { ViewStore } from '../../../app/client/view-store';
import { HEAD_UPDATE_DELAY_MS } from '../../../app/constants';
import { headFor } from '../../../app/head';
import type { View } from '../../../app/view';

vi.mock('../../../app/client/head-manager', () => ({ applyHead: vi.fn() }));

const ORIGIN = 'https://www.example.com';
const chrome: Chrome = {
  siteName: 'Example Bank',
  origin: ORIGIN,
  defaultLocale: 'en',
  locale: { code: 'en', lang: 'en-GB', label: 'English' },
  locales: [{ code: 'en', lang: 'en-GB', label: 'English' }],
  navigation: [],
  footer: {},
};
const payloadOf = (path: string, title: string): Payload => ({
  path,
  page: { title, description: '', layout: 'default', blocks: [] },
  chrome,
});
const PAGES: Record<string, Payload> = { '/en/loans': payloadOf('/en/loans', 'Loans'), '/en/cards': payloadOf('/en/cards', 'Cards') };

function setup() {
  let view: View = { kind: 'page', payload: payloadOf('/en', 'Home') };
  const store: ViewStore = { getView: () => view, subscribe: () => () => {}, show: vi.fn((next: View) => (view = next)) };
  const announce = vi.fn();
  const router = new Router({
    buildId: '0123456789abcdef',
    store,
    fetcher: (async (url: string) => PAGES[url.slice(0, url.indexOf('/_payload.json'))]) as never,
    runGuards: () => ({ kind: 'continue' }),
    loadManifest: async () => null,
    prepareView: async () => {},
    handleChunkError: () => 'reloaded',
    isOutdated: () => false,
    announce,
  });
  return { router, store, announce };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(applyHead).mockClear();
  vi.stubGlobal('location', { href: `${ORIGIN}/en`, origin: ORIGIN, pathname: '/en', search: '', hash: '' });
  vi.stubGlobal('history', { state: null, pushState: vi.fn(), replaceState: vi.fn() });
  vi.stubGlobal('window', { scrollY: 0, scrollTo: vi.fn() });
  vi.stubGlobal('document', { title: 'Home | Example Bank', getElementById: () => null, querySelector: () => null });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the head after a client navigation', () => {
  test('is not applied before 100 ms, and is at 100 ms, while the page shows at once', async () => {
    const { router, store, announce } = setup();
    await router.navigateTo('/en/loans');
    expect(store.show).toHaveBeenCalledWith({ kind: 'page', payload: PAGES['/en/loans'] });

    vi.advanceTimersByTime(HEAD_UPDATE_DELAY_MS - 1);
    expect(applyHead).not.toHaveBeenCalled();
    expect(announce).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(applyHead).toHaveBeenCalledExactlyOnceWith(headFor({ kind: 'page', payload: PAGES['/en/loans']! }));
    expect(announce).toHaveBeenCalledOnce();
  });

  test('follows a link whose fragment is not valid percent-encoding, and still updates the head', async () => {
    const { router, store } = setup();
    await router.navigateTo('/en/loans#%zz');
    expect(store.show).toHaveBeenCalledWith({ kind: 'page', payload: PAGES['/en/loans'] });
    vi.advanceTimersByTime(HEAD_UPDATE_DELAY_MS);
    expect(applyHead).toHaveBeenCalledExactlyOnceWith(headFor({ kind: 'page', payload: PAGES['/en/loans']! }));
  });

  test('a newer navigation within the 100 ms cancels the pending update: only the newer page’s head is applied', async () => {
    const { router } = setup();
    await router.navigateTo('/en/loans');
    vi.advanceTimersByTime(HEAD_UPDATE_DELAY_MS / 2);
    await router.navigateTo('/en/cards');
    vi.advanceTimersByTime(HEAD_UPDATE_DELAY_MS);
    expect(applyHead).toHaveBeenCalledExactlyOnceWith(headFor({ kind: 'page', payload: PAGES['/en/cards']! }));
  });
});
