/**
 * The chunk-reload guard in Chromium against `npm start` when sessionStorage refuses every
 * read and write (blocked cookies, a sandboxed frame, some private modes): its marker would
 * not survive a reload, so it must not reload at all, or a file gone for good would reload
 * the page forever (docs/behaviour.md#53-chunk-load-reload-guard).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { documentLoads } from '../support/browser';
import { useSharedSiteInBrowser } from '../support/site-in-browser';

const env = useSharedSiteInBrowser();

/** Each browser step fails on its own, well inside the test's 60 s. */
const STEP_TIMEOUT_MS = 15_000;

/**
 * From the first script of every document on, every read and write of storage throws, as in
 * Chromium with cookies blocked (localStorage with it, which the site's other uses survive).
 */
async function refuseStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Storage.prototype.getItem = Storage.prototype.setItem = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
  });
}

/** Until the page shows the error screen or a second document is asked for, whichever comes first. */
async function settle(page: Page, documents: string[]): Promise<void> {
  const errorScreen = async () => ((await page.textContent('main').catch(() => '')) ?? '').includes('Internal Server Error');
  await expect.poll(async () => documents.length > 1 || (await errorScreen()), { timeout: STEP_TIMEOUT_MS }).toBe(true);
  // A reload that comes a moment later would show here.
  await page.waitForTimeout(1_000);
}

describe('with storage refused', () => {
  test('a stylesheet that fails to load shows the error screen without reloading the page', async () => {
    const { page } = await env.browser.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    try {
      await refuseStorage(page);
      const documents = documentLoads(page);
      await page.route('**/_app/*.css', (route) => route.fulfill({ status: 404, body: 'gone' }));
      // Not until `load`: a page that reloads itself before then would never get there.
      await page.goto(`${env.site.url}/en`, { waitUntil: 'commit' });
      await settle(page, documents);
      expect(documents).toEqual(['/en']);
      expect(await page.textContent('main')).toContain('Internal Server Error');
    } finally {
      await page.close();
    }
  });

  test('a deleted chunk on a navigation shows the error screen without loading another document', async () => {
    const { page } = await env.browser.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    try {
      await refuseStorage(page);
      const documents = documentLoads(page);
      await page.goto(`${env.site.url}/en`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.route('**/_app/chunks/gallery.*.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
      await page.locator('header nav a[href="/en/loans"]').first().click();
      await page.waitForURL(`${env.site.url}/en/loans`);
      await page.locator('main a[href="/en/loans/home-loan"]').first().click();
      await settle(page, documents);
      expect(documents).toEqual(['/en']);
      expect(page.url()).toBe(`${env.site.url}/en/loans/home-loan`);
      expect(await page.textContent('main')).toContain('Internal Server Error');
    } finally {
      await page.close();
    }
  });
});
