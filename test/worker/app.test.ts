/**
 * The worker's order is its policy: these hold the relations the order must keep (which step
 * must come before which, and why), and what the order means for requests.
 */
import { inspectRoutes } from 'hono/dev';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { appSteps, createApp } from '../../worker/app';
import type { AppEnv } from '../../worker/app-env';
import { BuildMemory } from '../../worker/build-memory';
import { pageSteps } from '../../worker/memory-hit';
import { PageMemory } from '../../worker/middleware/edge-cache';
import { ASSETS, EMPTY_KV, ORIGIN } from './in-process';

const steps = appSteps({ assets: ASSETS, memory: new BuildMemory(), pageMemory: new PageMemory() });
const names = steps.map((s) => s.name);

/** Where a step is in the list; fails the test for a name the list lacks. */
function at(name: string): number {
  const index = names.indexOf(name);
  expect(index, `${name} is a step`).toBeGreaterThanOrEqual(0);
  return index;
}

/** Asserts that each of `first` runs before each of `then`. */
function expectBefore(first: readonly string[], then: readonly string[]) {
  for (const a of first) for (const b of then) expect(at(a), `${a} runs before ${b}`).toBeLessThan(at(b));
}

/** Steps that only act after the rest has answered: they never answer themselves. */
const WRAPPERS = ['requestLog', 'edgeCacheRemember', 'securityHeaders'];
/** Everything else: any of these may answer, or throw, which the error handler answers. */
const ANSWERING = names.filter((n) => !WRAPPERS.includes(n));
/** Steps that answer with a page of the site. */
const PAGES = ['unsupportedPage', 'previewPage', 'resetStoragePage', 'resetStorageSlugPage', 'searchPage', 'contentPage'];

describe('the worker’s steps', () => {
  test('are registered in the order appSteps lists them', () => {
    const routes = inspectRoutes<AppEnv>(createApp({ assets: ASSETS })).map((r) => [r.method, r.path]);
    expect(routes).toEqual(steps.map((s) => [s.method, s.path]));
  });

  test('have names of their own, so a relation names one step', () => {
    expect(new Set(names).size).toBe(names.length);
  });

  test('that write the log line and the headers wrap every answer: they come before any step that can answer', () => {
    expectBefore(WRAPPERS, ANSWERING);
    for (const name of WRAPPERS) expect(steps[at(name)]).toMatchObject({ method: 'ALL', path: '/*' });
  });

  test('keep a page in memory only once every header writer has written: remember wraps the security headers', () => {
    expectBefore(['edgeCacheRemember'], ['securityHeaders']);
  });

  test('give every other step the request context first: id, store, host kind and a checked path', () => {
    expectBefore(
      ['requestContext'],
      ANSWERING.filter((n) => n !== 'requestContext'),
    );
  });

  test('put the preview gate before anything that serves content, files or builds', () => {
    expectBefore(
      ['previewGate'],
      ANSWERING.filter((n) => n !== 'requestContext' && n !== 'previewGate'),
    );
  });

  test('find the build before the steps that read it', () => {
    expectBefore(['formsBuild'], ['sameOriginPosts', 'formRateLimit', 'receiveForm']);
    expectBefore(['formSentBuild'], ['formSent']);
    expectBefore(['searchBuild'], ['searchJson']);
    expectBefore(['currentBuild'], ['previewMedia', 'previewEditor', 'robotsTxt', 'sitemapXml', 'payloads', ...PAGES]);
  });

  test('refuse another origin’s form post, then one over the rate, before reading the form', () => {
    expectBefore(['sameOriginPosts'], ['formRateLimit']);
    expectBefore(['formRateLimit'], ['receiveForm']);
  });

  test('answer anything under /_app/ that no endpoint took with the /_app/ 404, before a build is needed', () => {
    const appRoutes = steps.filter((s) => s.path.startsWith('/_app/') && s.name !== 'appNotFound').map((s) => s.name);
    expectBefore(appRoutes, ['appNotFound']);
    expectBefore(['appNotFound'], ['currentBuild']);
  });

  test('check the browser after the unsupported page it sends old browsers to, and before the pages', () => {
    expectBefore(['unsupportedPage'], ['browserCheck']);
    expectBefore(
      ['browserCheck'],
      PAGES.filter((n) => n !== 'unsupportedPage'),
    );
  });

  test('apply the route rules before the edge cache and the pages, whose headers and redirects they decide', () => {
    expectBefore(['routeRules'], ['edgeCacheLookup', ...PAGES.filter((n) => n !== 'unsupportedPage')]);
  });

  test('look in the edge cache before rendering a content page', () => {
    expectBefore(['edgeCacheLookup'], ['contentPage']);
  });

  test('that see every page each say what they mean for a page in memory', () => {
    for (const step of pageSteps(steps)) expect(step.hit, step.name).toBeDefined();
  });

  test('that can answer differently for a page in memory guard the short path: the preview host, old browsers, conditional requests', () => {
    const guarded = pageSteps(steps)
      .filter((s) => s.hit !== 'unchanged')
      .map((s) => s.name);
    expect(guarded.sort()).toEqual(['browserCheck', 'edgeCacheLookup', 'previewGate', 'requestContext']);
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
