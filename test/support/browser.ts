/**
 * Debian's Chromium driven by playwright-core, with the flags this machine needs (no
 * background networking: the network is closed) and a fresh context every time.
 */
import { rm } from 'node:fs/promises';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { tempDir } from './built-site';
import { runServicesUrl, sharedBrowser } from './run-services';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';

export interface Browser {
  context: BrowserContext;
  newPage(): Promise<TrackedPage>;
  /**
   * Removes what `origin` stored in the context (cookies, localStorage, IndexedDB, Cache
   * Storage) without opening a page: a DevTools call through the context's blank page. Opening
   * a page only to clear storage costs Chromium about 0.5 CPU-seconds.
   */
  clearStorage(origin: string): Promise<void>;
  close(): Promise<void>;
}

export interface TrackedPage {
  page: Page;
  /** console errors and warnings, and uncaught page errors */
  problems: string[];
}

/**
 * A browser of the test's own: a fresh context (its own cookies, storage and cache) in the run's
 * one Chromium when the global setup serves it (SharedBrowser: one process for every file
 * instead of one each, about 1.3 CPU-seconds a launch), else in a Chromium of its own.
 */
export async function launchBrowser(options: { viewport?: { width: number; height: number }; userAgent?: string } = {}): Promise<Browser> {
  const contextOptions = {
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  };
  const shared = runServicesUrl() ? await sharedBrowser() : null;
  let context: BrowserContext;
  let blank: Page;
  let release: () => Promise<void>;
  if (shared) {
    const browser = await chromium.connect(shared.wsEndpoint);
    context = await browser.newContext(contextOptions);
    // A blank page open for the context's whole life: once a context's last page has closed,
    // Chromium's next page starts more from scratch, and opening a site page, waiting for its
    // hydration and closing it cost about twice the CPU (measured per Chromium process from /proc;
    // no flag changed it). Most files open a page per test. A persistent context, below, keeps
    // the page it starts with.
    blank = await context.newPage();
    release = () => browser.close(); // a connected browser only disconnects
  } else {
    const profile = await tempDir('chromium');
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS],
      ...contextOptions,
    });
    blank = context.pages()[0] ?? (await context.newPage());
    release = () => rm(profile, { recursive: true, force: true });
  }
  let devtools: CDPSession | undefined;
  return {
    context,
    async newPage() {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error' && msg.type() !== 'warning') return;
        // Chromium's "Failed to load resource" names no URL in its text; its location is the
        // resource, so a refusal (of a frame's document too) says which request it was.
        const where = msg.text().startsWith('Failed to load resource') ? ` (${msg.location().url})` : '';
        problems.push(`${msg.type()}: ${msg.text()}${where}`);
      });
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
      page.on('response', (res) => {
        if (res.status() >= 400 && res.request().resourceType() !== 'document') problems.push(`http ${res.status()}: ${res.url()}`);
      });
      return { page, problems };
    },
    async clearStorage(origin) {
      devtools ??= await context.newCDPSession(blank);
      await devtools.send('Storage.clearDataForOrigin', { origin, storageTypes: 'cookies,local_storage,indexeddb,cache_storage' });
    },
    async close() {
      await context.close();
      await release();
    },
  };
}

/** Every top-level document the page loads, as path and query. */
export function documentLoads(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() !== 'document' || r.frame() !== page.mainFrame()) return;
    const { pathname, search } = new URL(r.url());
    seen.push(pathname + search);
  });
  return seen;
}
