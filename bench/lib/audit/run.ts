/**
 * An audit run, measuring only (./analyse.ts judges, ./report.ts prints):
 *
 *   1. start the site as `npm start` does (build, publish to a private local KV, wrangler dev
 *      on a free port; test/support/server.ts), in its own process group
 *   2. Lighthouse (./lighthouse.ts) on the pages of ./budgets.ts, each page `runs` times in a
 *      fresh Chromium and profile
 *   3. axe-core (./axe.ts) in Chromium (playwright-core) on every state at a desktop and a
 *      mobile size
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser, type Browser } from '../../../test/support/browser';
import { startSite, type RunningSite } from '../../../test/support/server';
import type { Cleanup } from '../cleanup';
import { medianRun, type AxeResult } from './analyse';
import { AXE_STATES, AXE_VIEWPORTS, checkState } from './axe';
import { LIGHTHOUSE_PAGES } from './budgets';
import { launchChrome, runLighthouse, type LighthouseChrome } from './lighthouse';
import type { LighthouseSummary } from './lighthouse-summary';

export interface AuditSettings {
  /** Lighthouse runs per page; the median one counts */
  runs: number;
  /** where to write every full Lighthouse result, if anywhere */
  reportsDir?: string;
}

export interface AuditMeasurements {
  lighthouse: LighthouseSummary[];
  axe: AxeResult[];
}

type Step = (message: string) => void;

const MAX_RESTARTS = 3;

async function assetsServed(origin: string): Promise<boolean> {
  const res = await fetch(`${origin}/favicon.svg`).catch(() => null);
  await res?.body?.cancel();
  return res?.status === 200;
}

export async function runAudit({ runs, reportsDir }: AuditSettings, cleanup: Cleanup, step: Step): Promise<AuditMeasurements> {
  /**
   * `npm start` (re)writes dist/, which the running wrangler serves static assets from. When
   * another process builds while this server runs, wrangler answers 500 for every asset until
   * it restarts; an audit of that would report broken pages. So the assets are checked before
   * (and, for Lighthouse, after) every run, and the site is restarted when they fail.
   */
  let site: RunningSite | undefined;
  let chrome: LighthouseChrome | undefined;
  let restarts = 0;
  cleanup.defer(async () => site?.stop());
  cleanup.defer(async () => chrome?.stop());
  async function servingSite(): Promise<string> {
    if (site && (await assetsServed(site.url))) return site.url;
    if (site) {
      if (++restarts > MAX_RESTARTS)
        throw new Error(`the site's static assets kept failing (restarted ${MAX_RESTARTS} times); is another process rebuilding dist/?`);
      step('static assets answer with an error (dist/ rebuilt by another process?): restarting the site');
      const old = site;
      site = undefined;
      await old.stop();
    }
    site = await startSite();
    return site.url;
  }

  async function lighthouseAll(): Promise<LighthouseSummary[]> {
    const summaries: LighthouseSummary[] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      const tries: LighthouseSummary[] = [];
      for (let run = 1; run <= runs; run++) {
        step(`Lighthouse ${page.label}${runs > 1 ? ` (run ${run}/${runs})` : ''}`);
        const origin = await servingSite();
        // A fresh Chromium and profile for every run: nothing cached from the last page.
        chrome = await launchChrome();
        try {
          const { summary, lhr } = await runLighthouse(chrome.port, origin + page.path, page);
          if (!(await assetsServed(origin))) {
            run--; // the server broke during the run: not the page's fault, run it again
            continue;
          }
          tries.push(summary);
          if (reportsDir) {
            await mkdir(reportsDir, { recursive: true });
            const name = `${page.path.replace(/\W+/g, '_').replace(/^_/, '') || 'root'}${runs > 1 ? `.${run}` : ''}.json`;
            await writeFile(join(reportsDir, name), JSON.stringify(lhr, null, 2));
          }
        } finally {
          const c = chrome;
          chrome = undefined;
          await c.stop();
        }
      }
      summaries.push(medianRun(tries));
    }
    return summaries;
  }

  async function axeAll(browser: Browser): Promise<AxeResult[]> {
    const results: AxeResult[] = [];
    for (const state of AXE_STATES) {
      for (const viewport of AXE_VIEWPORTS) {
        step(`axe ${state.label} (${viewport.name})`);
        for (let attempt = 1; ; attempt++) {
          const origin = await servingSite();
          const { page } = await browser.newPage();
          try {
            results.push({
              label: state.label,
              path: state.path,
              viewport: viewport.name,
              violations: await checkState(page, origin, state, viewport),
            });
            break;
          } catch (err) {
            // A page that did not hydrate because the server lost its assets is tried again.
            if (attempt > MAX_RESTARTS || (await assetsServed(origin))) throw err;
          } finally {
            await page.close();
          }
        }
      }
    }
    return results;
  }

  step('starting the site (npm start on a free port)');
  await servingSite();
  const lighthouse = await lighthouseAll();
  const browser = await launchBrowser();
  cleanup.defer(() => browser.close());
  const axe = await axeAll(browser);
  // Nothing is left running while the report is written.
  await cleanup.run();
  return { lighthouse, axe };
}
