/**
 * `npm run dev` in Chromium: a saved page shows in the open tab by itself, a broken file shows
 * an overlay until it is fixed, a code change reloads the tabs, and a SIGTERM to the script alone
 * stops wrangler and workerd with it. One dev server for the file,
 * on a generated site copied to a temp folder (the tests edit its files).
 */
import { readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { portIsFree } from '../../scripts/lib/free-port';
import { generateContent } from '../../scripts/lib/generate-content';
import { WRANGLER_STOP_GRACE_MS } from '../../scripts/lib/stop-on-signal';
import { documentLoads, launchBrowser, type Browser, type TrackedPage } from '../support/browser';
import { REPO_ROOT, tempDir } from '../support/built-site';
import { startDevSite, type DevSite } from '../support/dev-site';
import { leftInGroup, scriptProcess } from '../support/process-group';

let contentDir: string;
let dev: DevSite;
let browser: Browser;
const pageFile = () => join(contentDir, 'pages/en/page-1.json');

/**
 * Rewrites a page file with a new title (or a wrong one) and hero heading, as an editor's save
 * does, and waits until the dev server has published it or named its problem.
 */
async function saveTitle(title: unknown): Promise<void> {
  const page = JSON.parse(await readFile(pageFile(), 'utf8'));
  const [hero, ...blocks] = page.blocks;
  const from = dev.output().length;
  await writeFile(pageFile(), JSON.stringify({ ...page, title, blocks: [{ ...hero, heading: String(title) }, ...blocks] }, null, 2));
  await dev.waitForOutput(/^published |problem\(s\); still serving/m, from);
}

/** A tab on `path`, once the dev client hears the dev server and the router has started. */
async function openTab(path: string): Promise<TrackedPage & { loads: string[] }> {
  const tab = await browser.newPage();
  const loads = documentLoads(tab.page);
  await tab.page.goto(`${dev.url}${path}`);
  await connected(tab.page);
  return { ...tab, loads };
}

/** Once the tab's dev client hears the dev server and the router has started (again, after a reload). */
const connected = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.devConnected === 'true' && typeof window.__router === 'object');

/**
 * Closes a tab that reloaded, once its new document is up. A close that races the reload's
 * commit can hang for good in Chromium (microsoft/playwright#42068, crbug.com/536385539): it did
 * here in about half of the runs, for the length of the test's timeout.
 */
async function closeReloaded(page: Page): Promise<void> {
  await connected(page);
  await page.close();
}

beforeAll(async () => {
  contentDir = await tempDir('dev-content');
  await generateContent({ dir: contentDir, pagesPerLocale: 2, siteName: 'Dev Loop Co' });
  [dev, browser] = await Promise.all([startDevSite(contentDir), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  await rm(contentDir, { recursive: true, force: true });
});

describe('npm run dev', () => {
  test('a saved page title shows in the tab on that page without a reload, and the tab on another page reloads', async () => {
    const same = await openTab('/en/page-1');
    const other = await openTab('/en/page-2');
    await same.page.evaluate(() => ((window as { devMarker?: number }).devMarker = 1));

    await saveTitle('Saved in the editor');
    await same.page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Saved in the editor');
    await same.page.waitForFunction(() => document.title.startsWith('Saved in the editor'));
    // Rendered in place: the same document, never loaded again.
    expect(await same.page.evaluate(() => (window as { devMarker?: number }).devMarker)).toBe(1);
    expect(same.loads).toEqual(['/en/page-1']);
    await expect.poll(() => other.loads).toEqual(['/en/page-2', '/en/page-2']);
    expect(same.problems).toEqual([]);
    await Promise.all([same.page.close(), closeReloaded(other.page)]);
  });

  test('a broken page file shows an overlay naming file, line, column and field while the last good build serves; fixing it removes the overlay', async () => {
    await saveTitle('Last good title');
    const tab = await openTab('/en/page-1');
    await tab.page.waitForFunction(() => document.title.startsWith('Last good title'));
    const from = dev.output().length;

    await saveTitle(42);
    const overlay = tab.page.getByRole('alert').filter({ hasText: 'The content has 1 problem' });
    await overlay.waitFor();
    expect(await overlay.textContent()).toMatch(/pages\/en\/page-1\.json:2:12 title: .*expected string/);
    expect(await dev.waitForOutput(/pages\/en\/page-1\.json:2:12: title: .*/, from)).toMatch(/expected string/);
    // The last good build keeps serving.
    expect(await (await fetch(`${dev.url}/en/page-1`)).text()).toContain('Last good title');
    // A tab opened now is told too.
    const later = await openTab('/en');
    await later.page.getByRole('alert').filter({ hasText: 'page-1.json:2:12' }).waitFor();

    await saveTitle('Fixed title');
    await overlay.waitFor({ state: 'detached' });
    await tab.page.waitForFunction(() => document.title.startsWith('Fixed title'));
    await later.page.getByRole('alert').waitFor({ state: 'detached' });
    await Promise.all([tab.page.close(), later.page.close()]);
  });

  test('a change in app/ reloads every open tab', async () => {
    const tab = await openTab('/en/page-2');
    await tab.page.evaluate(() => ((window as { devMarker?: number }).devMarker = 1));
    const from = dev.output().length;
    // A save that leaves the file as it was: it still counts as a code change, and the
    // repository's sources stay untouched while other test files build them.
    const now = new Date();
    await utimes(join(REPO_ROOT, 'app/constants.ts'), now, now);
    await dev.waitForOutput(/whole build/, from, 40_000);
    await expect
      .poll(() => tab.loads, { timeout: 15_000, message: `the tab did not reload; npm run dev said:\n${dev.output().slice(from)}` })
      .toEqual(['/en/page-2', '/en/page-2']);
    await closeReloaded(tab.page);
  });

  // Last: it ends the server. A process manager signals one process, not the group as a
  // terminal's Ctrl-C does; wrangler dev and workerd once outlived the script, holding the port.
  test('a SIGTERM to the script alone stops wrangler and workerd, frees the port and ends the script with 143', async () => {
    process.kill(scriptProcess(dev.pid, 'scripts/dev.ts'), 'SIGTERM');
    expect(await leftInGroup(dev.pid, WRANGLER_STOP_GRACE_MS + 5_000)).toEqual([]);
    expect(await portIsFree(Number(new URL(dev.url).port))).toBe(true);
    // What a process manager reads: ended by SIGTERM, not a clean exit it may leave be. Polled:
    // a group without live processes may still hold the script's tsx as a zombie that this
    // process has not reaped, and its exit code comes with the reaping.
    await expect.poll(() => dev.exitCode(), { timeout: 5_000 }).toBe(143);
  });
});
