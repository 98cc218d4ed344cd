/**
 * The worker's order is its policy: these pin the steps createApp registers, the header
 * comment that documents them, and what the order means for a request under /_app/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspectRoutes } from 'hono/dev';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { appSteps, createApp } from '../../worker/app';
import { BuildMemory } from '../../worker/build-memory';
import { pageSteps } from '../../worker/memory-hit';
import { PageMemory } from '../../worker/middleware/edge-cache';
import { REPO_ROOT } from '../support/built-site';
import { ASSETS, EMPTY_KV, ORIGIN } from './in-process';

/** method, path, and the name of the handler Hono registered, in the order they run */
const EXPECTED = [
  ['ALL', '/*', 'requestContextMiddleware'],
  ['ALL', '/*', 'requestLogMiddleware'],
  ['ALL', '/*', 'edgeCacheRemember'],
  ['ALL', '/*', 'securityHeadersMiddleware'],
  ['ALL', '/*', 'previewGateMiddleware'],
  ['GET', '/_app/health', 'health'],
  ['GET', '/_app/builds/latest.json', 'latestBuild'],
  ['GET', '/_app/builds/meta/:file{[a-f0-9]{16}\\.json}', 'buildManifest'],
  ['POST', '/_app/forms', 'currentBuildMiddleware'],
  ['POST', '/_app/forms', 'sameOriginPosts'],
  ['POST', '/_app/forms', 'formRateLimit'],
  ['POST', '/_app/forms', 'receiveForm'],
  ['GET', '/_app/forms/sent', 'currentBuildMiddleware'],
  ['GET', '/_app/forms/sent', 'formSent'],
  ['GET', '/_app/preview/share-link', 'previewShareLinkHandler'],
  ['GET', '/_app/*', 'clientFiles'],
  ['ALL', '/_app/*', 'appNotFound'],
  ['ALL', '/*', 'currentBuildMiddleware'],
  ['GET', '/media/*', 'previewAssets'],
  ['GET', '/editor/*', 'previewAssets'],
  ['GET', '/robots.txt', 'robotsTxt'],
  ['GET', '/sitemap.xml', 'sitemapXml'],
  ['GET', '/*', 'payloads'],
  ['GET', '/unsupported', 'unsupportedPage'],
  ['ALL', '/*', 'browserCheckMiddleware'],
  ['ALL', '/*', 'routeRulesMiddleware'],
  ['GET', '/preview', 'previewPage'],
  ['GET', '/reset-storage', 'resetStoragePage'],
  ['GET', '/reset-storage/*', 'resetStoragePage'],
  ['ALL', '/*', 'edgeCacheLookup'],
  ['GET', '/*', 'contentPage'],
];

/** The step names the header comment of worker/app.ts lists, in its order. */
function documentedSteps(): string[] {
  const source = readFileSync(join(REPO_ROOT, 'worker/app.ts'), 'utf8');
  const header = source.slice(0, source.indexOf('*/'));
  const block = header.slice(header.indexOf('policy:'), header.indexOf('\n *\n', header.indexOf('policy:') + 8));
  return [...block.matchAll(/^ \* {3}(\w+) /gm)].map((m) => m[1]!);
}

describe('the worker’s steps', () => {
  test('are registered in the policy order, each with its handler', () => {
    const routes = inspectRoutes(createApp({ assets: ASSETS })).map((r) => [r.method, r.path, r.name]);
    expect(routes).toEqual(EXPECTED);
  });

  test('are the ones the header comment of worker/app.ts lists, in its order', () => {
    const names = appSteps({ assets: ASSETS, memory: new BuildMemory(), pageMemory: new PageMemory() }).map((s) => s.name);
    expect(documentedSteps()).toEqual(names);
  });

  test('that see every page each say what they mean for a page in memory: the short path’s guards, in order', () => {
    const steps = pageSteps(appSteps({ assets: ASSETS, memory: new BuildMemory(), pageMemory: new PageMemory() }));
    expect(steps.map((s) => [s.name, s.hit === 'unchanged' ? 'unchanged' : 'guard'])).toEqual([
      ['requestContext', 'guard'],
      ['requestLog', 'unchanged'],
      ['edgeCacheRemember', 'unchanged'],
      ['securityHeaders', 'unchanged'],
      ['previewGate', 'guard'],
      ['currentBuild', 'unchanged'],
      ['payloads', 'unchanged'],
      ['browserCheck', 'guard'],
      ['routeRules', 'unchanged'],
      ['edgeCacheLookup', 'guard'],
      ['contentPage', 'unchanged'],
    ]);
  });
});

describe('with nothing published', () => {
  // The request log's lines are not what these tests look at.
  beforeEach(() => void vi.spyOn(console, 'log').mockImplementation(() => {}));
  afterEach(() => void vi.restoreAllMocks());
  const app = createApp({ assets: ASSETS });
  const get = (path: string, init: RequestInit = {}) => app.request(ORIGIN + path, init, { SITE_KV: EMPTY_KV });

  test('an unknown path under /_app/ is a 404 JSON, not the 503', async () => {
    const res = await get('/_app/x');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ error: 'not_found' });
  });

  test('the form endpoint still waits for a build: a post is the 503', async () => {
    const res = await get('/_app/forms', { method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  test('a page is the 503 "not published yet"', async () => {
    const res = await get('/en');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('has not been published yet');
  });
});
