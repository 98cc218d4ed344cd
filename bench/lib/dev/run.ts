/**
 * Measures the dev loop as an editor and a developer meet it: `npm run dev` on a copy of the
 * sample site (content/), one Chromium tab on the English home page.
 *
 *   content   the page file saved with a new title, timed until the tab's title is the new one
 *             (no reload: the tab re-renders in place); `edits` times, a pause between
 *   code      a rule appended to app/styles/site.css (restored afterwards, whatever happens),
 *             timed until the reloaded tab has the new stylesheet
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../../../test/support/browser';
import { REPO_CONTENT, REPO_ROOT } from '../../../test/support/built-site';
import { startDevSite } from '../../../test/support/dev-site';
import type { Cleanup } from '../cleanup';
import type { DevLoopFigures } from './analyse';

const PAGE_FILE = 'pages/en/index.json';
const PAGE_PATH = '/en';
const STYLES = join(REPO_ROOT, 'app/styles/site.css');
const PAUSE_MS = 400;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check(arg)` in the page until it is true, across reloads (an evaluate during one throws). */
async function until(page: Page, check: (arg: string) => boolean, arg: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await page.evaluate(check, arg).catch(() => false)) return;
    await sleep(10);
  }
  throw new Error(`the tab did not show the change within ${timeoutMs} ms`);
}

/** Whether a stylesheet of the page has a rule for `.name`. */
function hasRule(name: string): boolean {
  return Array.from(document.styleSheets).some((sheet) => {
    try {
      return Array.from(sheet.cssRules).some((r) => (r as CSSStyleRule).selectorText === `.${name}`);
    } catch {
      return false;
    }
  });
}

export async function runDevLoop({ edits }: { edits: number }, cleanup: Cleanup, step: (s: string) => void): Promise<DevLoopFigures> {
  const contentDir = await cleanup.tempDir('bench-dev-content');
  await cp(REPO_CONTENT, contentDir, { recursive: true });
  step('starting npm run dev on a copy of content/');
  const [dev, browser] = await Promise.all([startDevSite(contentDir), launchBrowser()]);
  cleanup.defer(() => dev.stop());
  cleanup.defer(() => browser.close());

  const { page } = await browser.newPage();
  await page.goto(`${dev.url}${PAGE_PATH}`);
  await until(page, () => document.documentElement.dataset.devConnected === 'true' && '__router' in window, '', 30_000);

  const file = join(contentDir, PAGE_FILE);
  const original = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  const contentEditsMs: number[] = [];
  for (let i = 1; i <= edits; i++) {
    const title = `Benchmark edit ${i} ${Date.now()}`;
    const started = performance.now();
    await writeFile(file, JSON.stringify({ ...original, title }, null, 2));
    await until(page, (t) => document.title.startsWith(t), title, 15_000);
    contentEditsMs.push(performance.now() - started);
    step(`content edit ${i}/${edits}: ${Math.round(contentEditsMs[i - 1]!)} ms`);
    await sleep(PAUSE_MS);
  }

  const styles = await readFile(STYLES, 'utf8');
  const rule = `dev-bench-${Date.now()}`;
  let codeEditMs: number;
  try {
    const started = performance.now();
    await writeFile(STYLES, `${styles}\n.${rule} { order: 1; }\n`);
    await until(page, hasRule, rule, 30_000);
    codeEditMs = performance.now() - started;
    step(`code edit: ${Math.round(codeEditMs)} ms`);
  } finally {
    await writeFile(STYLES, styles);
  }
  return { contentEditsMs, codeEditMs };
}
