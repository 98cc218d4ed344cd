/**
 * `npm run audit [-- --runs N] [--reports DIR]`: Lighthouse and axe-core against the real site, offline.
 *
 *   1. start the site as `npm start` does (build, publish to a private local KV, wrangler dev
 *      on a free port; test/support/server.ts), in its own process group
 *   2. Lighthouse (mobile, simulated throttling: its defaults) in Debian's Chromium on the home
 *      page, the form page, the gallery page and the 404 page; each page --runs times (3) and
 *      the run with the median performance score counts (the simulation starts from what the
 *      browser observed, which varies with the load on a shared machine)
 *   3. axe-core in Chromium (playwright-core) on the same pages plus the modal open and the
 *      form submitted empty, at a desktop and a mobile size (scripts/lib/audit/axe.ts, shared
 *      with test/e2e/accessibility.test.ts)
 *   The consent banner shows only on a site with a tag manager: its Lighthouse page and axe
 *   states run on a second server with a copy of content/ that has a gtmId, with Google's
 *   hosts blocked (Lighthouse) or answered locally (axe); nothing leaves the machine.
 *   4. print a table and every finding; exit 1 when a budget (scripts/lib/audit/budgets.ts)
 *      is missed
 *
 * The server and both browsers are always stopped, on failure and on Ctrl-C too.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { launchBrowser, type Browser } from '../test/support/browser';
import { REPO_CONTENT, tempDir } from '../test/support/built-site';
import { startSite, type RunningSite } from '../test/support/server';
import { AXE_STATES, AXE_VIEWPORTS, CONSENT_AXE_STATES, checkState, formatViolations, type AxeViolation } from './lib/audit/axe';
import { AXE_BUDGET, LIGHTHOUSE_BUDGETS, LIGHTHOUSE_PAGES, lighthouseMisses } from './lib/audit/budgets';
import { CATEGORIES, launchChrome, runLighthouse, type LighthouseChrome, type LighthouseSummary } from './lib/audit/lighthouse';
import { copyWithTagManager, stubGoogleTags } from './lib/audit/tag-manager-site';
import { cleanUpOnSignals, fail, flags } from './lib/cli';
import { section, table } from './lib/perf/report';

const { values } = flags({
  runs: { type: 'string', default: '3' },
  reports: { type: 'string' },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) fail('--runs must be a whole number from 1 to 9');
const reportsDir = values.reports ? resolve(values.reports as string) : undefined;

const log = (s: string) => process.stdout.write(s + '\n');
const step = (s: string) => process.stderr.write(`audit: ${s}\n`);

/** The sample site as it is, and a copy with a tag manager (where the consent banner shows). */
type SiteKind = 'sample' | 'tag-manager';
const sites = new Map<SiteKind, RunningSite>();
let tagManagerContent: string | undefined;
let chrome: LighthouseChrome | undefined;
let browser: Browser | undefined;
async function cleanup() {
  const [c, b, running, content] = [chrome, browser, [...sites.values()], tagManagerContent];
  chrome = browser = tagManagerContent = undefined;
  sites.clear();
  await b?.close().catch(() => undefined);
  await c?.stop().catch(() => undefined);
  for (const s of running) await s.stop().catch(() => undefined);
  if (content) await rm(content, { recursive: true, force: true });
}
cleanUpOnSignals(cleanup);

/**
 * `npm start` (re)writes dist/, which the running wrangler serves static assets from. When
 * another process builds while this server runs, wrangler answers 500 for every asset until
 * it restarts; an audit of that would report broken pages. So the assets are checked before
 * (and, for Lighthouse, after) every run, and the site is restarted when they fail.
 */
let restarts = 0;
const MAX_RESTARTS = 3;
async function assetsServed(origin: string): Promise<boolean> {
  const res = await fetch(`${origin}/favicon.svg`).catch(() => null);
  await res?.body?.cancel();
  return res?.status === 200;
}
async function startKind(kind: SiteKind): Promise<RunningSite> {
  if (kind === 'sample') return startSite();
  if (!tagManagerContent) {
    tagManagerContent = await tempDir('audit-gtm-content');
    await copyWithTagManager(REPO_CONTENT, tagManagerContent);
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

const median = <T>(items: T[], key: (t: T) => number): T => [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)]!;

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
          const name = `${page.path.replace(/\W+/g, '_').replace(/^_/, '') || 'root'}${runs > 1 ? `.${run}` : ''}.json`;
          await writeFile(join(reportsDir, name), JSON.stringify(lhr, null, 2));
        }
      } finally {
        const c = chrome;
        chrome = undefined;
        await c.stop();
      }
    }
    summaries.push(median(tries, (t) => t.scores.performance ?? -1));
  }
  return summaries;
}

interface AxeResult {
  label: string;
  path: string;
  viewport: string;
  violations: AxeViolation[];
}

async function axeAll(): Promise<AxeResult[]> {
  browser = await launchBrowser();
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

async function main(): Promise<number> {
  step('starting the site (npm start on a free port)');
  await servingSite();
  const lighthouse = await lighthouseAll();
  const axe = await axeAll();
  await cleanup();

  const axeCount = (label: string) => axe.filter((r) => r.label === label).reduce((n, r) => n + r.violations.length, 0);
  const score = (n: number | null) => (n === null ? 'n/a' : String(n));
  const rows: string[][] = lighthouse.map((s) => [
    s.page.label,
    ...CATEGORIES.map((c) => score(s.scores[c]) + (s.expected.some((e) => e.category === c) ? '*' : '')),
    String(axeCount(s.page.label)),
  ]);
  for (const label of new Set(axe.map((r) => r.label))) {
    if (!lighthouse.some((s) => s.page.label === label)) rows.push([label, '-', '-', '-', '-', String(axeCount(label))]);
  }
  log(section(`Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}and axe-core`));
  log(table(['page', 'performance', 'accessibility', 'best-practices', 'seo', 'axe violations'], rows));
  log(
    `budget: performance >= ${LIGHTHOUSE_BUDGETS.performance}, accessibility ${LIGHTHOUSE_BUDGETS.accessibility}, best-practices ${LIGHTHOUSE_BUDGETS['best-practices']}, seo ${LIGHTHOUSE_BUDGETS.seo}; axe violations <= ${AXE_BUDGET} (desktop ${AXE_VIEWPORTS[0].width}px and mobile ${AXE_VIEWPORTS[1].width}px)`,
  );
  for (const s of lighthouse.filter((s) => s.expected.length)) {
    log(
      `* ${s.page.label} answers ${s.page.status} (audited with ignoreStatusCode); scored without the audits that report that status, each checked instead:`,
    );
    for (const e of s.expected) log(`    [${e.category}] ${e.id}: ${e.ok ? 'as expected' : 'NOT as expected'} (${e.why}; ${e.detail})`);
  }

  log(section('Lighthouse metrics (simulated mobile)'));
  log(
    table(
      ['page', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index'],
      lighthouse.map((s) => [
        s.page.label,
        ...['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map(
          (m) => s.metrics[m] ?? '?',
        ),
      ]),
    ),
  );

  const findings = lighthouse.filter((s) => s.findings.length || s.warnings.length || s.runtimeError);
  if (findings.length) {
    log(section('Lighthouse findings'));
    for (const s of findings) {
      log(`${s.page.label}`);
      if (s.runtimeError) log(`  runtime error: ${s.runtimeError}`);
      for (const w of s.warnings) log(`  warning: ${w}`);
      for (const f of s.findings) {
        log(`  [${f.category}] ${f.id} (score ${f.score ?? 'n/a'}${f.displayValue ? `, ${f.displayValue}` : ''}): ${f.title}`);
        for (const item of f.items) log(`      ${item}`);
      }
    }
  }
  const withViolations = axe.filter((r) => r.violations.length);
  if (withViolations.length) {
    log(section('axe violations'));
    for (const r of withViolations) {
      log(`${r.label} (${r.viewport})`);
      log(formatViolations(r.violations, '  '));
    }
  }

  const misses = [
    ...lighthouse.flatMap(lighthouseMisses),
    ...withViolations
      .filter((r) => r.violations.length > AXE_BUDGET)
      .map((r) => `${r.label} (${r.viewport}): ${r.violations.length} axe violation(s): ${r.violations.map((v) => v.id).join(', ')}`),
  ];
  log(section('budgets'));
  if (misses.length === 0) {
    log('all budgets met');
    return 0;
  }
  for (const m of misses) log(`MISSED ${m}`);
  return 1;
}

main()
  .catch(async (err) => {
    process.stderr.write(`audit failed: ${(err as Error).stack ?? err}\n`);
    return 1;
  })
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  });
