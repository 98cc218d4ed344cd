/**
 * Consent in Chromium on a site that chose advanced mode (`consentMode: "advanced"`): gtm.js
 * loads for every visitor under the denied defaults, before a choice and after a refusal, as
 * the site did before basic mode became the default. Google's hosts are answered locally.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { TEST_GTM_ID } from '../../bench/lib/audit/tag-manager-site';
import { consentUpdates as updates, dataLayer, useConsentSite, type DataLayerEntry as Entry } from '../support/consent-in-browser';

const env = useConsentSite({ consentMode: 'advanced' });
const open = (path: string) => env.open(path);

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
    expect(env.googleRequests).toEqual([GTM_JS]);
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
    expect(env.googleRequests).toEqual([GTM_JS, GTM_JS]);
  });
});
