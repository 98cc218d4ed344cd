/**
 * The setup the consent browser files share: the run's server of content/ with a tag manager
 * (SiteKind 'tag-manager'; another consent mode is published on it for the file), one Chromium whose requests to Google's hosts are
 * answered locally and recorded, and pages that start as a visitor who has never chosen.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { copyWithTagManager, stubGoogleTags } from '../../bench/lib/audit/tag-manager-site';
import type { ConsentMode } from '../../app/consent';
import { launchBrowser, type Browser, type TrackedPage } from './browser';
import { REPO_CONTENT, tempDir } from './built-site';
import { keepPage, type KeptPage } from './kept-page';
import { startSharedSite, publishUntilPutBack, type RunningSite } from './server';

export interface ConsentSite {
  readonly site: RunningSite;
  readonly browser: Browser;
  /** every URL of Google's hosts asked for since the test began, in order */
  readonly googleRequests: string[];
  /** a new tab, closed after the test */
  newPage(): Promise<TrackedPage>;
  /** the file's kept tab, blank and reset for this test (test/support/kept-page.ts) */
  tab(): TrackedPage;
  /**
   * opens a path and waits for hydration: the test's first in the file's kept tab, any other in
   * a new tab (closed after the test)
   */
  open(path: string): Promise<TrackedPage>;
}

/** `consentMode` unset: the site's default, basic. */
export function useConsentSite({ consentMode }: { consentMode?: ConsentMode } = {}): ConsentSite {
  const env = {} as { site: RunningSite; browser: Browser; googleRequests: string[]; contentDir: string; kept: KeptPage };
  const pages: Page[] = [];
  let keptTabOpened = false;
  let putBack: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    env.site = await startSharedSite('tag-manager');
    env.browser = await launchBrowser();
    env.googleRequests = await stubGoogleTags(env.browser.context);
    if (consentMode) {
      // Another mode is another build of the same content: published on the shared server for
      // this file, and rolled back after it.
      env.contentDir = await tempDir('consent-content');
      await copyWithTagManager(REPO_CONTENT, env.contentDir);
      const file = join(env.contentDir, 'site.json');
      await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), consentMode }, null, 2));
      ({ putBack } = await publishUntilPutBack(env.site, env.contentDir));
    }
    env.kept = await keepPage(env.browser, env.site.url);
    env.kept.tracked.page.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await env.browser?.close();
    await putBack?.();
    if (env.contentDir) await rm(env.contentDir, { recursive: true, force: true });
  });
  // One browser profile for the file: each test starts as a visitor who has never chosen.
  beforeEach(async () => {
    await env.kept.reset();
    keptTabOpened = false;
    env.googleRequests.length = 0;
  });
  afterEach(async () => {
    for (const page of pages.splice(0)) await page.close();
  });
  return {
    get site() {
      return env.site;
    },
    get browser() {
      return env.browser;
    },
    get googleRequests() {
      return env.googleRequests;
    },
    async newPage() {
      const tracked = await env.browser.newPage();
      pages.push(tracked.page);
      return tracked;
    },
    tab() {
      keptTabOpened = true;
      return env.kept.tracked;
    },
    async open(path: string) {
      const tracked = keptTabOpened ? await this.newPage() : this.tab();
      keptTabOpened = true;
      tracked.page.setDefaultTimeout(15_000);
      await tracked.page.goto(env.site.url + path);
      await tracked.page.waitForSelector('html[data-hydrated="true"]');
      return tracked;
    },
  };
}

type Entry = unknown[] | Record<string, unknown>;
export type DataLayerEntry = Entry;

/** The dataLayer, gtag's `arguments` as arrays. */
export const dataLayer = (page: Page): Promise<Entry[]> =>
  page.evaluate(() =>
    (window.dataLayer ?? []).map((e) =>
      Object.prototype.toString.call(e) === '[object Arguments]' ? Array.from(e as unknown as ArrayLike<unknown>) : e,
    ),
  );
export const isConsentCommand = (e: Entry, command: string) => Array.isArray(e) && e[0] === 'consent' && e[1] === command;
/** The consent updates in the dataLayer, in order. */
export const consentUpdates = (layer: Entry[]) => layer.filter((e) => isConsentCommand(e, 'update')).map((e) => (e as unknown[])[2]);
