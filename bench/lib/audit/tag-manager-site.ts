/**
 * The sample site with a tag manager, for what only shows with one (the consent banner), and
 * the tag manager's hosts answered locally: the machine has no network, and a test must see
 * every request the page makes to Google without anything leaving it. Shared by
 * test/e2e/consent.test.ts and `npm run audit`.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';

export const TEST_GTM_ID = 'GTM-CONSENT1';

/** googletagmanager.com, google-analytics.com and analytics.google.com, with any subdomain. */
export const GOOGLE_TAG_HOSTS = /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com)(:\d+)?\//;

/** For Lighthouse, which blocks rather than answers: its own console ignores blocked requests. */
export const GOOGLE_TAG_URL_PATTERNS = ['*googletagmanager.com*', '*google-analytics.com*', '*analytics.google.com*'];

/** Copies a content directory into `dir` with a tag-manager id in its site.json. */
export async function copyWithTagManager(contentDir: string, dir: string, gtmId = TEST_GTM_ID): Promise<void> {
  await cp(contentDir, dir, { recursive: true });
  const file = join(dir, 'site.json');
  const site = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...site, gtmId }, null, 2));
}

/**
 * A gtm.js that only says it ran: how many dataLayer entries there were when it did, so a
 * test can tell what the tag manager saw first. Every other URL on those hosts gets an empty 204.
 */
const GTM_STUB = 'window.__gtmStub = { ran: true, dataLayerLength: (window.dataLayer || []).length };';

/** Answers the tag hosts for every page of the context; the returned list holds each URL asked for, in order. */
export async function stubGoogleTags(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await context.route(GOOGLE_TAG_HOSTS, (route) => {
    const url = route.request().url();
    requested.push(url);
    const isGtmJs = new URL(url).pathname === '/gtm.js';
    return isGtmJs ? route.fulfill({ status: 200, contentType: 'text/javascript', body: GTM_STUB }) : route.fulfill({ status: 204 });
  });
  return requested;
}
