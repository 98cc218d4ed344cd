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
import { MEDIA_CSP } from '../../scripts/lib/site-build';
import { PREVIEW_COOKIE, signPreviewCookie } from '../../worker/preview-access';
import { makeShareLink } from '../../worker/preview-share';
import { buildForTest, buildGeneratedSite, tempDir, type BuiltSite } from '../support/built-site';
import { generateContent } from '../../scripts/lib/generate-content';
import { startWorker, type TestWorker } from '../support/workerd';

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

/** A draft: generated content, plus media only it has, one of them shown on /en/page-1. */
async function buildDraft(): Promise<BuiltSite> {
  const dir = await tempDir('draft-content');
  await generateContent({ dir, pagesPerLocale: 2, siteName: 'Draft Site' });
  await mkdir(join(dir, 'media'), { recursive: true });
  await writeFile(join(dir, 'media/draft-only.svg'), DRAFT_SVG);
  await writeFile(join(dir, 'media/not-on-the-page.svg'), DRAFT_SVG);
  const pageFile = join(dir, 'pages/en/page-1.json');
  const page = JSON.parse(await readFile(pageFile, 'utf8'));
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
});

describe('other static files on the preview host', () => {
  test('the example editor is behind the gate', async () => {
    for (const path of ['/editor/', '/editor/editor.js']) {
      expect((await previewWorker.fetch(PREVIEW + path)).status, path).toBe(401);
      expect((await previewWorker.fetch(PREVIEW + path, { headers: { cookie } })).status, path).toBe(200);
    }
  });

  test('the hashed client code stays public: it holds no content', async () => {
    const file = (await readdir(join(draft.outDir, 'public/_app'))).find((f) => f.endsWith('.js'))!;
    expect((await previewWorker.fetch(`${PREVIEW}/_app/${file}`)).status).toBe(200);
  });
});
