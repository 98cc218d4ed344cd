/**
 * An open tab across a code deploy, in Chromium. The tab hydrated on build A (client code A);
 * then new client code B is deployed (worker and static files; the same KV) and published. Each
 * of three clicks must either navigate within A (A's chunks, which B's static files lack, come
 * from the KV archive) or do one full load of B; never the error screen because of the deploy.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, type Browser } from '../support/browser';
import { REPO_CONTENT, buildForTest, type BuiltSite } from '../support/built-site';
import { codeOfBuild } from '../../scripts/lib/code-version';
import { freePort } from '../../scripts/lib/free-port';
import { startWorker, type TestWorker } from '../support/workerd';

let a: BuiltSite;
let b: BuiltSite;
let state: string;
let port: number;
let browser: Browser;
let worker: TestWorker | undefined;

beforeAll(async () => {
  a = await buildForTest(REPO_CONTENT, 1_700_000_000_000, 'release A');
  b = await buildForTest(REPO_CONTENT, 1_700_000_100_000, 'release B');
  state = await mkdtemp(join(tmpdir(), 'edge-site-deploy-tab-'));
  port = await freePort();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await worker?.close();
  await Promise.all([a, b].map((s) => s?.cleanup()));
  await rm(state, { recursive: true, force: true });
});

/** What Cloudflare does on a deploy: this build's worker and static files, the same KV, on the same host. */
async function deploy(site: BuiltSite) {
  await worker?.close();
  worker = await startWorker(site, { persist: { kv: join(state, 'kv'), cache: join(state, 'cache') }, port });
}

const buildIdOf = (page: Page) =>
  page.evaluate(() => (JSON.parse(document.getElementById('site-data')!.textContent) as { buildId: string }).buildId);

test('a tab opened before a code deploy clicks through three pages without the error screen, with at most one full load', async () => {
  await deploy(a);
  const { page, problems } = await browser.newPage();
  page.setDefaultTimeout(15_000);
  const documents: Request[] = [];
  page.on('request', (r) => void (r.resourceType() === 'document' && documents.push(r)));
  const clientFiles: { url: string; status: number }[] = [];
  page.on(
    'response',
    (r) =>
      void (
        r.url().includes('/_app/') &&
        /\.(js|css)$/.test(new URL(r.url()).pathname) &&
        clientFiles.push({ url: r.url(), status: r.status() })
      ),
  );

  await page.goto(`${worker!.url}/en`);
  await page.waitForSelector('html[data-hydrated="true"]');
  expect(await buildIdOf(page)).toBe(a.build.id);

  await deploy(b);
  const loadedBeforeDeploy = clientFiles.length;
  expect(((await (await fetch(`${worker!.url}/_app/builds/latest.json`)).json()) as { id: string }).id).toBe(b.build.id);

  for (const path of ['/en/loans', '/en/loans/home-loan', '/en/contact']) {
    await page.locator(`header nav a[href="${path}"]`).first().click();
    await page.waitForURL(`${worker!.url}${path}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => page.textContent('main')).not.toContain('Internal Server Error');
    expect(await page.locator('main h1').count(), path).toBeGreaterThan(0);
  }
  expect(clientFiles.filter((f) => f.status !== 200)).toEqual([]);
  expect(documents.length).toBeLessThanOrEqual(2);
  expect([a.build.id, b.build.id]).toContain(await buildIdOf(page));
  if (documents.length === 1) {
    // No full load, so the tab stayed on A. The gallery (home-loan) and the form (contact) load
    // chunks on demand: code A's, which B's deployment lacks and only the KV archive still has.
    expect(await buildIdOf(page)).toBe(a.build.id);
    const filesOf = (site: BuiltSite) => codeOfBuild(site.build.records, site.build.id)!.clientFiles;
    const loadedAfter = clientFiles.slice(loadedBeforeDeploy).map((f) => new URL(f.url).pathname);
    expect(loadedAfter.filter((f) => !filesOf(a).includes(f))).toEqual([]);
    expect(loadedAfter.filter((f) => !filesOf(b).includes(f)).length).toBeGreaterThan(0);
  }
  // The stand-in for a deploy restarts workerd on the same port, and a build check the tab makes
  // in that moment is refused, reset, or cut off mid-body (ERR_INCOMPLETE_CHUNKED_ENCODING) when the
  // old workerd stops under it; a Cloudflare deploy has no such moment. Those are allowed for the
  // build check alone: any answer with an error status, and any other failure, still counts.
  const restartRefusals = (p: string) =>
    /net::ERR_CONNECTION_(REFUSED|RESET)\b/.test(p) ||
    (/net::ERR_INCOMPLETE_CHUNKED_ENCODING\b/.test(p) && p.includes('/_app/builds/latest.json'));
  expect(problems.filter((p) => p.includes('/_app/') && !restartRefusals(p))).toEqual([]);
  await page.close();
}, 120_000);
