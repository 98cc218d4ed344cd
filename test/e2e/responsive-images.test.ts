/**
 * Responsive images in Chromium against `npm start`: at a phone's and a laptop's width (device
 * pixel ratio 1), the hero and a content image of the spring offer page load the AVIF variant
 * their `sizes` asks for, never the camera original. Their lazy state follows the variant they
 * carry: a loaded one is marked loaded and remembered, a failing one is tried again and then
 * replaced by its alt text, the priority hero included.
 */
import { describe, expect, test } from 'vitest';
import { LAZY_IMAGE_CHECK_THROTTLE_MS, LAZY_IMAGE_MAX_ATTEMPTS } from '../../app/constants';
import { useSharedSiteInBrowser } from '../support/site-in-browser';

const env = useSharedSiteInBrowser();

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

  test('the hero is preloaded with its AVIF srcset and sizes, and the waiting content image is a blank box carrying only its fallback', async () => {
    const html = await (await fetch(`${env.site.url}/en/spring-offer`)).text();
    expect(html).toMatch(
      /<link rel="preload" as="image" type="image\/avif" imagesrcset="\/media\/_v\/harbour\.[^"]*480w[^"]*" imagesizes="[^"]+" fetchpriority="high">/,
    );
    const waiting = [...html.matchAll(/<img [^>]*>/g)]
      .map((m) => m[0])
      .find((i) => i.includes('Warm morning sky') && i.includes('data-src'))!;
    expect(waiting).toMatch(/ data-src="\/media\/_v\/tower\.[0-9a-f]{16}\.1280\.jpg"/);
    expect(waiting).not.toMatch(/srcset/i);
    expect(waiting).toMatch(/ src="data:image\/svg\+xml,/);
    expect(waiting).toMatch(/ width="2400" height="3200"/);
  });

  test('the client renders the same image markup from the compact descriptor as the server: hydration and client navigation', async () => {
    const { page, problems } = await env.browser.newPage();
    // Small enough that the content image stays below the fold, waiting, in both renders.
    await page.setViewportSize({ width: 400, height: 300 });
    await page.goto(`${env.site.url}/en/loans`);
    await page.waitForSelector('html[data-hydrated="true"]');
    // In one evaluation, so one function reads both: the server's HTML of the page (parsed, not
    // shown) and the page as the client renders it from its payload after a client navigation.
    const { server, client } = await page.evaluate(async () => {
      // The page's images as markup: each <picture> or lone <img> outside <noscript>, by alt, attributes sorted.
      const markupOf = (root: Document) =>
        [...root.querySelectorAll('main picture, main img')]
          .filter((el) => !el.closest('noscript') && !(el.tagName === 'IMG' && el.parentElement?.tagName === 'PICTURE'))
          .map((el) => {
            const img = el.tagName === 'IMG' ? el : el.querySelector('img')!;
            const tags = [el, ...el.querySelectorAll('source, img')].map((x) =>
              [x.tagName.toLowerCase(), ...[...x.attributes].map((a) => `${a.name}="${a.value}"`).sort()].join(' '),
            );
            return { alt: img.getAttribute('alt'), lazy: img.getAttribute('data-lazy'), markup: tags.map((t) => `<${t}>`).join('') };
          });
      const html = await (await fetch('/en/spring-offer')).text();
      const server = markupOf(new DOMParser().parseFromString(html, 'text/html'));
      void window.__router.navigateTo('/en/spring-offer');
      for (let i = 0; i < 100 && !(location.pathname === '/en/spring-offer' && document.querySelector('main picture')); i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return { server, client: markupOf(document) };
    });
    expect(client).toEqual(server);
    expect(server).toEqual([
      expect.objectContaining({
        alt: 'Evening sky over dark hills',
        lazy: null,
        markup: expect.stringMatching(/^<picture><source sizes=.*type="image\/avif">/),
      }),
      expect.objectContaining({ alt: 'Warm morning sky over a hillside', lazy: 'waiting' }),
    ]);

    // Hydrating the server's page reports no mismatch either (React reports one as an error).
    await page.goto(`${env.site.url}/en/spring-offer`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the lazy state of a raster image follows the variant it carries', () => {
  const TOWER = 'img[alt="Warm morning sky over a hillside"][data-src]';

  test('once its variant has loaded, the content image is marked loaded (no tinted box behind it) and is remembered', async () => {
    const { page, problems } = await env.browser.newPage();
    // Small enough that the content image is far below the fold and waits for a check.
    await page.setViewportSize({ width: 400, height: 300 });
    await page.goto(`${env.site.url}/en/spring-offer`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator(TOWER).getAttribute('data-lazy')).toBe('waiting');
    await page.locator(TOWER).scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator(TOWER).getAttribute('data-lazy'), { timeout: 10_000 }).toBe('loaded');
    const shown = await page.locator(TOWER).evaluate((img: HTMLImageElement) => ({
      src: img.getAttribute('src'),
      complete: img.complete && img.naturalWidth > 0,
      background: getComputedStyle(img).backgroundColor,
    }));
    expect(shown).toEqual({
      src: expect.stringMatching(/^\/media\/_v\/tower\.[0-9a-f]{16}\.1280\.jpg$/),
      complete: true,
      background: 'rgba(0, 0, 0, 0)',
    });

    // Back to the top, away and back again by client navigation: right after the render, with
    // the image below the fold and before any check could run, it carries its variant.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => window.__router.navigateTo('/en/loans'));
    await page.waitForURL(`${env.site.url}/en/loans`);
    await page.evaluate(() => window.__router.navigateTo('/en/spring-offer'));
    await page.waitForURL(`${env.site.url}/en/spring-offer`);
    const first = await page.evaluate((selector) => {
      const img = document.querySelector(selector)!;
      return { src: img.getAttribute('src'), below: img.getBoundingClientRect().top > window.innerHeight * 1.2 };
    }, TOWER);
    expect(first).toEqual({ src: shown.src, below: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  /**
   * The spring offer page with every request matching `pattern` answered 404. With `afterHydration`
   * the answers are held until the page has hydrated, so the image's failures reach React.
   */
  async function failing(pattern: string, { afterHydration = false } = {}) {
    const { page, problems } = await env.browser.newPage();
    const tried: string[] = [];
    let hydrated = () => {};
    const released = new Promise<void>((resolve) => (hydrated = resolve));
    await page.route(pattern, async (route) => {
      tried.push(new URL(route.request().url()).pathname);
      if (afterHydration) await released;
      await route.fulfill({ status: 404, contentType: 'text/plain', body: 'not here' });
    });
    // Not waiting for the load event, which waits for the held image.
    await page.goto(`${env.site.url}/en/spring-offer`, { waitUntil: 'commit' });
    await page.waitForSelector('html[data-hydrated="true"]');
    hydrated();
    return { page, problems, tried };
  }

  /** After the alt text is shown, the browser asks no more. */
  async function expectNoMoreRequests(tried: string[]) {
    const settled = tried.length;
    await new Promise((resolve) => setTimeout(resolve, LAZY_IMAGE_CHECK_THROTTLE_MS * 8));
    expect(tried).toHaveLength(settled);
  }

  test(`a content image whose variants fail is tried ${LAZY_IMAGE_MAX_ATTEMPTS} times, then its alt text is shown in its box`, async () => {
    const { page, problems, tried } = await failing('**/media/_v/tower.*');
    // Not through a locator: once due, the <img> is put in its <picture>, a new element, and
    // each attempt is a new one again.
    await page.evaluate((selector) => document.querySelector(selector)?.scrollIntoView(), TOWER);
    const fallback = page.locator('.img-fallback__text', { hasText: 'Warm morning sky over a hillside' });
    await expect.poll(() => fallback.count(), { timeout: 10_000 }).toBe(1);
    expect(await fallback.isVisible()).toBe(true);
    expect(await page.locator(TOWER).count()).toBe(0);
    // Each attempt is a new <img> in the <picture>: Chromium may ask for the AVIF and the JPEG in one attempt.
    expect(tried.length).toBeGreaterThanOrEqual(LAZY_IMAGE_MAX_ATTEMPTS);
    expect(tried.every((path) => /^\/media\/_v\/tower\.[0-9a-f]{16}\.1280\.(avif|jpg)$/.test(path))).toBe(true);
    await expectNoMoreRequests(tried);

    // The box keeps the image's proportions (2400 × 3200, plus its 1 px border): nothing shifts.
    const size = (await page.locator('.img-fallback', { has: fallback }).boundingBox())!;
    expect(Math.abs(size.height - (size.width * 3200) / 2400)).toBeLessThanOrEqual(2);
    expect(problems.filter((p) => !p.includes('/media/_v/tower.') && !p.includes('status of 404'))).toEqual([]);
    await page.close();
  });

  test(`the priority hero whose variants fail after hydration is tried ${LAZY_IMAGE_MAX_ATTEMPTS} times, then its alt text is shown`, async () => {
    const { page, problems, tried } = await failing('**/media/_v/harbour.*', { afterHydration: true });
    const fallback = page.locator('.img-fallback__text', { hasText: 'Evening sky over dark hills' });
    await expect.poll(() => fallback.count(), { timeout: 10_000 }).toBe(1);
    expect(await fallback.isVisible()).toBe(true);
    expect(await page.locator('img.hero__image').count()).toBe(0);
    expect(tried.length).toBeGreaterThanOrEqual(LAZY_IMAGE_MAX_ATTEMPTS);
    await expectNoMoreRequests(tried);
    expect(problems.filter((p) => !p.includes('/media/_v/harbour.') && !p.includes('status of 404'))).toEqual([]);
    await page.close();
  });
});
