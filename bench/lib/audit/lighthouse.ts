/**
 * Lighthouse (the npm package) in Debian's Chromium, started by chrome-launcher with the flags
 * this machine needs and a fresh profile. Lighthouse's defaults otherwise: mobile form factor
 * and simulated throttling (Slow 4G, 4x CPU slowdown).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result as LighthouseResult } from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/lib/chromium';
import { CATEGORIES, summariseLighthouse, type LighthousePage, type LighthouseSummary } from './lighthouse-summary';
import { GOOGLE_TAG_URL_PATTERNS } from './tag-manager-site';

export interface LighthouseChrome {
  port: number;
  stop(): Promise<void>;
}

export async function launchChrome(): Promise<LighthouseChrome> {
  const profile = await mkdtemp(join(tmpdir(), 'edge-site-lighthouse-'));
  let chrome: chromeLauncher.LaunchedChrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: [...CHROMIUM_FLAGS],
      // chrome-launcher passes it as --user-data-dir; a new empty profile for every audit.
      userDataDir: profile,
      logLevel: 'silent',
      handleSIGINT: false,
    });
  } catch (err) {
    await rm(profile, { recursive: true, force: true });
    throw err;
  }
  return {
    port: chrome.port,
    async stop() {
      const exited = new Promise((r) => (chrome.process.exitCode !== null ? r(null) : chrome.process.once('exit', r)));
      chrome.kill();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** One Lighthouse run: the summary the audit reports, and the full result (for --reports). */
export async function runLighthouse(
  port: number,
  url: string,
  page: LighthousePage,
): Promise<{ summary: LighthouseSummary; lhr: LighthouseResult }> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ignoreStatusCode: page.status >= 400,
    // Lighthouse leaves requests it blocked itself out of the console errors it scores.
    ...(page.withTagManager ? { blockedUrlPatterns: [...GOOGLE_TAG_URL_PATTERNS] } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return { summary: summariseLighthouse(result.lhr, page), lhr: result.lhr };
}
