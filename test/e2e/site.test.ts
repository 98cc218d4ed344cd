/**
 * The site as a visitor gets it from `npm start`: every locale home loads, hydrates and
 * responds, with no console error or hydration warning; assets come with the right caching.
 */
import { describe, expect, test } from 'vitest';
import { useSharedSiteInBrowser } from '../support/site-in-browser';

const env = useSharedSiteInBrowser();

const LOCALES = ['en', 'et', 'bg', 'se', 'at', 'de', 'nl', 'lt', 'lv', 'fi', 'ru'];

describe('locale home pages in Chromium', () => {
  test.each(LOCALES)('/%s loads, hydrates and opens its modal without a console error', async (code) => {
    const { page, problems } = await env.browser.newPage();
    const response = await page.goto(`${env.site.url}/${code}`);
    expect(response?.status()).toBe(200);
    await page.waitForSelector('html[data-hydrated="true"]');

    const opener = page.locator('main button[aria-haspopup="dialog"]').first();
    await opener.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);

    expect(problems).toEqual([]);
    await page.close();
  });

  test('the menu button responds on a small screen', async () => {
    const { page, problems } = await env.browser.newPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${env.site.url}/et`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const menu = page.getByRole('button', { name: 'Menüü' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a nested content page with a gallery hydrates and its carousel moves', async () => {
    const { page, problems } = await env.browser.newPage();
    await page.goto(`${env.site.url}/en/loans/home-loan`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const position = page.locator('.gallery__position').first();
    const before = await position.textContent();
    await page.locator('.gallery__controls button').last().click();
    await expect.poll(() => position.textContent()).not.toBe(before);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('the 404 page renders the spec’s words in the browser', async () => {
    const { page } = await env.browser.newPage();
    const response = await page.goto(`${env.site.url}/en/nowhere`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.textContent('main')).toContain('Page not found: /en/nowhere');
    await page.close();
  });
});

describe('static assets through wrangler', () => {
  test('hashed client files are immutable for a year', async () => {
    const html = await (await fetch(`${env.site.url}/en`)).text();
    const entry = html.match(/src="(\/_app\/entry\.[A-Z0-9]+\.js)"/)![1]!;
    const css = html.match(/href="(\/_app\/entry\.[A-Z0-9]+\.css)"/)![1]!;
    for (const path of [entry, css]) {
      const res = await fetch(env.site.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
    }
  });

  test('media from the content directory is served', async () => {
    const res = await fetch(`${env.site.url}/media/house.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
  });
});
