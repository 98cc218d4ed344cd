/**
 * Static files and the two deployments. The live and the preview environment are workers of
 * their own, each with its own static assets (README "Editors: the preview host"): here the
 * live worker is built from the live content and the preview worker from a draft with media
 * of its own, routed as wrangler.toml routes them (the preview environment runs the worker
 * first for /media/* and /editor/*, so its gate stands before them).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PREVIEW_PUBLIC_DIR } from '../../../scripts/lib/reserved-paths';
import { MEDIA_CSP } from '../../../scripts/lib/site-build';
import { PREVIEW_COOKIE, signPreviewCookie } from '../../../worker/preview/access';
import { makeShareLink } from '../../../worker/preview/share';
import { buildForTest, buildGeneratedSite, tempDir, type BuiltSite } from '../../support/built-site';
import { png } from '../../support/images';
import { generateContent } from '../../../scripts/lib/generate-content';
import { startWorker, type TestWorker } from '../../support/workerd';

const TOKEN = 'correct-horse-battery-staple-0123456789';
const SHARE_SECRET = 'share-links-secret-0123456789abcdef';
const PREVIEW = 'https://preview.example.com';
const LIVE = 'https://www.example.com';
const DRAFT_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><title>draft only</title></svg>';

let live: BuiltSite & { cleanup: () => Promise<void> };
let draft: BuiltSite;
let liveWorker: TestWorker;
let previewWorker: TestWorker;
let cookie: string;

/**
 * A draft: generated content, plus media only it has. /en/page-1 shows one SVG and, first (so
 * its head preloads it), one PNG; the other SVG and PNG are on no page.
 */
async function buildDraft(): Promise<BuiltSite> {
  const dir = await tempDir('draft-content');
  await generateContent({ dir, pagesPerLocale: 2, siteName: 'Draft Site' });
  await mkdir(join(dir, 'media'), { recursive: true });
  await writeFile(join(dir, 'media/draft-only.svg'), DRAFT_SVG);
  await writeFile(join(dir, 'media/not-on-the-page.svg'), DRAFT_SVG);
  await writeFile(join(dir, 'media/draft-photo.png'), png(480, 320));
  await writeFile(join(dir, 'media/other-photo.png'), png(480, 320));
  const pageFile = join(dir, 'pages/en/page-1.json');
  const page = JSON.parse(await readFile(pageFile, 'utf8'));
  page.blocks.unshift({ type: 'image', image: { src: '/media/draft-photo.png', alt: 'Draft photo', width: 480, height: 320 } });
  page.blocks.push({ type: 'image', image: { src: '/media/draft-only.svg', alt: 'Draft picture', width: 4, height: 4 } });
  await writeFile(pageFile, JSON.stringify(page));
  return buildForTest(dir);
}

beforeAll(async () => {
  [live, draft] = await Promise.all([buildGeneratedSite({ pagesPerLocale: 2 }), buildDraft()]);
  liveWorker = await startWorker(live, { bindings: { PREVIEW_HOSTS: 'preview.example.com' } });
  previewWorker = await startWorker(draft, {
    assetsOf: 'preview',
    bindings: { PREVIEW_MODE: 'true', PREVIEW_TOKEN: TOKEN, PREVIEW_SHARE_SECRET: SHARE_SECRET },
  });
  cookie = `${PREVIEW_COOKIE}=${await signPreviewCookie(TOKEN, Math.floor(Date.now() / 1000) + 3600)}`;
});
afterAll(async () => {
  await liveWorker?.close();
  await previewWorker?.close();
  await live?.cleanup();
  await draft?.cleanup();
});

describe('a draft’s media', () => {
  test('a media file of the draft is not reachable on the live host', async () => {
    const res = await liveWorker.fetch(`${LIVE}/media/draft-only.svg`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('draft only');
  });

  test('on the preview host an editor gets it, private, with the media CSP', async () => {
    const res = await previewWorker.fetch(`${PREVIEW}/media/draft-only.svg`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(DRAFT_SVG);
    expect(res.headers.get('content-security-policy')).toBe(MEDIA_CSP);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('on the preview host nobody else gets it: the gate answers first', async () => {
    const res = await previewWorker.fetch(`${PREVIEW}/media/draft-only.svg`);
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain('draft only');
  });

  test('a reviewer with a share link gets the media its page shows, and no other', async () => {
    const { url } = await makeShareLink(SHARE_SECRET, { origin: PREVIEW, path: '/en/page-1', now: Date.now() });
    expect(await (await previewWorker.fetch(url)).text()).toContain('/media/draft-only.svg');
    const shown = await previewWorker.fetch(`${PREVIEW}/media/draft-only.svg`, { headers: { referer: url } });
    expect(shown.status).toBe(200);
    expect(await shown.text()).toBe(DRAFT_SVG);
    expect((await previewWorker.fetch(`${PREVIEW}/media/not-on-the-page.svg`, { headers: { referer: url } })).status).toBe(404);
  });

  test('a reviewer with a share link gets the resized variants of the page’s raster images, and no other image’s', async () => {
    const { url } = await makeShareLink(SHARE_SECRET, { origin: PREVIEW, path: '/en/page-1', now: Date.now() });
    const html = await (await previewWorker.fetch(url)).text();
    // Every variant URL the page requests: <img src>, <source srcset> and the head's preload
    // (AVIF and WebP at both widths, one fallback).
    const requested = [...new Set(html.match(/\/media\/_v\/[A-Za-z0-9._-]+/g))];
    expect(requested.filter((src) => src.startsWith('/media/_v/draft-photo.')).length).toBeGreaterThanOrEqual(5);
    expect(html).toMatch(/<link[^>]+rel="preload"[^>]+\/media\/_v\/draft-photo\./);
    for (const src of requested) {
      const res = await previewWorker.fetch(PREVIEW + src, { headers: { referer: url } });
      expect(res.status, src).toBe(200);
      expect(res.headers.get('cache-control'), src).toBe('private, no-store');
      expect((await res.arrayBuffer()).byteLength, src).toBeGreaterThan(0);
    }
    const others = (await readdir(join(draft.outDir, 'public/media/_v'))).filter((f) => f.startsWith('other-photo.'));
    expect(others.length).toBeGreaterThanOrEqual(6);
    for (const file of others) {
      const res = await previewWorker.fetch(`${PREVIEW}/media/_v/${file}`, { headers: { referer: url } });
      expect(res.status, file).toBe(404);
      await res.body?.cancel();
    }
    // Neither a variant's prefix nor its source passes for a variant the page shows.
    const shownVariant = requested.find((src) => src.startsWith('/media/_v/draft-photo.'))!;
    for (const near of [shownVariant.slice(0, -1), '/media/_v/draft-photo.', '/media/other-photo.png'])
      expect((await previewWorker.fetch(PREVIEW + near, { headers: { referer: url } })).status, near).toBe(404);
  });
});

describe('robots.txt', () => {
  test('a preview request disallows everything, also on a host PREVIEW_HOSTS does not list (PREVIEW_MODE)', async () => {
    for (const [worker, origin] of [
      [previewWorker, PREVIEW],
      [previewWorker, 'https://unlisted.example.net'],
      [liveWorker, PREVIEW],
    ] as const) {
      const res = await worker.fetch(`${origin}/robots.txt`);
      expect(res.status, origin).toBe(200);
      expect(await res.text(), origin).toBe('User-agent: *\nDisallow: /\n');
      expect(res.headers.get('cache-control'), origin).toBe('private, no-store');
    }
  });

  test('the live host still allows crawling', async () => {
    const res = await liveWorker.fetch(`${LIVE}/robots.txt`);
    expect(await res.text()).toMatch(/^User-agent: \*\nAllow: \/\n\nSitemap: https:\/\/[^/]+\/sitemap\.xml\n$/);
  });
});

describe('other static files on the preview host', () => {
  test('the example editor is behind the gate', async () => {
    for (const path of ['/editor/', '/editor/editor.js']) {
      expect((await previewWorker.fetch(PREVIEW + path)).status, path).toBe(401);
      expect((await previewWorker.fetch(PREVIEW + path, { headers: { cookie } })).status, path).toBe(200);
    }
  });

  test('the live host has no example editor: its paths are a 404, as any unknown path is', async () => {
    expect((await liveWorker.fetch(`${LIVE}/no-such-page`)).status).toBe(404);
    for (const file of ['index.html', 'editor.js', 'editor.css']) {
      const res = await liveWorker.fetch(`${LIVE}/editor/${file}`);
      expect(res.status, file).toBe(404);
      const served = (await readFile(join(PREVIEW_PUBLIC_DIR, 'editor', file), 'utf8')).slice(0, 200);
      expect(await res.text(), file).not.toContain(served);
    }
    expect((await liveWorker.fetch(`${LIVE}/editor`)).status).toBe(404);
    // `/editor/` goes where any unknown path with a trailing slash goes: to its 404 without one.
    const slash = await liveWorker.fetch(`${LIVE}/editor/`);
    const unknownSlash = await liveWorker.fetch(`${LIVE}/no-such-page/`);
    expect([slash.status, slash.headers.get('location')]).toEqual([unknownSlash.status, '/editor']);
  });

  test('the hashed client code stays public: it holds no content', async () => {
    const file = (await readdir(join(draft.outDir, 'public/_app'))).find((f) => f.endsWith('.js'))!;
    expect((await previewWorker.fetch(`${PREVIEW}/_app/${file}`)).status).toBe(200);
  });
});
