/**
 * Generated hostile paths against the built worker in workerd, on the live host and on the
 * preview host without access: never a 5xx, never a redirect off the site, never a draft, and
 * never a cached page at a path that only spells it with escaped dots. A path the worker refuses
 * is answered like any request: with the security headers and one log line.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kvKeys } from '../../app/kv-keys';
import { buildGeneratedSite } from '../support/built-site';
import { BASE_SECURITY_HEADERS } from '../../worker/security-header-values';
import { checkProperty, hostilePath, hostileString, refusedPath } from '../support/property';
import { startWorker, type TestWorker } from '../support/workerd';

const PREVIEW = 'https://preview.example.com';
const LIVE = 'https://www.example.com';

let live: Awaited<ReturnType<typeof buildGeneratedSite>>;
let draft: Awaited<ReturnType<typeof buildGeneratedSite>>;
let worker: TestWorker;

beforeAll(async () => {
  live = await buildGeneratedSite({
    pagesPerLocale: 2,
    extraSite: { routeRules: { '/go/**': { redirect: '/**' }, '/old/**': { redirect: '/en/**' } } },
  });
  // The preview file's draft: a run builds it once for both.
  draft = await buildGeneratedSite({ pagesPerLocale: 3, siteName: 'Draft Site' });
  worker = await startWorker(live, {
    bindings: { PREVIEW_HOSTS: 'preview.example.com', PREVIEW_TOKEN: 'a-preview-token-of-enough-length-0123456789' },
  });
  await worker.put(draft.build.records);
  await worker.put([{ key: kvKeys.draft, value: draft.build.pointer.value }]);
});
afterAll(async () => {
  await worker?.close();
  await live?.cleanup();
  await draft?.cleanup();
});

/** Hostile paths, plus the shapes that reach the open routes and the route rules. */
const paths = fc.oneof(
  hostilePath(),
  // `/_app` glued to what follows, so encoded separators in front of the open routes come up
  fc
    .tuple(
      fc.constantFrom('/_app', '/robots.txt', '/en'),
      fc.constantFrom('/', '%2F', '%2f', '%5C', '%5c', '%252F', '\\'),
      fc.oneof(fc.constant(''), hostileString(2)),
      fc.constantFrom('', 'health', 'robots.txt', 'page-1'),
    )
    .map((parts) => parts.join('')),
  hostilePath(6).map((p) => `/go${p}`),
  hostilePath(6).map((p) => `/old${p}`),
);

/**
 * Page and build-id segments among dot segments, plain and escaped once, twice or thrice: after
 * one decoding, `%252e` is `%2e`, which a URL parser (the Cache API's key) reads as a dot.
 */
const dotted = fc
  .array(
    fc.oneof(
      fc.constantFrom('en', 'fi', 'page-1', 'page-2', 'BUILD'),
      fc.constantFrom('.', '..', '%2e', '%2E', '%252e', '%252E', '.%252e', '%252e.', '%252e%252e', '%25252e'),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((segments) => `/${segments.join('/')}`);

/** The request as a browser would send it, or null when no URL parser takes it. */
function url(origin: string, path: string): string | null {
  try {
    return new URL(origin + path).href;
  } catch {
    return null;
  }
}

function expectOnSite(res: Response, origin: string) {
  const location = res.headers.get('location');
  if (location !== null) expect(new URL(location, origin).origin).toBe(origin);
}

describe('hostile paths in workerd', () => {
  test('the live host never answers 5xx and never redirects to another site', async () => {
    await checkProperty(
      fc.asyncProperty(paths, async (path) => {
        const target = url(LIVE, path);
        if (target === null) return;
        const res = await worker.fetch(target);
        await res.arrayBuffer();
        expect(res.status, target).toBeLessThan(500);
        expectOnSite(res, LIVE);
      }),
      { numRuns: 150 },
    );
  });

  test('a page comes from the edge cache only at its own path, never at one that spells it with dots', async () => {
    for (const path of ['/en/page-1', '/fi/page-2']) await (await worker.fetch(LIVE + path)).arrayBuffer();
    await checkProperty(
      fc.asyncProperty(dotted, async (path) => {
        const target = url(LIVE, path.replace('BUILD', live.build.id));
        if (target === null) return;
        const res = await worker.fetch(target);
        await res.arrayBuffer();
        expect(res.status, target).toBeLessThan(500);
        if (res.headers.has('x-edge-cache')) expect(new URL(target).pathname, target).toMatch(/^\/$|^(\/[a-z0-9-]+)+$/);
      }),
      { numRuns: 150 },
    );
  });

  test('the preview host without access shows nothing of the draft, whatever the spelling', async () => {
    await checkProperty(
      fc.asyncProperty(paths, async (path) => {
        const target = url(PREVIEW, path);
        if (target === null) return;
        const res = await worker.fetch(target);
        const body = await res.text();
        expect(res.status, target).toBeLessThan(500);
        expect(body, target).not.toContain('Draft Site');
        expect(body, target).not.toContain('preview-banner');
        expectOnSite(res, PREVIEW);
      }),
      { numRuns: 150 },
    );
  });
});

/** The headers that protect a response; CSP, framing and opener policy only on HTML. */
const SECURITY_HEADERS = [
  ...Object.keys(BASE_SECURITY_HEADERS),
  'Content-Security-Policy',
  'X-Frame-Options',
  'Cross-Origin-Opener-Policy',
].map((name) => name.toLowerCase());
const securityHeadersOf = (res: Response) => Object.fromEntries(SECURITY_HEADERS.map((name) => [name, res.headers.get(name)]));

let rays = 0;
/** A cf-ray of Cloudflare's shape, new for each request, so its log lines can be counted. */
const nextRay = () => `${(0xfeed0000 + ++rays).toString(16).padStart(16, '0')}-TST`;

/** The request log lines written for one request id (they reach the log shortly after the answer). */
async function requestLines(ray: string): Promise<unknown[]> {
  const lines = () =>
    worker.logs
      .join('')
      .split('\n')
      .filter((l) => l.includes(`"requestId":"${ray}"`) && l.includes('"type":"request"'))
      .map((l) => JSON.parse(l.slice(l.indexOf('{'))) as unknown);
  await expect.poll(() => lines().length).toBeGreaterThan(0);
  return lines();
}

describe('refused paths in workerd', () => {
  test('carry the security headers of a normal 404 page and write one log line, HTML clients seeing the site’s error screen', async () => {
    const normal = await worker.fetch(`${LIVE}/en/no-such-page`, { headers: { accept: 'text/html' } });
    await normal.arrayBuffer();
    expect(normal.status).toBe(404);
    const normalHeaders = securityHeadersOf(normal);
    expect(Object.values(normalHeaders)).not.toContain(null);
    // The short path holds pages too: refusals must pass it by into the chain.
    for (const path of ['/en/page-1', '/en/page-1']) await (await worker.fetch(LIVE + path)).arrayBuffer();
    await checkProperty(
      fc.asyncProperty(refusedPath(), fc.boolean(), async (path, html) => {
        const target = url(LIVE, path);
        if (target === null) return;
        const ray = nextRay();
        const res = await worker.fetch(target, { headers: { 'cf-ray': ray, accept: html ? 'text/html,*/*;q=0.8' : '*/*' } });
        const body = await res.text();
        expect([400, 404], target).toContain(res.status);
        expect(res.headers.get('cache-control'), target).toBe('no-store');
        if (html) {
          expect(securityHeadersOf(res), target).toEqual(normalHeaders);
          expect(body, target).toContain(`data-status="${res.status}"`);
        } else {
          expect(securityHeadersOf(res), target).toEqual({
            ...normalHeaders,
            'content-security-policy': null,
            'x-frame-options': null,
            'cross-origin-opener-policy': null,
          });
        }
        expect(await requestLines(ray), target).toEqual([expect.objectContaining({ path: '(rejected)', status: res.status })]);
      }),
      { numRuns: 40 },
    );
  });

  test('on the preview host without access show the live site’s error screen, never the draft', async () => {
    await checkProperty(
      fc.asyncProperty(refusedPath(), async (path) => {
        const target = url(PREVIEW, path);
        if (target === null) return;
        const res = await worker.fetch(target, { headers: { accept: 'text/html' } });
        const body = await res.text();
        expect([400, 404], target).toContain(res.status);
        expect(body, target).not.toContain('Draft Site');
        expect(res.headers.get('x-content-type-options'), target).toBe('nosniff');
      }),
      { numRuns: 30 },
    );
  });
});
