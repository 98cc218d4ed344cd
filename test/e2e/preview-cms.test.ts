/**
 * Editors inside their CMS, in Chromium, with two sites: the CMS is `http://localhost:PORT` (a
 * small server with the example editor, preview-public/editor/) and the preview host is `npm run
 * preview`'s server on `http://127.0.0.1:PORT2`. Browsers count them as different sites, so
 * the frame is cross-site as a real CMS's is, and the preview cookie must be SameSite=None and
 * Partitioned to be sent in it.
 *
 * Over http: Chromium counts http://localhost and http://127.0.0.1 as potentially trustworthy,
 * so it takes a `Secure` cookie from them, and with it `__Host-`, `SameSite=None` and
 * `Partitioned`; the first test shows the cookie it kept, partitioned under the CMS's site.
 * What this cannot show is a real certificate, or a browser that blocks third-party cookies by
 * default (Chromium here does not; a partitioned cookie is allowed there too).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { appEndpoints } from '../../app/endpoints';
import { PREVIEW_COOKIE } from '../../worker/preview/access';
import { makeShareLink } from '../../worker/preview/share';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, type Browser } from '../support/browser';
import { REPO_ROOT } from '../support/built-site';
import { PREVIEW_TEST_SHARE_SECRET as SHARE_SECRET } from '../support/run-services';
import { startSharedSite, type RunningSite } from '../support/server';

/** Serves preview-public/editor/ under /editor/, as a CMS that copied it would. */
async function cmsServer(port = 0): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/editor\//, '') || 'index.html';
    if (!['index.html', 'editor.js', 'json-paths.js', 'editor.css'].includes(name)) {
      res.writeHead(404).end();
      return;
    }
    const type = { html: 'text/html', js: 'text/javascript', css: 'text/css' }[name.split('.').pop()!]!;
    void readFile(join(REPO_ROOT, 'preview-public/editor', name)).then((body) => res.writeHead(200, { 'content-type': type }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, origin: `http://localhost:${(server.address() as { port: number }).port}` };
}

let cms: Awaited<ReturnType<typeof cmsServer>>;
let otherCms: Awaited<ReturnType<typeof cmsServer>>;
let site: RunningSite;
let browser: Browser;
let token: string;

beforeAll(async () => {
  // The run's preview server, whose PREVIEW_ORIGINS is the CMS on its cmsPort.
  site = await startSharedSite('preview');
  [cms, otherCms] = await Promise.all([cmsServer(site.cmsPort), cmsServer()]);
  token = site.output().match(/\?token=([\w-]+)/)![1]!;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  cms?.server.close();
  otherCms?.server.close();
});

/** The editor's frame, once it shows the preview host. */
async function previewFrame(page: Page): Promise<Frame> {
  await expect
    .poll(
      () =>
        page
          .frames()
          .find((f) => f.url().startsWith(site.url))
          ?.url() ?? null,
    )
    .not.toBeNull();
  return page.frames().find((f) => f.url().startsWith(site.url))!;
}

const editorUrl = (origin: string) => `${origin}/editor/?preview=${encodeURIComponent(site.url)}`;

describe('the CMS frames the preview host', () => {
  test('an editor signs in inside the frame, changes the page, and sees it rendered and its problems listed', async () => {
    const { page } = await browser.newPage();
    await page.goto(editorUrl(cms.origin));

    // Without the token the frame shows the 401 page that says how to get access.
    let frame = await previewFrame(page);
    await expect.poll(() => frame.locator('h1').textContent()).toBe('Preview access needed');
    expect(await frame.locator('main').textContent()).toContain('?token=');

    await frame.locator('#preview-token').fill(token);
    await frame.locator('button[type="submit"]').click();
    // Signed in, the frame is /preview?path=/en again, and hands the editor the page to edit.
    const textarea = page.locator('#json');
    await expect.poll(() => textarea.inputValue(), { timeout: 20_000 }).toContain('"blocks"');
    frame = await previewFrame(page);
    expect(new URL(frame.url()).search).toBe('?path=%2Fen');

    // The preview host is an address (127.0.0.1), which has no drafts' hosts under it: the
    // cookie is the host-only `__Host-` one (worker/preview/access.ts).
    const cookies = await browser.context.cookies(site.url);
    expect(cookies).toEqual([
      expect.objectContaining({
        name: PREVIEW_COOKIE,
        secure: true,
        httpOnly: true,
        sameSite: 'None',
        path: '/',
        partitionKey: 'http://localhost',
      }),
    ]);

    const doc = JSON.parse(await textarea.inputValue()) as { title?: string; blocks: { type: string; heading?: string }[] };
    doc.blocks[0]!.heading = 'Changed in the CMS';
    await textarea.fill(JSON.stringify(doc));
    await expect.poll(() => frame.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe('Changed in the CMS');

    delete doc.title;
    doc.blocks.push({ type: 'countdown' });
    await textarea.fill(JSON.stringify(doc));
    const alert = frame.getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toContain('This draft has 2 problems');
    expect(await alert.textContent()).toContain('title');
    expect(await alert.textContent()).toContain('Unknown block type "countdown"');
    await page.close();
  });

  test('a CMS origin not in PREVIEW_ORIGINS cannot frame it', async () => {
    const { page } = await browser.newPage();
    const refusals: string[] = [];
    page.on('console', (m) => void (m.text().includes('frame-ancestors') && refusals.push(m.text())));
    await page.goto(editorUrl(otherCms.origin));
    await expect.poll(() => refusals.length, { timeout: 15_000 }).toBeGreaterThan(0);
    // The policy names the CMS that may frame it, and this one is not it.
    expect(refusals[0]).toContain(`frame-ancestors 'self' ${cms.origin}`);
    expect(page.url().startsWith(otherCms.origin)).toBe(true);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame?.url()).not.toContain('/preview');
    expect(await frame?.content()).not.toContain('Preview access needed');
    await page.close();
  });
});

describe('click-to-edit in the CMS frame', () => {
  let tracked: Awaited<ReturnType<Browser['newPage']>>;
  let frame: Frame;
  const textarea = () => tracked.page.locator('#json');
  const focusBox = () => frame.locator('[data-preview-overlay="focus"]');
  /** Where the editor's cursor is: the selected text, while the textarea has focus. */
  const editorSelection = () =>
    tracked.page.evaluate(() => {
      const t = document.getElementById('json') as HTMLTextAreaElement;
      return document.activeElement === t ? t.value.slice(t.selectionStart, t.selectionEnd) : null;
    });

  /** The editor with the preview signed in and its overlay loaded: opened by the first test that needs it, shared by the rest. */
  let opening: Promise<void> | undefined;
  const openEditor = () => (opening ??= open());
  async function open() {
    tracked = await browser.newPage();
    await tracked.page.goto(editorUrl(cms.origin));
    frame = await previewFrame(tracked.page);
    // Signed in by the first test when the file runs whole; else now.
    const ready = async () => (await textarea().inputValue()).includes('"blocks"');
    await expect.poll(async () => (await ready()) || (await frame.locator('#preview-token').count()) > 0, { timeout: 20_000 }).toBe(true);
    if (!(await ready())) {
      await frame.locator('#preview-token').fill(token);
      await frame.locator('button[type="submit"]').click();
      await expect.poll(ready, { timeout: 20_000 }).toBe(true);
    }
    await expect.poll(() => frame.locator('html').getAttribute('data-hydrated'), { timeout: 15_000 }).toBe('true');
    // The overlay's chunk has loaded: its two boxes are there.
    await expect.poll(() => frame.locator('[data-preview-overlay]').count(), { timeout: 15_000 }).toBe(2);
  }
  afterAll(async () => {
    await tracked?.page.close();
  });

  test('the block under the pointer is outlined, and a click on a field puts the editor’s cursor on it', async () => {
    await openEditor();
    const lead = frame.locator('[data-content-path="blocks[0].text"]');
    await lead.hover();
    const hoverBox = frame.locator('[data-preview-overlay="hover"]');
    await expect.poll(() => hoverBox.getAttribute('data-preview-overlay-path')).toBe('blocks[0]');
    expect(await hoverBox.getAttribute('aria-hidden')).toBe('true');

    await lead.click();
    const page = JSON.parse(await textarea().inputValue()) as { blocks: { text: string }[] };
    await expect.poll(editorSelection, { timeout: 10_000 }).toBe(JSON.stringify(page.blocks[0]!.text));
    expect(await tracked.page.locator('#status').textContent()).toBe('Selected blocks[0].text.');
  });

  test('moving the cursor in the editor scrolls the frame to that block and highlights it', async () => {
    await openEditor();
    const text = await textarea().inputValue();
    // Inside the last block's text: the cursor there is on blocks[2].text.
    const at = text.lastIndexOf('"text"') + 2;
    await textarea().focus();
    await textarea().evaluate((t: HTMLTextAreaElement, offset) => t.setSelectionRange(offset, offset), at);
    await tracked.page.keyboard.press('ArrowRight');
    await expect.poll(() => focusBox().getAttribute('data-preview-overlay-path'), { timeout: 10_000 }).toBe('blocks[2].text');
    const target = frame.locator('[data-content-path="blocks[2].text"]');
    // The highlight is over the element, and the element is in the frame's view.
    await expect
      .poll(async () => {
        const [box, el, viewport] = await Promise.all([
          focusBox().boundingBox(),
          target.boundingBox(),
          frame.evaluate(() => window.innerHeight),
        ]);
        return (
          box && el && Math.abs(box.y - el.y) < 2 && Math.abs(box.height - el.height) < 2 && el.y >= 0 && el.y + el.height <= viewport + 1
        );
      })
      .toBe(true);
  });

  test('a focus message from another origin, or of another shape, does nothing', async () => {
    await openEditor();
    await frame.evaluate(() => {
      const seen: string[] = [];
      (window as { seenFocus?: string[] }).seenFocus = seen;
      const box = document.querySelector('[data-preview-overlay="focus"]')!;
      new MutationObserver(() => seen.push(box.getAttribute('data-preview-overlay-path') ?? '')).observe(box, { attributes: true });
    });
    // A page of the other CMS inside the CMS's page posts to the preview frame, as any frame may.
    await tracked.page.evaluate(
      (src) =>
        new Promise<void>((resolve) => {
          const other = document.createElement('iframe');
          other.src = src;
          other.onload = () => resolve();
          document.body.append(other);
        }),
      `${otherCms.origin}/nothing-here`,
    );
    const other = tracked.page.frames().find((f) => f.url().startsWith(otherCms.origin))!;
    await other.evaluate(() => window.parent.frames[0]!.postMessage({ type: 'preview:focus', path: 'blocks[1]' }, '*'));
    // From the CMS itself: shapes that are not a focus message, then one that is.
    await tracked.page.evaluate((target) => {
      const preview = (document.getElementById('preview') as HTMLIFrameElement).contentWindow!;
      for (const data of [
        { type: 'preview:focus', path: '__proto__' },
        { type: 'preview:focus', path: 'blocks[1]"]' },
        { type: 'preview:select', path: 'blocks[1]' },
        'blocks[1]',
      ])
        preview.postMessage(data, target);
      preview.postMessage({ type: 'preview:focus', path: 'blocks[0].heading' }, target);
    }, site.url);
    await expect.poll(() => focusBox().getAttribute('data-preview-overlay-path'), { timeout: 10_000 }).toBe('blocks[0].heading');
    expect(await frame.evaluate(() => (window as { seenFocus?: string[] }).seenFocus)).not.toContain('blocks[1]');
  });

  test('the preview renders no hydration mismatch, and navigating in the frame renders the same paths as the server', async () => {
    await openEditor();
    // Marks this document: a client navigation keeps it, a page load would not.
    await frame.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await frame.getByRole('link', { name: 'Loans', exact: true }).first().click();
    await expect.poll(() => new URL(frame.url()).pathname, { timeout: 10_000 }).toBe('/en/loans');
    await expect.poll(() => frame.locator('[data-content-path="blocks[0]"]').count(), { timeout: 10_000 }).toBe(1);
    const shown = await frame.evaluate(() =>
      [...document.querySelectorAll('#app [data-content-path]')].map((el) => el.getAttribute('data-content-path')),
    );
    const served = await frame.evaluate(async () => {
      const html = await (await fetch(location.href, { cache: 'no-store' })).text();
      const app = new DOMParser().parseFromString(html, 'text/html').getElementById('app')!;
      return [...app.querySelectorAll('[data-content-path]')].map((el) => el.getAttribute('data-content-path'));
    });
    expect(shown.length).toBeGreaterThan(3);
    expect(shown).toEqual(served);
    expect(await frame.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(tracked.problems.filter((p) => /hydrat|Minified React error/i.test(p))).toEqual([]);
  });
});

describe('share links', () => {
  let link: string;

  test('an editor copies a share link from /preview', async () => {
    const { page } = await browser.newPage();
    await page.goto(editorUrl(cms.origin));
    const frame = await previewFrame(page);
    await frame.getByRole('button', { name: 'Copy share link' }).click();
    const shown = frame.getByRole('textbox', { name: 'Share link' });
    await expect.poll(() => shown.inputValue(), { timeout: 15_000 }).toMatch(/\/en\?share=\d+\.[\w-]{43}$/);
    link = await shown.inputValue();
    expect(link.startsWith(`${site.url}/en?share=`)).toBe(true);
    await page.close();
  });

  test('a reviewer with a fresh profile opens that one page with its images, and no other page', async () => {
    const reviewer = await launchBrowser();
    try {
      const { page, problems } = await reviewer.newPage();
      const res = await page.goto(link);
      expect(res?.status()).toBe(200);
      await page.waitForSelector('html[data-hydrated="true"]');
      expect(await page.locator('.preview-banner').count()).toBe(1);
      const hero = page.locator('img[src="/media/hero-bank.svg"]').first();
      await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(problems.filter((p) => p.includes('/media/'))).toEqual([]);

      const other = await page.goto(link.replace('/en?', '/en/contact?'));
      expect(other?.status()).toBe(401);
      const withoutLink = await page.goto(`${site.url}/en/contact`);
      expect(withoutLink?.status()).toBe(401);
      await page.close();
    } finally {
      await reviewer.close();
    }
  });
});

// Last: signing in on the preview host itself gives the browser a cookie of that site too.
// (The draft round trip is the first test's, with the same files: under `wrangler dev --env
// preview` the worker sees its route's host, so 127.0.0.1 is not the page's own origin here.)
describe('the example editor on the preview host itself', () => {
  test('is behind the gate, and once in, runs under its CSP and frames /preview', async () => {
    const { page, problems } = await browser.newPage();
    expect((await page.goto(`${site.url}/editor/`))?.status()).toBe(401);
    await page.goto(`${site.url}/?token=${token}`);
    expect((await page.goto(`${site.url}/editor/`))?.status()).toBe(200);
    // editor.js ran (the CSP allows it) and names the preview host it talks to: this one.
    await expect.poll(() => page.locator('#preview-origin').textContent()).toBe(site.url);
    const framed = () => page.frames().find((f) => f !== page.mainFrame() && f.url().startsWith(`${site.url}/preview`));
    await expect.poll(() => framed()?.url() ?? null).not.toBeNull();
    const frame = framed()!;
    await expect.poll(() => frame.locator('html').getAttribute('data-hydrated'), { timeout: 15_000 }).toBe('true');
    // The only refusals are the first visit's, before the token.
    expect(problems.filter((p) => !p.includes('status of 401'))).toEqual([]);
    await page.close();
  });
});

// After the editor signed in on the preview host itself (above): that browser is the editor's.
describe('review notes', () => {
  test('a reviewer leaves a note on a block through a share link, and the editor sees it beside that block and resolves it', async () => {
    const { url: link } = await makeShareLink(SHARE_SECRET, { origin: site.url, path: '/en', now: Date.now() });
    const text = 'The rate in the second paragraph is wrong <b>really</b>';
    const reviewer = await launchBrowser();
    try {
      const { page, problems } = await reviewer.newPage();
      await page.goto(link);
      await page.waitForSelector('html[data-hydrated="true"]');
      const form = page.getByRole('complementary', { name: 'Review notes' });
      const block = form.getByLabel('Block');
      await expect.poll(() => block.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(2);
      await block.selectOption('blocks[1]');
      await form.getByLabel('Your name').fill('Mari');
      await form.getByLabel('Note').fill(text);
      await form.getByRole('button', { name: 'Send note' }).click();
      await expect.poll(() => form.getByRole('status').textContent()).toBe('Thank you: your note was sent to the editors.');
      expect(await form.getByLabel('Note').inputValue()).toBe('');
      // A share link opens its page and nothing else: the build watcher's check of the latest build
      // and, on a slow machine, the navigation manifest's idle prefetch are refused; nothing more.
      const background = [appEndpoints.latestBuild, appEndpoints.manifestDir];
      expect(problems.filter((p) => !background.some((path) => p.includes(path)))).toEqual([]);
      await page.close();
    } finally {
      await reviewer.close();
    }

    const { page, problems } = await browser.newPage();
    await page.goto(`${site.url}/en?token=${token}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const note = page.locator('[data-note-block="blocks[1]"] article').filter({ hasText: 'Mari' });
    await expect.poll(() => note.count(), { timeout: 15_000 }).toBe(1);
    // Shown as the text it is: the markup typed is read, not rendered.
    expect(await note.locator('p').first().textContent()).toBe(text);
    expect(await note.locator('b').count()).toBe(0);
    // Beside its block: the note starts where the block starts.
    const blockTop = await page.locator('#app [data-content-path="blocks[1]"]').evaluate((e) => e.getBoundingClientRect().top);
    const noteTop = await note.evaluate((e) => e.getBoundingClientRect().top);
    expect(Math.abs(noteTop - blockTop)).toBeLessThan(2);

    await note.getByRole('button', { name: 'Resolve' }).click();
    await expect.poll(() => note.textContent()).toContain('Resolved');
    expect(await note.getByRole('button', { name: 'Resolve' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Notes · / }).textContent()).toMatch(/· \d+ open$/);
    expect(problems).toEqual([]);
    await page.close();
  });
});
