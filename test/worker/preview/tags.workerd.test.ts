/**
 * No tag manager on the preview host (review #32): a draft, a share-link visit and an error page
 * there carry no consent script, no tag-manager snippet or frame and no third-party script, and
 * their CSP allows none of the tag manager's hosts, even when the content names a container.
 * The live host of the same worker still carries it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { consentScript } from '../../../app/consent';
import { kvKeys } from '../../../app/kv-keys';
import { PREVIEW_COOKIE, signPreviewCookie } from '../../../worker/preview/access';
import { makeShareLink } from '../../../worker/preview/share';
import { buildGeneratedSite } from '../../support/built-site';
import { startWorker, type TestWorker } from '../../support/workerd';

const TOKEN = 'correct-horse-battery-staple-0123456789';
const SHARE_SECRET = 'share-links-secret-0123456789abcdef';
const PREVIEW = 'https://preview.example.com';
const LIVE = 'https://www.example.com';
const CHROME_130 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

let live: Awaited<ReturnType<typeof buildGeneratedSite>>;
let draft: Awaited<ReturnType<typeof buildGeneratedSite>>;
let worker: TestWorker;
let cookie: string;

beforeAll(async () => {
  // Both builds name a container; the draft even asks for advanced mode, which loads it at once.
  [live, draft] = await Promise.all([
    buildGeneratedSite({ pagesPerLocale: 2, extraSite: { gtmId: 'GTM-LIVE1' } }),
    buildGeneratedSite({ pagesPerLocale: 2, siteName: 'Draft Site', extraSite: { gtmId: 'GTM-DRAFT1', consentMode: 'advanced' } }),
  ]);
  worker = await startWorker(live, {
    bindings: { PREVIEW_HOSTS: 'preview.example.com', PREVIEW_TOKEN: TOKEN, PREVIEW_SHARE_SECRET: SHARE_SECRET },
  });
  await worker.put(draft.build.records);
  await worker.put([{ key: kvKeys.draft, value: draft.build.pointer.value }]);
  cookie = `${PREVIEW_COOKIE}=${await signPreviewCookie(TOKEN, Math.floor(Date.now() / 1000) + 3600)}`;
});
afterAll(async () => {
  await worker?.close();
  await live?.cleanup();
  await draft?.cleanup();
});

const get = (url: string, headers: Record<string, string> = {}) => worker.fetch(url, { headers: { 'user-agent': CHROME_130, ...headers } });
const asEditor = (path: string) => get(PREVIEW + path, { cookie });

const GOOGLE = /googletagmanager\.com|google-analytics\.com|analytics\.google\.com/;
/** The text of every script the browser would run: inline, and not the JSON boot data (which names the chrome's gtmId, inert). */
const runnableInline = (html: string) =>
  [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/type="application\/json"/.test(m[1] ?? ''))
    .map((m) => m[2]!);
/** The src of every <script> and <iframe> in the page. */
const sources = (html: string) => [...html.matchAll(/<(?:script|iframe)\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]!);
const directive = (res: Response, name: string) =>
  res.headers
    .get('content-security-policy')!
    .split(';')
    .map((d) => d.trim())
    .find((d) => d === name || d.startsWith(`${name} `))!;

/** What a page of the preview host must not carry, whatever its content says. */
async function expectNoTags(res: Response) {
  expect(res.status).toBeLessThan(500);
  const html = await res.text();
  expect(html).toContain('class="preview-banner"');
  const inline = runnableInline(html).join('\n');
  expect(inline).not.toContain(consentScript());
  expect(inline).not.toMatch(/GTM-|dataLayer|gtm\.js/);
  expect(html).not.toMatch(GOOGLE);
  expect(html).not.toContain('<noscript');
  expect(html).not.toContain('class="consent"');
  // Only the site's own scripts: no source names another host.
  for (const src of sources(html)) expect(src, src).toMatch(/^\/(?!\/)/);
  expect(res.headers.get('content-security-policy')).not.toMatch(GOOGLE);
  expect(directive(res, 'frame-src')).toBe("frame-src 'none'");
}

describe('the preview host', () => {
  test('a draft page shown to an editor carries no tag manager, and its CSP allows none', async () => {
    const res = await asEditor('/en/page-1');
    expect(res.status).toBe(200);
    await expectNoTags(res);
  });

  test('a page opened by a share link carries no tag manager, and its CSP allows none', async () => {
    const link = await makeShareLink(SHARE_SECRET, { origin: PREVIEW, path: '/en/page-1', now: Date.now() });
    const res = await get(link.url);
    expect(res.status).toBe(200);
    await expectNoTags(res);
  });

  test('its 404 page carries no tag manager either', async () => {
    const res = await asEditor('/en/nowhere');
    expect(res.status).toBe(404);
    await expectNoTags(res);
  });
});

describe('the live host of the same worker', () => {
  test('still carries the consent defaults and the live build’s container, which its CSP allows', async () => {
    const res = await get(`${LIVE}/en/page-1`);
    const html = await res.text();
    expect(html).toContain(consentScript());
    expect(html).toContain("'GTM-LIVE1'");
    expect(directive(res, 'script-src')).toContain('https://www.googletagmanager.com');
  });
});
