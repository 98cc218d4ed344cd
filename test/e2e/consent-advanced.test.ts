/**
 * Consent in Chromium on a site that chose advanced mode (`consentMode: "advanced"`): gtm.js
 * loads for every visitor under the denied defaults, before a choice and after a refusal, as
 * the site did before basic mode became the default. Google's hosts are answered locally.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { copyWithTagManager, stubGoogleTags, TEST_GTM_ID } from '../../bench/lib/audit/tag-manager-site';
import { launchBrowser, type Browser } from '../support/browser';
import { REPO_CONTENT, tempDir } from '../support/built-site';
import { startSite, type RunningSite } from '../support/server';

let contentDir: string;
let site: RunningSite;
let browser: Browser;
let googleRequests: string[];
const pages: Page[] = [];

beforeAll(async () => {
  contentDir = await tempDir('consent-advanced-content');
  await copyWithTagManager(REPO_CONTENT, contentDir);
  const file = join(contentDir, 'site.json');
  await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), consentMode: 'advanced' }, null, 2));
  site = await startSite({ content: contentDir });
  browser = await launchBrowser();
  googleRequests = await stubGoogleTags(browser.context);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await rm(contentDir, { recursive: true, force: true });
});

// One browser profile for the file: each test starts as a visitor who has never chosen.
beforeEach(async () => {
  const { page } = await browser.newPage();
  await page.goto(`${site.url}/robots.txt`);
  await page.evaluate(() => localStorage.clear());
  await page.close();
  googleRequests.length = 0;
});
afterEach(async () => {
  for (const page of pages.splice(0)) await page.close();
});

async function open(path: string) {
  const tracked = await browser.newPage();
  pages.push(tracked.page);
  tracked.page.setDefaultTimeout(15_000);
  await tracked.page.goto(site.url + path);
  await tracked.page.waitForSelector('html[data-hydrated="true"]');
  return tracked;
}

type Entry = unknown[] | Record<string, unknown>;
const dataLayer = (page: Page): Promise<Entry[]> =>
  page.evaluate(() =>
    (window.dataLayer ?? []).map((e) =>
      Object.prototype.toString.call(e) === '[object Arguments]' ? Array.from(e as unknown as ArrayLike<unknown>) : e,
    ),
  );
const updates = (layer: Entry[]) =>
  layer.filter((e) => Array.isArray(e) && e[0] === 'consent' && e[1] === 'update').map((e) => (e as unknown[])[2]);
const gtmJsAt = (layer: Entry[]) => layer.findIndex((e) => !Array.isArray(e) && e.event === 'gtm.js');
const gtmRan = (page: Page) => page.waitForFunction(() => window.__gtmStub?.ran === true);
const DENIED = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' };
const GTM_JS = `https://www.googletagmanager.com/gtm.js?id=${TEST_GTM_ID}`;

describe('advanced mode', () => {
  test('before a choice gtm.js loads after the denied defaults, and it is the only request to Google’s hosts', async () => {
    const { page, problems } = await open('/en');
    await gtmRan(page);
    await page.waitForLoadState('networkidle');
    const layer = await dataLayer(page);
    expect(layer[0]).toEqual([
      'consent',
      'default',
      { ...DENIED, functionality_storage: 'granted', security_storage: 'granted', wait_for_update: 500 },
    ]);
    expect(gtmJsAt(layer)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.__gtmStub?.dataLayerLength)).toBeGreaterThan(gtmJsAt(layer));
    expect(updates(layer)).toEqual([]);
    expect(googleRequests).toEqual([GTM_JS]);
    expect(problems).toEqual([]);
  });

  test('after “Reject all” the next full load still loads gtm.js, with everything denied', async () => {
    const { page } = await open('/en');
    await page.getByRole('region', { name: 'Cookies on this site' }).getByRole('button', { name: 'Reject all' }).click();
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await gtmRan(page);
    const layer = await dataLayer(page);
    expect(updates(layer)).toEqual([DENIED]);
    expect(gtmJsAt(layer)).toBeGreaterThan(1);
    expect(googleRequests).toEqual([GTM_JS, GTM_JS]);
  });
});
