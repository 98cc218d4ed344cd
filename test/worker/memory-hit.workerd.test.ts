/**
 * The short path for memory hits answers exactly what the full chain answers. Two instances of
 * the same bundle over the same build: one as deployed (EDGE_CACHE=on, the short path), one
 * with EDGE_CACHE=full-chain, where every hit goes through every middleware. Each request kind
 * goes to both, and status, headers and body must match; the log says which answered short.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildGeneratedSite } from '../support/built-site';
import { startWorker, type TestWorker } from '../support/workerd';

const CHROME_130 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
/** A fixed ray id, so that a page's request id (in its HTML) is the same on both instances. */
const CF_RAY = '0123456789abcdef-AMS';
const PREVIEW = 'https://preview.example.com';

const routeRules = {
  '/old-loans': { redirect: { to: '/en/page-1', statusCode: 301 } },
  '/en/page-1': { headers: { 'x-robots-tag': 'noindex' }, cache: { maxAge: 60 } },
};

let site: Awaited<ReturnType<typeof buildGeneratedSite>>;
let short: TestWorker;
let full: TestWorker;

beforeAll(async () => {
  site = await buildGeneratedSite({ extraSite: { routeRules } });
  // A pointer trusted for a minute: the short path only answers while the pointer is fresh.
  const bindings = { BUILD_POINTER_TTL_MS: '60000', PREVIEW_HOSTS: 'preview.example.com' };
  short = await startWorker(site, { bindings: { ...bindings, EDGE_CACHE: 'on' } });
  full = await startWorker(site, { bindings: { ...bindings, EDGE_CACHE: 'full-chain' } });
  // Every page the tests ask for, once, so that each instance holds it in memory.
  for (const worker of [short, full]) for (const path of ['/en', '/en/page-1']) await worker.fetch(path, { headers: headers() });
});
afterAll(async () => {
  await short?.close();
  await full?.close();
  await site?.cleanup();
});

function headers(extra: Record<string, string> = {}): Record<string, string> {
  return { 'user-agent': CHROME_130, 'cf-ray': CF_RAY, ...extra };
}

const shortLines = (worker: TestWorker) =>
  worker.logs
    .join('')
    .split('\n')
    .filter((l) => l.includes('"short":true')).length;
/** workerd writes a request's log line before it answers, but its stdout reaches this process a little later. */
const LOG_PIPE_MS = 100;
async function settledShortLines(worker: TestWorker): Promise<number> {
  await new Promise((r) => setTimeout(r, LOG_PIPE_MS));
  return shortLines(worker);
}

/** The same request to both instances: what each answered, and whether the short path did. */
async function both(path: string, init: RequestInit = {}) {
  const before = await settledShortLines(short);
  const answers = await Promise.all(
    [short, full].map(async (worker) => {
      const res = await worker.fetch(path, { ...init, headers: headers(init.headers as Record<string, string>) });
      return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
    }),
  );
  return { short: answers[0]!, full: answers[1]!, answeredShort: (await settledShortLines(short)) > before };
}

describe('the short path for memory hits, beside the full chain', () => {
  test('answers a page in memory with the same status, headers and body', async () => {
    const { short: s, full: f, answeredShort } = await both('/en');
    expect(answeredShort).toBe(true);
    expect(s.status).toBe(200);
    expect(s.headers['x-edge-cache']).toBe('HIT');
    expect(s.headers['content-security-policy']).toBeTruthy();
    expect(s).toEqual(f);
    expect(await settledShortLines(full)).toBe(0);
  });

  test('answers a query string as the page without it, as the chain does', async () => {
    const { short: s, full: f, answeredShort } = await both('/en?utm_source=mail&lang=fi');
    expect(answeredShort).toBe(true);
    expect(s).toEqual(f);
  });

  test('keeps a route rule’s headers and cache lifetime', async () => {
    const { short: s, full: f, answeredShort } = await both('/en/page-1');
    expect(answeredShort).toBe(true);
    expect(s.headers['x-robots-tag']).toBe('noindex');
    expect(s.headers['cache-control']).toBe('public, max-age=60');
    expect(s).toEqual(f);
  });

  test('leaves HEAD to the chain, which answers it alike', async () => {
    const { short: s, full: f, answeredShort } = await both('/en', { method: 'HEAD' });
    expect(answeredShort).toBe(false);
    expect(s.status).toBe(200);
    expect(s).toEqual(f);
  });

  test('leaves a matching If-None-Match to the chain: the same 304', async () => {
    const etag = (await short.fetch('/en', { headers: headers() })).headers.get('etag')!;
    const { short: s, full: f, answeredShort } = await both('/en', { headers: { 'if-none-match': etag } });
    expect(answeredShort).toBe(false);
    expect(s.status).toBe(304);
    expect(s).toEqual(f);
  });

  test('sends an unsupported browser to /unsupported, as the chain does', async () => {
    const { short: s, full: f, answeredShort } = await both('/en', { headers: { 'user-agent': IE11 } });
    expect(answeredShort).toBe(false);
    expect(s.status).toBe(302);
    expect(s).toEqual(f);
  });

  test('never answers on the preview host, where the gate stands', async () => {
    const { short: s, full: f, answeredShort } = await both(`${PREVIEW}/en`);
    expect(answeredShort).toBe(false);
    expect([401, 503]).toContain(s.status);
    expect(s).toEqual(f);
  });

  test('answers a payload of the live build asked for with its id, as the chain does', async () => {
    const path = `/en/_payload.json?${site.build.id}`;
    await both(path);
    const { short: s, full: f, answeredShort } = await both(path);
    expect(answeredShort).toBe(true);
    expect(s.status).toBe(200);
    expect(s.headers['cache-control']).toContain('immutable');
    expect(s.headers['x-edge-cache']).toBeUndefined();
    expect(s).toEqual(f);
  });

  test('answers a route-rule redirect asked for without a query string, as the chain does', async () => {
    await both('/old-loans');
    const { short: s, full: f, answeredShort } = await both('/old-loans');
    expect(answeredShort).toBe(true);
    expect(s.status).toBe(301);
    expect(s.headers.location).toBe('/en/page-1');
    expect(s).toEqual(f);
  });

  test.each([
    ['a payload asked for with another build’s id', '/en/_payload.json?0123456789abcdef'],
    ['a route-rule redirect with a query string, which it carries on', '/old-loans?utm_source=mail'],
    ['a page the build lacks', '/en/no-such-page'],
    ['a hostile path', '/..%2f..%2fbuilds/latest.json'],
    ['a payload', '/en/_payload.json'],
  ])('leaves %s to the chain, which answers it alike', async (_, path) => {
    await both(path);
    const { short: s, full: f, answeredShort } = await both(path);
    expect(answeredShort).toBe(false);
    expect(s).toEqual(f);
  });

  test('leaves a form post to the chain', async () => {
    const post = { method: 'POST', headers: { origin: 'https://www.example.com', 'content-type': 'application/json' }, body: '{}' };
    const { short: s, full: f, answeredShort } = await both('/_app/forms', post);
    expect(answeredShort).toBe(false);
    expect(s.status).toBe(f.status);
  });
});

describe('the short path across a publish', () => {
  test('serves the new build’s page once the pointer is older than its TTL', async () => {
    const worker = await startWorker(site, { bindings: { BUILD_POINTER_TTL_MS: '300' } });
    try {
      const first = await worker.fetch('/en', { headers: headers() });
      expect(await first.text()).toContain(site.build.id);
      await worker.fetch('/en', { headers: headers() });
      expect(await settledShortLines(worker)).toBe(1);

      // Other content, so another build id.
      const next = await buildGeneratedSite({ extraSite: { routeRules: { ...routeRules, '/en/page-2': { headers: { 'x-next': '1' } } } } });
      expect(next.build.id).not.toBe(site.build.id);
      try {
        await worker.publish(next);
        await new Promise((r) => setTimeout(r, 400));
        const after = await (await worker.fetch('/en', { headers: headers() })).text();
        expect(after).toContain(next.build.id);
        expect(after).not.toContain(site.build.id);
      } finally {
        await next.cleanup();
      }
    } finally {
      await worker.close();
    }
  });
});
