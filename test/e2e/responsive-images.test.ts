/**
 * Responsive images in Chromium against `npm start`: at a phone's and a laptop's width (device
 * pixel ratio 1), the hero and a content image of the spring offer page load the AVIF variant
 * their `sizes` asks for, never the camera original.
 */
import { describe, expect, test } from 'vitest';
import { useSiteInBrowser } from '../support/site-in-browser';

const env = useSiteInBrowser();

async function loaded(width: number) {
  const tracked = await env.browser.newPage();
  const media: string[] = [];
  tracked.page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/media/')) media.push(pathname);
  });
  await tracked.page.setViewportSize({ width, height: 800 });
  await tracked.page.goto(`${env.site.url}/en/spring-offer`);
  await tracked.page.waitForSelector('html[data-hydrated="true"]');
  const current = (selector: string) =>
    tracked.page.evaluate((s) => {
      const img = document.querySelector<HTMLImageElement>(s)!;
      return img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : null;
    }, selector);
  const hero = await (async () => {
    await expect.poll(() => current('.hero__image')).not.toBeNull();
    return current('.hero__image');
  })();
  await tracked.page.evaluate(() => document.querySelector('img[alt="Warm morning sky over a hillside"]')!.scrollIntoView());
  const content = 'img[alt="Warm morning sky over a hillside"]';
  await expect.poll(() => current(content), { timeout: 10_000 }).toMatch(/\.avif$/);
  const result = { hero, content: await current(content), media, problems: tracked.problems };
  await tracked.page.close();
  return result;
}

describe('responsive images', () => {
  test('at 390 px the hero and the content image load their 480 px AVIF', async () => {
    const { hero, content, media, problems } = await loaded(390);
    expect(hero).toMatch(/^\/media\/_v\/harbour\.[0-9a-f]{16}\.480\.avif$/);
    expect(content).toMatch(/^\/media\/_v\/tower\.[0-9a-f]{16}\.480\.avif$/);
    expect(media).not.toContain('/media/harbour.jpg');
    expect(media).not.toContain('/media/tower.jpg');
    expect(problems).toEqual([]);
  });

  test('at 1280 px the hero (half the column) loads its 640 px AVIF and the content image its 1280 px AVIF', async () => {
    const { hero, content, problems } = await loaded(1280);
    expect(hero).toMatch(/^\/media\/_v\/harbour\.[0-9a-f]{16}\.640\.avif$/);
    expect(content).toMatch(/^\/media\/_v\/tower\.[0-9a-f]{16}\.1280\.avif$/);
    expect(problems).toEqual([]);
  });

  test('the hero is preloaded with its AVIF srcset and sizes, and the waiting content image shows a blurred preview', async () => {
    const html = await (await fetch(`${env.site.url}/en/spring-offer`)).text();
    expect(html).toMatch(
      /<link rel="preload" as="image" type="image\/avif" imagesrcset="\/media\/_v\/harbour\.[^"]*480w[^"]*" imagesizes="[^"]+" fetchpriority="high">/,
    );
    const waiting = [...html.matchAll(/<img [^>]*>/g)]
      .map((m) => m[0])
      .find((i) => i.includes('Warm morning sky') && i.includes('data-src'))!;
    expect(waiting).toMatch(/data-srcset="\/media\/_v\/tower\./);
    expect(waiting).toMatch(/ src="data:image\/jpeg;base64,/);
    expect(waiting).toMatch(/ width="2400" height="3200"/);
  });
});
