/**
 * The setup most browser test files share: `npm start`'s server and one Chromium, started
 * before the file's tests and always stopped after them.
 */
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type Browser } from './browser';
import { startSite, type RunningSite } from './server';

export interface SiteInBrowser {
  readonly site: RunningSite;
  readonly browser: Browser;
}

export function useSiteInBrowser(options: Parameters<typeof launchBrowser>[0] = {}): SiteInBrowser {
  const env = {} as { site: RunningSite; browser: Browser };
  beforeAll(async () => {
    env.site = await startSite();
    env.browser = await launchBrowser(options);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.site?.stop();
  });
  return env;
}
