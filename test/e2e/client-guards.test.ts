/**
 * The client's own guards in Chromium against `npm start`: the browser check for a page that
 * reached the browser without the edge deciding (docs/behaviour.md#39-in-the-client), and the
 * reload guard for the page's stylesheet (docs/behaviour.md#53-chunk-load-reload-guard).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { documentLoads, launchBrowser, type Browser } from '../support/browser';
import { useSharedSiteInBrowser } from '../support/site-in-browser';

const env = useSharedSiteInBrowser();

const CHROME_63 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/63.0.3239.132 Safari/537.36';
const CHROME_64 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/64.0.3282.140 Safari/537.36';
const CHROME_130 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/**
 * Serves `path` as the edge serves it to a supported browser, whatever browser asks: what a
 * proxy or browser cache that ignores `Vary: User-Agent` hands out. Only that document is
 * answered so; the page's code and everything after come from the server.
 */
async function serveWithoutEdgeCheck(page: Page, path: string): Promise<void> {
  const res = await fetch(env.site.url + path, { headers: { 'user-agent': CHROME_130 } });
  expect(res.status).toBe(200);
  const body = await res.text();
  const csp = res.headers.get('content-security-policy')!;
  await page.route(env.site.url + path, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', headers: { 'content-security-policy': csp }, body }),
  );
}

/** A Chromium that says it is an old Chrome, and like one has no navigator.userAgentData (Chromium 89 brought it). */
async function browserClaiming(userAgent: string): Promise<Browser> {
  const browser = await launchBrowser({ userAgent });
  await browser.context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined, configurable: true });
  });
  return browser;
}

describe('a page that reached the browser without the edge’s browser check', () => {
  test('Chrome 63 is sent to /unsupported in the page’s language by the client', async () => {
    const browser = await browserClaiming(CHROME_63);
    try {
      const { page } = await browser.newPage();
      const documents = documentLoads(page);
      await serveWithoutEdgeCheck(page, '/et');
      await page.goto(`${env.site.url}/et`);
      await page.waitForURL(`${env.site.url}/unsupported?lang=et`, { timeout: 15_000 });
      expect(documents).toEqual(['/et', '/unsupported?lang=et']);
      expect(await page.locator('h1').textContent()).toBeTruthy();
    } finally {
      await browser.close();
    }
  });

  test('Chrome 64 stays on the page', async () => {
    const browser = await browserClaiming(CHROME_64);
    try {
      const { page, problems } = await browser.newPage();
      const documents = documentLoads(page);
      await serveWithoutEdgeCheck(page, '/et');
      await page.goto(`${env.site.url}/et`);
      await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
      await page.waitForTimeout(500);
      expect(page.url()).toBe(`${env.site.url}/et`);
      expect(documents).toEqual(['/et']);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  test('a Chromium whose navigator.userAgentData names Edge 89 is sent to /unsupported, whatever its User-Agent says', async () => {
    const { page } = await env.browser.newPage();
    try {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setUserAgentOverride', {
        userAgent: CHROME_130,
        userAgentMetadata: {
          brands: [
            { brand: 'Chromium', version: '89' },
            { brand: 'Microsoft Edge', version: '89' },
          ],
          platform: 'Windows',
          platformVersion: '10.0.0',
          architecture: 'x86',
          model: '',
          mobile: false,
        },
      });
      await serveWithoutEdgeCheck(page, '/en/loans');
      await page.goto(`${env.site.url}/en/loans`);
      await page.waitForURL(`${env.site.url}/unsupported?lang=en`, { timeout: 15_000 });
    } finally {
      await page.close();
    }
  });
});

describe('a stylesheet that fails to load', () => {
  test('reloads the page once, guarded, then shows the error screen without another reload', async () => {
    const { page, problems } = await env.browser.newPage();
    try {
      const documents = documentLoads(page);
      await page.route('**/_app/*.css', (route) => route.fulfill({ status: 404, body: 'gone' }));
      await page.goto(`${env.site.url}/en`);
      await expect.poll(() => page.textContent('main'), { timeout: 15_000 }).toContain('Internal Server Error');
      await page.waitForTimeout(1_000);
      expect(documents).toEqual(['/en', '/en']);
      expect(page.url()).toBe(`${env.site.url}/en`);
      // The guard is an inline script: a CSP that refused it would show here.
      expect(problems.filter((p) => /Content Security Policy/i.test(p))).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
