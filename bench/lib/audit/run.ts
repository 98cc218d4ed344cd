/**
 * An audit run, measuring only (./analyse.ts judges, ./report.ts prints):
 *
 *   1. start the site as `npm start` does (build, publish to a private local KV, wrangler dev
 *      on a free port; test/support/server.ts), in its own process group
 *   2. Lighthouse (./lighthouse.ts) on the pages of ./budgets.ts, each page `runs` times in a
 *      fresh Chromium and profile
 *   3. axe-core (./axe.ts) in Chromium (playwright-core) on every state at a desktop and a
 *      mobile size
 *
 * The consent banner shows only on a site with a tag manager: its Lighthouse page and axe
 * states run on a second server with a copy of content/ that has a gtmId
 * (./tag-manager-site.ts), with Google's hosts blocked (Lighthouse) or answered locally (axe);
 * nothing leaves the machine.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from '../../../scripts/lib/bundle';
import { launchBrowser, type Browser } from '../../../test/support/browser';
import { startSite, type RunningSite } from '../../../test/support/server';
import type { Cleanup } from '../cleanup';
import { removeAll, tempDir } from '../temp-dirs';
import { medianRun, type AxeResult } from './analyse';
import { AXE_STATES, AXE_VIEWPORTS, CONSENT_AXE_STATES, checkState } from './axe';
import { LIGHTHOUSE_PAGES } from './budgets';
import { launchChrome, runLighthouse, type LighthouseChrome } from './lighthouse';
import { reportFileName, type LighthouseSummary } from './lighthouse-summary';
import { copyWithTagManager, stubGoogleTags } from './tag-manager-site';

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

/** The sample site as it is, and a copy with a tag manager (where the consent banner shows). */
type SiteKind = 'sample' | 'tag-manager';

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
  const sites = new Map<SiteKind, RunningSite>();
  let tagManagerContent: string | undefined;
  let chrome: LighthouseChrome | undefined;
  let restarts = 0;
  // Stopped in reverse: Chromium, then the servers, then the copy of content/ they served.
  cleanup.defer(() => removeAll([tagManagerContent]));
  cleanup.defer(async () => {
    for (const s of sites.values()) await s.stop().catch(() => undefined);
    sites.clear();
  });
  cleanup.defer(async () => chrome?.stop());
  async function startKind(kind: SiteKind): Promise<RunningSite> {
    if (kind === 'sample') return startSite();
    if (!tagManagerContent) {
      tagManagerContent = await tempDir('audit-gtm-content');
      await copyWithTagManager(join(ROOT, 'content'), tagManagerContent);
    }
    return startSite({ content: tagManagerContent });
  }
  async function servingSite(kind: SiteKind = 'sample'): Promise<string> {
    const site = sites.get(kind);
    if (site && (await assetsServed(site.url))) return site.url;
    if (site) {
      if (++restarts > MAX_RESTARTS)
        throw new Error(`the site's static assets kept failing (restarted ${MAX_RESTARTS} times); is another process rebuilding dist/?`);
      step('static assets answer with an error (dist/ rebuilt by another process?): restarting the site');
      sites.delete(kind);
      await site.stop();
    }
    if (kind === 'tag-manager') step('starting the sample site with a tag manager (for the consent banner)');
    const started = await startKind(kind);
    sites.set(kind, started);
    return started.url;
  }

  async function lighthouseAll(): Promise<LighthouseSummary[]> {
    const summaries: LighthouseSummary[] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      const tries: LighthouseSummary[] = [];
      for (let run = 1; run <= runs; run++) {
        step(`Lighthouse ${page.label}${runs > 1 ? ` (run ${run}/${runs})` : ''}`);
        const origin = await servingSite(page.withTagManager ? 'tag-manager' : 'sample');
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
            await writeFile(join(reportsDir, reportFileName(page.label, run, runs)), JSON.stringify(lhr, null, 2));
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
    // No state ever chooses, so the banner shows on every page of the tag-manager site.
    await stubGoogleTags(browser.context);
    const results: AxeResult[] = [];
    const states = [
      ...AXE_STATES.map((state) => ({ state, kind: 'sample' as const })),
      ...CONSENT_AXE_STATES.map((state) => ({ state, kind: 'tag-manager' as const })),
    ];
    for (const { state, kind } of states) {
      for (const viewport of AXE_VIEWPORTS) {
        step(`axe ${state.label} (${viewport.name})`);
        for (let attempt = 1; ; attempt++) {
          const origin = await servingSite(kind);
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
