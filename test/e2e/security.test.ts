/**
 * The Content-Security-Policy in a real browser: pages run with no violation, an injected
 * inline script is blocked, and the tag manager's snippet runs because its hash is allowed,
 * then hears about client navigations. The site is in the default basic consent mode, so the
 * visitor accepts first: only then does the snippet load gtm.js.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { launchBrowser, type Browser } from '../support/browser';
import { startSharedSite, type RunningSite } from '../support/server';

let site: RunningSite;
let browser: Browser;

// The run's server of the repository's content with a tag manager, which the consent files share.
beforeAll(async () => {
  site = await startSharedSite('tag-manager');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

// One browser profile for the file: each test starts as a visitor who has never chosen.
beforeEach(async () => {
  const { page } = await browser.newPage();
  await page.goto(`${site.url}/robots.txt`);
  await page.evaluate(() => localStorage.clear());
  await page.close();
});

/** Records CSP violations from the first byte of the page on. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const violations: string[] = (window.__violations = []);
    document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => window.__violations ?? []);
}

/** The visitor grants every category in the banner: in basic mode, what lets the tag manager load. */
async function acceptAll(page: Page) {
  await page.getByRole('region', { name: 'Cookies on this site' }).getByRole('button', { name: 'Accept all' }).click();
}

describe('Content-Security-Policy in Chromium', () => {
  test('a page with the tag manager runs with no CSP violation and its snippet has run', async () => {
    const { page } = await browser.newPage();
    // The machine has no network: answer the tag manager's script locally.
    await page.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__gtmLoaded = true;' }),
    );
    const violations = await watchViolations(page);
    await page.goto(`${site.url}/en`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await acceptAll(page);
    await expect.poll(() => page.evaluate(() => (window.dataLayer ?? []).map((e) => e.event))).toContain('gtm.js');
    await expect.poll(() => page.evaluate(() => window.__gtmLoaded)).toBe(true);
    expect(await violations()).toEqual([]);
    await page.close();
  });

  test('an injected inline script is blocked', async () => {
    const { page } = await browser.newPage();
    await page.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    const violations = await watchViolations(page);
    await page.goto(`${site.url}/en`);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.appendChild(script);
    });
    expect(await page.evaluate(() => window.__injected)).toBeUndefined();
    await expect.poll(violations).toContain('script-src-elem inline');
    await page.close();
  });

  test('client navigations are pushed to the dataLayer as page views', async () => {
    const { page } = await browser.newPage();
    await page.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    await page.goto(`${site.url}/en`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await acceptAll(page);
    await page.evaluate(() => window.__router.navigateTo('/en/loans'));
    await expect
      .poll(() => page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'page_view').map((e) => e.page_path)))
      .toEqual(['/en/loans']);
    await page.close();
  });
});
