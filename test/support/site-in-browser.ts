/**
 * The setup most browser test files share: `npm start`'s server and one Chromium, started
 * before the file's tests and always stopped after them. useSiteInBrowser starts a server of
 * the file's own (for a file that publishes or changes what the site serves);
 * useSharedSiteInBrowser uses the run's one server of the repository's content (startSharedSite).
 */
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type Browser } from './browser';
import type { SiteKind } from './run-services';
import { startSharedSite, startSite, type RunningSite } from './server';

export interface SiteInBrowser {
  readonly site: RunningSite;
  readonly browser: Browser;
}

export function useSiteInBrowser(options: Parameters<typeof launchBrowser>[0] = {}): SiteInBrowser {
  return siteInBrowser(startSite, options);
}

/**
 * For a file that only reads the site, or puts back what it changes (withPublished): the run's
 * one server of that kind (see startSharedSite).
 */
export function useSharedSiteInBrowser(options: Parameters<typeof launchBrowser>[0] = {}, kind: SiteKind = 'repo'): SiteInBrowser {
  return siteInBrowser(() => startSharedSite(kind), options);
}

function siteInBrowser(start: () => Promise<RunningSite>, options: Parameters<typeof launchBrowser>[0]): SiteInBrowser {
  const env = {} as { site: RunningSite; browser: Browser };
  beforeAll(async () => {
    env.site = await start();
    env.browser = await launchBrowser(options);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.site?.stop();
  });
  return env;
}
