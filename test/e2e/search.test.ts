/**
 * Site search in Chromium on the shared server (the repository's content): the header field
 * as you type, the search page with scripts blocked, other languages, the opt-out, the bytes
 * the field costs, and axe on the search page and the open list.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { appEndpoints } from '../../app/endpoints';
import { runAxe } from '../../bench/lib/audit/axe';
import { useSharedSiteInBrowser } from '../support/site-in-browser';

const env = useSharedSiteInBrowser();

async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  const tracked = await env.browser.newPage();
  await tracked.page.goto(env.site.url + path);
  await tracked.page.waitForSelector('html[data-hydrated="true"]');
  return tracked;
}

const resultPaths = (page: Page) => page.locator('.search-result__path').allTextContents();

describe('the header field', () => {
  test('on a German page lists German results as you type; arrow down and Enter open the first', async () => {
    const { page, problems } = await open('/de');
    const field = page.locator('#site-search-q');
    await field.focus();
    await field.pressSequentially('baufinanz');
    const options = page.locator('#site-search-list [role="option"]');
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    expect(await field.getAttribute('aria-expanded')).toBe('true');
    const first = await page.locator('#site-search-option-0 .site-search__path').textContent();
    expect(first).toMatch(/^\/de\//);
    await expect.poll(() => page.locator('.site-search [role="status"]').textContent()).toMatch(/^Ergebnisse: \d+$/);
    await field.press('ArrowDown');
    expect(await field.getAttribute('aria-activedescendant')).toBe('site-search-option-0');
    expect(await page.locator('#site-search-option-0').getAttribute('aria-selected')).toBe('true');
    await field.press('Enter');
    await page.waitForURL((url) => url.pathname === first);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('Escape closes the list; Enter without a chosen result goes to the search page with the query in the URL', async () => {
    const { page } = await open('/de');
    const field = page.locator('#site-search-q');
    await field.focus();
    await field.pressSequentially('kredit');
    await expect.poll(() => field.getAttribute('aria-expanded')).toBe('true');
    await field.press('Escape');
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    await field.press('Enter');
    await page.waitForURL((url) => url.pathname === '/de/search' && url.searchParams.get('q') === 'kredit');
    expect((await resultPaths(page)).length).toBeGreaterThan(0);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/de');
    await page.close();
  });

  test('no search code or index is fetched until the field is focused; then one small chunk, and each query a few KB', async () => {
    const { page } = await open('/en');
    const fetched: { url: string; bytes: Promise<number> }[] = [];
    page.on('response', (res) =>
      fetched.push({
        url: res.url(),
        bytes: res
          .body()
          .then((b) => b.length)
          .catch(() => 0),
      }),
    );
    await page.mouse.move(10, 10);
    await page.waitForTimeout(300);
    // Search's code is a script and its index answers under the search endpoint. Anything
    // else the page may fetch meanwhile (the navigation manifest's idle prefetch, a build check)
    // is not search's.
    const isSearch = (url: string) => url.endsWith('.js') || new URL(url).pathname.startsWith(appEndpoints.searchJsonBase);
    expect(fetched.map((f) => f.url).filter(isSearch)).toEqual([]);
    const field = page.locator('#site-search-q');
    await field.focus();
    await expect.poll(() => fetched.some((f) => f.url.endsWith('.js'))).toBe(true);
    await field.pressSequentially('loan');
    await expect.poll(() => fetched.some((f) => f.url.includes('/_app/search/en?q=loan'))).toBe(true);
    const queries = fetched.filter((f) => f.url.includes('/_app/search/'));
    for (const q of queries) expect(await q.bytes).toBeLessThan(30 * 1024);
    const code = fetched.filter((f) => f.url.endsWith('.js'));
    expect(code).toHaveLength(1);
    expect(await code[0]!.bytes).toBeLessThan(10 * 1024);
    await page.close();
  });
});

describe('the header field in the oldest supported browsers', () => {
  test('without AbortController (Chrome 64-65, Safari 12.0) it still lists results as you type', async () => {
    const { page } = await env.browser.newPage();
    await page.addInitScript(() => {
      delete (window as { AbortController?: unknown }).AbortController;
    });
    await page.goto(`${env.site.url}/de`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const field = page.locator('#site-search-q');
    await field.focus();
    await field.pressSequentially('kredit');
    await expect.poll(() => page.locator('#site-search-list [role="option"]').count()).toBeGreaterThan(0);
    await page.close();
  });
});

describe('the search page', () => {
  test('with scripts blocked shows the same first results the field lists', async () => {
    const { page: live } = await open('/de');
    const field = live.locator('#site-search-q');
    await field.focus();
    await field.pressSequentially('kredit');
    await expect.poll(() => live.locator('#site-search-list [role="option"]').count()).toBeGreaterThan(0);
    const listed = await live.locator('#site-search-list .site-search__path').allTextContents();
    await live.close();

    const { page } = await env.browser.newPage();
    await page.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()));
    await page.goto(`${env.site.url}/de/search?q=kredit`);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect((await resultPaths(page)).slice(0, listed.length)).toEqual(listed);
    expect(await page.locator('.search-result__excerpt mark').count()).toBeGreaterThan(0);
    await page.close();
  });

  test('hydrates over its marked and cut excerpts without a mismatch or any other error', async () => {
    const { page, problems } = await open('/en/search?q=interest');
    expect(await page.locator('.search-result__excerpt mark').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a Russian query finds the Russian mortgage page', async () => {
    const { page } = await open(`/ru/search?q=${encodeURIComponent('ипотека')}`);
    expect(await resultPaths(page)).toContain('/ru/kredity/ipoteka');
    await page.close();
  });

  test('an Estonian query without its diacritics finds the words with them', async () => {
    const { page } = await open('/et/search?q=toopaeva');
    expect((await resultPaths(page)).length).toBeGreaterThan(0);
    expect(await page.locator('.search-result__excerpt mark').first().textContent()).toBe('tööpäeva');
    await page.close();
  });

  test('a page that opted out never appears', async () => {
    const { page } = await open('/en/search?q=arrangement%20fee');
    const paths = await resultPaths(page);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths).not.toContain('/en/spring-offer');
    await page.close();
  });

  test("nothing found shows the locale's main pages as suggestions", async () => {
    const { page } = await open('/en/search?q=zzzzqx');
    expect(await page.locator('.search-suggestions a').count()).toBeGreaterThan(0);
    await page.close();
  });

  test('has no axe violations, with results and with the header list open', async () => {
    const { page } = await open('/en/search?q=loan');
    expect((await runAxe(page)).map((v) => v.id)).toEqual([]);
    const field = page.locator('#site-search-q');
    await field.focus();
    await field.pressSequentially('loan');
    await expect.poll(() => field.getAttribute('aria-expanded')).toBe('true');
    await field.press('ArrowDown');
    expect((await runAxe(page)).map((v) => v.id)).toEqual([]);
    await page.close();
  });
});
