/**
 * Generated hostile paths against the built worker in workerd, on the live host and on the
 * preview host without access: never a 5xx, never a redirect off the site, never a draft, and
 * never a cached page at a path that only spells it with escaped dots.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kvKeys } from '../../app/kv-keys';
import { buildGeneratedSite } from '../support/built-site';
import { checkProperty, hostilePath, hostileString } from '../support/property';
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
  draft = await buildGeneratedSite({ pagesPerLocale: 2, siteName: 'Draft Site' });
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
