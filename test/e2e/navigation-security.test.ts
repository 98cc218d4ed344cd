/**
 * Client navigation in Chromium never leaves the site unless asked to: a same-origin path whose
 * dot segments leave `//evil.example` (a link, `navigateTo`, a history entry) is a path on this
 * site. Requests to any other host are recorded and aborted, so nothing leaves the machine.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useSharedSiteInBrowser } from '../support/site-in-browser';

const env = useSharedSiteInBrowser();

const STEP_TIMEOUT_MS = 15_000;

/** Opens a hydrated page with the router running; `offSite` collects every request to another host. */
async function open(path: string) {
  const tracked = await env.browser.newPage();
  const { page } = tracked;
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const siteHost = new URL(env.site.url).host;
  const offSite: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).host !== siteHost) offSite.push(r.url());
  });
  await page.route(
    (url) => url.host !== siteHost,
    (route) => route.abort(),
  );
  // Hydration is the moment these tests need, not the load event: that also waits for every
  // image, which once took longer than the step's timeout on a busy machine.
  await page.goto(env.site.url + path, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.waitForFunction(() => (window as { __router?: unknown }).__router !== undefined);
  return { ...tracked, offSite };
}

/** The text of `main`, or '' while a navigation away from the page is under way. */
async function mainText(page: Page): Promise<string> {
  try {
    return await page.evaluate(() => document.querySelector('main')?.textContent ?? '');
  } catch {
    return '';
  }
}

/**
 * Waits until the router has shown the 404 screen or a request went to another host, then
 * checks, in that order: nothing left the machine, the page is `path` on this site's origin
 * with its 404 screen, and no script error happened.
 */
async function expectShownOnSite({ page, offSite, problems }: { page: Page; offSite: string[]; problems: string[] }, path: string) {
  await expect
    .poll(async () => offSite.length > 0 || (await mainText(page)).includes('Page not found'), { timeout: STEP_TIMEOUT_MS })
    .toBe(true);
  expect(offSite).toEqual([]);
  expect(await page.evaluate(() => location.origin)).toBe(env.site.url);
  expect(page.url()).toBe(env.site.url + path);
  expect(await mainText(page)).toContain(`Page not found: ${path}`);
  expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
}

/** `reset-storage` is a server-only page: the router would leave for it with a full load. */
const HOSTILE = ['/en/..//evil.example/x', '/en/..//evil.example/reset-storage'];

describe('navigation stays on the site', () => {
  test.each(HOSTILE)('a click on a link to %j shows that path on this site', async (href) => {
    const opened = await open('/en');
    await opened.page.evaluate((h) => {
      const a = document.createElement('a');
      a.href = h;
      a.id = 'hostile-link';
      a.textContent = 'hostile';
      document.querySelector('main')!.prepend(a);
    }, href);
    await opened.page.locator('#hostile-link').click();
    await expectShownOnSite(opened, href.replace('/en/../', ''));
    await opened.page.close();
  });

  test.each(HOSTILE)('navigateTo(%j) shows that path on this site', async (href) => {
    const opened = await open('/en');
    await opened.page.evaluate((h) => window.__router.navigateTo(h), href);
    await expectShownOnSite(opened, href.replace('/en/../', ''));
    await opened.page.close();
  });

  test('back onto a history entry whose path begins with //evil.example stays on this site', async () => {
    const opened = await open('/en');
    const { page } = opened;
    // The browser itself resolves this to `${site}//evil.example/reset-storage`, on this origin.
    await page.evaluate(() => history.pushState(null, '', '/en/..//evil.example/reset-storage'));
    await page.locator('header nav a[href="/en/loans"]').first().click();
    await page.waitForURL(`${env.site.url}/en/loans`);
    await page.evaluate(() => history.back());
    await expectShownOnSite(opened, '/evil.example/reset-storage');
    await page.close();
  });

  test('forward onto a history entry whose path begins with //evil.example stays on this site', async () => {
    const opened = await open('/en');
    const { page } = opened;
    await page.evaluate(() => history.pushState(null, '', '/en/..//evil.example/reset-storage'));
    await page.evaluate(() => history.back());
    await page.waitForURL(`${env.site.url}/en`);
    await page.evaluate(() => history.forward());
    await expectShownOnSite(opened, '/evil.example/reset-storage');
    await page.close();
  });
});
