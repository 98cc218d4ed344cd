/**
 * The page's head script (app/client/head-script.ts) as the worker inlines it: built as the
 * build builds it, and run as a browser would, in a VM with a fake window whose stylesheet,
 * preload and script elements fail to load (docs/behaviour.md#53-chunk-load-reload-guard).
 */
import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, createChunkReloadGuard } from '../../../app/client/chunk-reload-guard';
import { PAGE_RELOAD_GUARD_KEY, pageReloadGuard, type PageReloadGuard } from '../../../app/client/page-reload-guard';
import { CHUNK_RELOAD_GUARD_MS } from '../../../app/constants';
import { bundleHeadScript } from '../../../scripts/lib/bundle';

const ORIGIN = 'https://www.example.com';
let headScript: { code: string; hash: string };

beforeAll(async () => {
  headScript = await bundleHeadScript();
});

/** sessionStorage as it survives a reload: one per tab, shared by every page load in it. */
function tabStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

interface Element {
  tagName: string;
  rel?: string;
  href?: string;
  src?: string;
}
const stylesheet = (href = `${ORIGIN}/_app/entry.ABC123.css`): Element => ({ tagName: 'LINK', rel: 'stylesheet', href });
const modulePreload = (href = `${ORIGIN}/_app/chunks/chunk.DEF456.js`): Element => ({ tagName: 'LINK', rel: 'modulepreload', href });
const moduleScript = (src = `${ORIGIN}/_app/entry.GHI789.js`): Element => ({ tagName: 'SCRIPT', src });

/** One page load: runs the head script in a fresh global, at `path`, with the tab's storage and clock. */
function loadPage({
  path = '/en/loans',
  search = '',
  storage = tabStorage(),
  now = (): number => 1_000_000,
}: { path?: string; search?: string; storage?: Storage; now?: () => number } = {}) {
  const listeners: { type: string; listener: (event: { target: unknown }) => void; capture: unknown }[] = [];
  const location = { origin: ORIGIN, pathname: path, search, reload: vi.fn(), assign: vi.fn() };
  const win: Record<string, unknown> = {
    location,
    sessionStorage: storage,
    addEventListener: (type: string, listener: (event: { target: unknown }) => void, capture: unknown) =>
      listeners.push({ type, listener, capture }),
    URL,
    Date: { now },
  };
  win.window = win;
  runInNewContext(headScript.code, win);
  return {
    win,
    location,
    listeners,
    page: win[PAGE_RELOAD_GUARD_KEY] as PageReloadGuard,
    /** the element's `error` event, as the browser dispatches it to window's capturing listeners */
    fail: (target: Element) => listeners.filter((l) => l.type === 'error').forEach((l) => l.listener({ target })),
  };
}

describe('the head script', () => {
  test('listens for error events on window in the capture phase, where a failed element’s non-bubbling event arrives', () => {
    const { listeners } = loadPage();
    expect(listeners).toEqual([{ type: 'error', listener: expect.any(Function), capture: true }]);
  });

  test.each([
    ['a stylesheet', stylesheet()],
    ['a module preload', modulePreload()],
    ['a module script', moduleScript()],
  ])('%s of the page that fails to load reloads the page once', (_what, element) => {
    const { location, fail } = loadPage();
    fail(element);
    fail(element);
    expect(location.reload).toHaveBeenCalledOnce();
    expect(location.assign).not.toHaveBeenCalled();
  });

  test('the same failure after the reload, within 10 s, is held back and the page told once', () => {
    const storage = tabStorage();
    let time = 1_000_000;
    loadPage({ storage, now: () => time }).fail(stylesheet());
    time += 2_000;
    const { location, page, fail } = loadPage({ storage, now: () => time });
    const onHeldBack = vi.fn();
    page.onHeldBack = onHeldBack;
    fail(stylesheet());
    fail(modulePreload());
    expect(location.reload).not.toHaveBeenCalled();
    expect(page.heldBack).toBe(true);
    expect(onHeldBack).toHaveBeenCalledOnce();
  });

  test('held back before the bundle runs, the page says so for the entry to read', () => {
    const storage = tabStorage();
    loadPage({ storage }).fail(stylesheet());
    const { page, fail } = loadPage({ storage });
    fail(stylesheet());
    expect(page.heldBack).toBe(true);
  });

  test('after 10 s the same failure reloads again', () => {
    const storage = tabStorage();
    let time = 1_000_000;
    loadPage({ storage, now: () => time }).fail(stylesheet());
    time += CHUNK_RELOAD_GUARD_MS;
    const { location, page, fail } = loadPage({ storage, now: () => time });
    fail(stylesheet());
    expect(location.reload).toHaveBeenCalledOnce();
    expect(page.heldBack).toBe(false);
  });

  test('another page of the same tab is reloaded for its own failure', () => {
    const storage = tabStorage();
    loadPage({ storage, path: '/en/loans' }).fail(stylesheet());
    const { location, fail } = loadPage({ storage, path: '/en/cards' });
    fail(stylesheet());
    expect(location.reload).toHaveBeenCalledOnce();
  });

  test.each<[string, Element]>([
    ['another site’s script (a tag manager a blocker refuses)', moduleScript('https://www.googletagmanager.com/gtm.js?id=GTM-1')],
    ['another site’s stylesheet', stylesheet('https://fonts.example.net/site.css')],
    ['a stylesheet outside /_app/', stylesheet(`${ORIGIN}/unsupported.css`)],
    ['an icon', { tagName: 'LINK', rel: 'icon', href: `${ORIGIN}/_app/favicon.svg` }],
    ['a prefetch', { tagName: 'LINK', rel: 'prefetch', href: `${ORIGIN}/_app/chunks/gallery.X.js` }],
    ['an image', { tagName: 'IMG', src: `${ORIGIN}/_app/logo.png` }],
    ['an inline script', { tagName: 'SCRIPT', src: '' }],
  ])('%s that fails is not the page’s code and reloads nothing', (_what, element) => {
    const { location, page, fail } = loadPage();
    fail(element);
    expect(location.reload).not.toHaveBeenCalled();
    expect(page.heldBack).toBe(false);
  });

  test('an event without an element is ignored', () => {
    const { location, listeners } = loadPage();
    for (const target of [null, undefined, {}, { tagName: 42 }]) listeners[0]!.listener({ target });
    expect(location.reload).not.toHaveBeenCalled();
  });

  test('writes the chunk-reload guard’s marker for the page’s path and query, which the bundle’s guard honours', () => {
    const storage = tabStorage();
    loadPage({ storage, path: '/en/loans', search: '?q=1', now: () => 1_000_000 }).fail(stylesheet());
    expect(JSON.parse(storage.getItem(CHUNK_RELOAD_KEY)!)).toEqual({ path: '/en/loans?q=1', expires: 1_000_000 + CHUNK_RELOAD_GUARD_MS });
    const reload = vi.fn();
    const bundleGuard = createChunkReloadGuard({ storage: () => storage, now: () => 1_005_000, reload });
    expect(bundleGuard.handleChunkError('/en/loans?q=1')).toBe('suppressed');
    expect(reload).not.toHaveBeenCalled();
  });

  test('when sessionStorage throws, a failure does not reload and the page is held back', () => {
    const storage = tabStorage();
    storage.getItem = storage.setItem = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const { location, page, fail } = loadPage({ storage });
    fail(stylesheet());
    expect(location.reload).not.toHaveBeenCalled();
    expect(page.heldBack).toBe(true);
  });

  test('when sessionStorage silently drops writes, a failure does not reload and the page is held back', () => {
    const storage = tabStorage();
    storage.setItem = () => {};
    const { location, page, fail } = loadPage({ storage });
    fail(stylesheet());
    expect(location.reload).not.toHaveBeenCalled();
    expect(page.heldBack).toBe(true);
  });

  test('when even reading window.sessionStorage throws (a sandboxed frame), a failure does not reload', () => {
    const { win, location, page, fail } = loadPage();
    Object.defineProperty(win, 'sessionStorage', {
      get: () => {
        throw new DOMException('The document is sandboxed and lacks the "allow-same-origin" flag.', 'SecurityError');
      },
    });
    fail(moduleScript());
    expect(location.reload).not.toHaveBeenCalled();
    expect(page.heldBack).toBe(true);
  });

  test('a file gone for good, with sessionStorage throwing, reloads no page however many load', () => {
    const storage = tabStorage();
    storage.getItem = storage.setItem = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    let time = 1_000_000;
    const reloads = Array.from({ length: 3 }, () => {
      const { location, fail } = loadPage({ storage, now: () => (time += 500) });
      fail(modulePreload());
      return location.reload.mock.calls.length;
    });
    expect(reloads).toEqual([0, 0, 0]);
  });

  test('leaves its guard on window: the bundle uses that one, and it sends a navigation’s lost chunk to its target', () => {
    const { win, location, page } = loadPage({ path: '/en' });
    expect(pageReloadGuard(win as never)).toBe(page);
    expect(page.guard.handleChunkError('/en/loans')).toBe('reloaded');
    expect(location.assign).toHaveBeenCalledWith('/en/loans');
  });
});

describe('the head script as the worker inlines it', () => {
  test('holds nothing that would end its <script> element or open a comment', () => {
    expect(headScript.code).not.toMatch(/<\/script|<!--/i);
  });

  test('comes with the CSP source of its exact text', () => {
    expect(headScript.hash).toBe(`'sha256-${createHash('sha256').update(headScript.code).digest('base64')}'`);
  });

  test('is lowered to the oldest supported browsers’ language: no optional chaining or nullish coalescing', () => {
    expect(headScript.code).not.toMatch(/\?\.[a-zA-Z_$(]|\?\?/);
  });
});
