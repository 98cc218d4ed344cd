/**
 * /preview in Chromium: an editing tool posts page documents; valid ones render at once with
 * the site's renderer, invalid ones list their problems, unknown blocks show as placeholders,
 * and messages from other origins or of other shapes are ignored. The example editor is only on
 * the preview host: test/e2e/preview-cms.test.ts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useSharedSiteInBrowser } from '../support/site-in-browser';

const env = useSharedSiteInBrowser();

const draft = (title: string, extra: unknown[] = []) => ({
  title,
  description: 'A draft',
  blocks: [
    { type: 'hero', heading: title, text: 'Written in the editor.' },
    { type: 'richText', doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Draft body text.' }] }] } },
    ...extra,
  ],
});

async function openPreview(): Promise<{ page: Page; problems: string[] }> {
  const tracked = await env.browser.newPage();
  await tracked.page.goto(`${env.site.url}/preview`);
  await tracked.page.waitForSelector('html[data-hydrated="true"]');
  return tracked;
}

/** Posts as the page's own origin (allowed), or dispatches an event claiming another origin. */
function post(page: Page, data: unknown, origin?: string) {
  return page.evaluate(
    ([d, o]) => {
      if (o) window.dispatchEvent(new MessageEvent('message', { data: d, origin: o }));
      else window.postMessage(d, window.location.origin);
    },
    [data, origin ?? null] as const,
  );
}

describe('/preview', () => {
  test('a valid page document renders at once, and again on every message', async () => {
    const { page, problems } = await openPreview();
    await post(page, { type: 'preview:page', path: '/en/draft', page: draft('First draft') });
    await expect.poll(() => page.locator('main h1').textContent()).toBe('First draft');
    expect(await page.textContent('main')).toContain('Draft body text.');
    await page.evaluate(() => window.scrollTo(0, 50));
    await post(page, { type: 'preview:page', path: '/en/draft', page: draft('Second draft') });
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Second draft');
    expect(problems).toEqual([]);
    await page.close();
  });

  test('an invalid document shows its problems with field paths instead of crashing', async () => {
    const { page } = await openPreview();
    await post(page, { type: 'preview:page', path: '/en/draft', page: draft('Good') });
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Good');
    const bad = draft('x');
    delete (bad as { title?: string }).title;
    (bad.blocks[1] as { doc: unknown }).doc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] },
      ],
    };
    await post(page, { type: 'preview:page', path: '/en/draft', page: bad });
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('title');
    expect(await alert.textContent()).toContain('blocks[1].doc.content[0].content[0].marks[0].attrs.href');
    // The last good render stays while the editor fixes the draft.
    expect(await page.locator('main h1').textContent()).toBe('Good');
    await page.close();
  });

  test('an unknown block type shows a placeholder for the editor and the rest of the page', async () => {
    const { page } = await openPreview();
    await post(page, {
      type: 'preview:page',
      path: '/en/draft',
      page: draft('With a new block', [{ type: 'countdown', to: '2027-01-01' }]),
    });
    await expect.poll(() => page.locator('.unknown-block').textContent()).toContain('countdown');
    expect(await page.locator('main h1').textContent()).toBe('With a new block');
    await page.close();
  });

  test('messages from another origin, or of another shape, are ignored', async () => {
    const { page } = await openPreview();
    await post(page, { type: 'preview:page', path: '/en/draft', page: draft('From evil') }, 'https://evil.example');
    await post(page, { type: 'something-else', page: draft('Wrong shape') });
    await post(page, 'a plain string');
    await page.waitForTimeout(500);
    expect(await page.textContent('main')).not.toContain('From evil');
    expect(await page.textContent('main')).not.toContain('Wrong shape');
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.close();
  });

  test('/preview?path= starts from that page', async () => {
    const { page } = await env.browser.newPage();
    await page.goto(`${env.site.url}/preview?path=/en/loans`);
    expect(await page.locator('[data-preview-path]').getAttribute('data-preview-path')).toBe('/en/loans');
    await page.close();
  });
});
