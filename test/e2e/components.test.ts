/**
 * The shared components in Chromium against `npm start`: the modal (focus, Tab, Escape, scroll
 * lock, backdrop, linked by hash), lazy images (1.2 viewports, 3 attempts, the cache of loaded
 * sources) and the gallery's gestures (touch, mouse and pointer events). A small viewport so
 * that there is something below the fold.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useSharedSiteInBrowser } from '../support/site-in-browser';
import { LAZY_IMAGE_CHECK_THROTTLE_MS, LAZY_IMAGE_MAX_ATTEMPTS, LAZY_IMAGE_PRELOAD_VIEWPORT_RATIO } from '../../app/constants';

const VIEWPORT = { width: 400, height: 500 };
/** Long enough for the throttled check (and a retry or two) to have run. */
const SETTLE_MS = LAZY_IMAGE_CHECK_THROTTLE_MS * 4;

const env = useSharedSiteInBrowser({ viewport: VIEWPORT });

async function open(path: string) {
  const tracked = await env.browser.newPage();
  const media: string[] = [];
  tracked.page.on('request', (r: Request) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/media/')) media.push(pathname);
  });
  await tracked.page.goto(env.site.url + path);
  await tracked.page.waitForSelector('html[data-hydrated="true"]');
  return { ...tracked, media };
}

const activeInDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));
const dialogOpen = (page: Page) => page.evaluate(() => !!document.querySelector('dialog[open]'));

describe('the modal', () => {
  test('focus moves in, Tab and Shift+Tab stay inside, Escape closes and focus returns to the opener', async () => {
    const { page, problems } = await open('/en');
    const opener = page.locator('main button[aria-haspopup="dialog"]').first();
    await opener.click();

    const dialog = page.getByRole('dialog', { name: 'How applying works' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    await expect.poll(() => activeInDialog(page)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');

    const focusables = await dialog.evaluate(
      (el) =>
        el.querySelectorAll('a[href], button:not([disabled]), input, select, textarea, summary, [tabindex]:not([tabindex="-1"])').length,
    );
    expect(focusables).toBeGreaterThan(0);
    for (let i = 0; i < focusables + 2; i++) {
      await page.keyboard.press('Tab');
      expect(await activeInDialog(page), `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < focusables + 2; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await activeInDialog(page), `Shift+Tab ${i + 1}`).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect.poll(() => dialogOpen(page)).toBe(false);
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });

  test('the page behind does not scroll while it is open; the backdrop and the close button close it', async () => {
    const { page, problems } = await open('/en');
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    const opener = page.locator('main button[aria-haspopup="dialog"]').first();

    await opener.click();
    await expect.poll(() => dialogOpen(page)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.mouse.move(5, VIEWPORT.height - 5);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // The backdrop: a click outside the panel.
    await page.mouse.click(3, 3);
    await expect.poll(() => dialogOpen(page)).toBe(false);
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);

    // A click inside the panel does not close it; the close button does.
    await opener.click();
    await expect.poll(() => dialogOpen(page)).toBe(true);
    await page.locator('dialog h2').click();
    expect(await dialogOpen(page)).toBe(true);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialogOpen(page)).toBe(false);
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);

    // Closed, the page scrolls again.
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a #modal- hash links to a modal: it opens after hydration, and closing removes the hash', async () => {
    const first = await open('/en');
    await first.page.locator('main button[aria-haspopup="dialog"]').first().click();
    await expect.poll(() => dialogOpen(first.page)).toBe(true);
    // Opening it by its button shows the link to share.
    const linked = first.page.url();
    expect(new URL(linked).hash).toBe('#modal-how-it-works');
    await first.page.close();

    const { page, problems } = await open('/en#modal-how-it-works');
    await expect.poll(() => dialogOpen(page)).toBe(true);
    expect(await page.locator('dialog h2').textContent()).toBe('How applying works');
    await expect.poll(() => activeInDialog(page)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialogOpen(page)).toBe(false);
    // history.replaceState reaches Playwright as an asynchronous same-document navigation.
    await expect.poll(() => page.url()).toBe(`${env.site.url}/en`);
    // Focus goes to the button that opens it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');

    // An in-page link to it (a hash change), and back.
    await page.evaluate(() => {
      location.hash = '#modal-how-it-works';
    });
    await expect.poll(() => dialogOpen(page)).toBe(true);
    await page.goBack();
    await expect.poll(() => dialogOpen(page)).toBe(false);

    // A client navigation to a linked modal on another page.
    await page.evaluate(() => window.__router.navigateTo('/en/loans'));
    await page.waitForURL(`${env.site.url}/en/loans`);
    await page.evaluate(() => window.__router.navigateTo('/en#modal-how-it-works'));
    await expect.poll(() => dialogOpen(page)).toBe(true);
    expect(await page.locator('dialog h2').textContent()).toBe('How applying works');

    // An unknown modal id is ignored.
    const other = await open('/en#modal-nothing-here');
    await other.page.waitForTimeout(300);
    expect(await dialogOpen(other.page)).toBe(false);

    expect(problems).toEqual([]);
    expect(other.problems).toEqual([]);
    await page.close();
    await other.page.close();
  });

  test('hash ids work in any script (Cyrillic labels)', async () => {
    const first = await open('/ru');
    const label = (await first.page.locator('main button[aria-haspopup="dialog"]').first().textContent())!;
    await first.page.close();
    const id = `modal-${label.trim().toLowerCase().split(/\s+/).join('-')}`;
    const { page, problems } = await open(`/ru#${encodeURIComponent(id)}`);
    await expect.poll(() => dialogOpen(page)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('lazy images', () => {
  const HOUSE = '/media/house.svg';

  test('the server keeps size and alt, gives the real source only to the first image, and a <noscript> copy to the rest', async () => {
    const html = await (await fetch(`${env.site.url}/en/loans/home-loan`)).text();
    const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    const hero = imgs.find((i) => i.includes('hero__image'))!;
    expect(hero).toContain('src="/media/hero-house.svg"');
    expect(hero).not.toContain('data-src');
    const lazy = imgs.filter((i) => i.includes('data-src='));
    expect(lazy.length).toBeGreaterThanOrEqual(4);
    for (const img of lazy) {
      expect(img).toMatch(/ src="data:image\/svg\+xml,/);
      expect(img).toMatch(/ alt="[^"]+"/);
      expect(img).toMatch(/ width="\d+"/);
      expect(img).toMatch(/ height="\d+"/);
    }
    expect(html).toContain(`<noscript><img src="${HOUSE}" alt="A family home with a red roof" width="800" height="600"`);
  });

  test('an image below the fold is requested only once it is within 1.2 viewports', async () => {
    const { page, media, problems } = await open('/en/loans/home-loan');
    await page.waitForTimeout(SETTLE_MS);
    expect(media).toContain('/media/hero-house.svg');
    expect(media).not.toContain(HOUSE);

    const { top, inner } = await page.evaluate((src) => {
      const img = document.querySelector(`img[data-src="${src}"]`)!;
      return { top: img.getBoundingClientRect().top + window.scrollY, inner: window.innerHeight };
    }, HOUSE);
    const reach = inner * LAZY_IMAGE_PRELOAD_VIEWPORT_RATIO;
    expect(top).toBeGreaterThan(reach + 50);

    // Just out of reach: still nothing.
    await page.evaluate((y) => window.scrollTo(0, y), Math.ceil(top - reach - 30));
    await page.waitForTimeout(SETTLE_MS);
    expect(media).not.toContain(HOUSE);

    // Within reach (the image itself still below the viewport): it loads.
    await page.evaluate((y) => window.scrollTo(0, y), Math.ceil(top - reach + 30));
    await expect.poll(() => media.includes(HOUSE)).toBe(true);
    expect(
      await page.evaluate(
        (src) => document.querySelector(`img[data-src="${src}"]`)!.getBoundingClientRect().top > window.innerHeight,
        HOUSE,
      ),
    ).toBe(true);
    await expect.poll(() => page.locator(`img[data-src="${HOUSE}"]`).first().getAttribute('src')).toBe(HOUSE);
    // The same source further down (the gallery's first slide) did not cost a second request.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.locator(`img[data-src="${HOUSE}"]`).last().getAttribute('data-lazy')).toBe('loaded');
    expect(media.filter((m) => m === HOUSE)).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a loaded source is remembered: after a client navigation it renders at once', async () => {
    const { page, problems } = await open('/en/loans/home-loan');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.locator(`img[data-src="${HOUSE}"]`).first().getAttribute('data-lazy')).toBe('loaded');
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.evaluate(() => window.__router.navigateTo('/en/loans'));
    await page.waitForURL(`${env.site.url}/en/loans`);
    await page.evaluate(() => window.__router.navigateTo('/en/loans/home-loan'));
    await page.waitForURL(`${env.site.url}/en/loans/home-loan`);
    // Right after the render, before any check could run, and with the image below the fold.
    const first = await page.evaluate((src) => {
      const img = document.querySelector(`img[data-src="${src}"]`)!;
      return { src: img.getAttribute('src'), below: img.getBoundingClientRect().top > window.innerHeight };
    }, HOUSE);
    expect(first).toEqual({ src: HOUSE, below: true });
    // A source never loaded still waits.
    expect(await page.locator('img[data-src="/media/chart.svg"]').getAttribute('src')).toMatch(/^data:/);
    expect(problems).toEqual([]);
    await page.close();
  });

  test(`a failing image is tried ${LAZY_IMAGE_MAX_ATTEMPTS} times, then its alt text is shown`, async () => {
    const tracked = await env.browser.newPage();
    const { page, problems } = tracked;
    let tries = 0;
    await page.route('**/media/coins.svg', (route) => {
      tries++;
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not here' });
    });
    await page.goto(`${env.site.url}/en/loans/home-loan`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('.gallery').scrollIntoViewIfNeeded();
    // The third slide is the coins.
    await page.getByRole('button', { name: 'Next slide' }).click();
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => page.locator('.gallery__position').textContent()).toBe('3 / 3');

    const fallback = page.locator('.gallery__slide:not([hidden]) .img-fallback__text');
    await expect.poll(() => fallback.textContent(), { timeout: 10_000 }).toBe('Stacks of coins as a symbol of savings');
    expect(await fallback.isVisible()).toBe(true);
    expect(tries).toBe(LAZY_IMAGE_MAX_ATTEMPTS);
    await page.waitForTimeout(SETTLE_MS * 2);
    expect(tries).toBe(LAZY_IMAGE_MAX_ATTEMPTS);

    // The fallback keeps the image's box (800 × 600, plus its 1 px border): nothing shifts.
    const size = (await page.locator('.gallery__slide:not([hidden]) .img-fallback').boundingBox())!;
    expect(Math.abs(size.height - (size.width * 600) / 800)).toBeLessThanOrEqual(2);

    // The only problems are the refused requests themselves.
    const unexpected = problems.filter((p) => !p.includes('coins.svg') && !p.includes('status of 404'));
    expect(unexpected).toEqual([]);
    await page.close();
  });
});

describe('the gallery', () => {
  async function gallery(path = '/en/loans/home-loan') {
    const opened = await open(path);
    const viewport = opened.page.locator('.gallery__viewport');
    await viewport.scrollIntoViewIfNeeded();
    const box = (await viewport.boundingBox())!;
    const position = () => opened.page.locator('.gallery__position').textContent();
    const visibleSlide = () => opened.page.locator('.gallery__slide:not([hidden])').getAttribute('aria-label');
    return { ...opened, box, position, visibleSlide };
  }

  test('touch swipes change the slide and the announced position; a short move does not', async () => {
    const { page, problems, box, position, visibleSlide } = await gallery();
    const cdp = await env.browser.context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const y = box.y + box.height / 2;
    const swipe = async (from: number, to: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
      for (let i = 1; i <= 5; i++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + ((to - from) * i) / 5, y }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };

    expect(await position()).toBe('1 / 3');
    expect(await page.locator('.gallery__position').getAttribute('aria-live')).toBe('polite');
    await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2); // left: next
    await expect.poll(position).toBe('2 / 3');
    expect(await visibleSlide()).toBe('2 / 3');
    await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8); // right: previous
    await expect.poll(position).toBe('1 / 3');
    await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8); // right again: wraps to the last
    await expect.poll(position).toBe('3 / 3');

    // 20 px: more than a tap, less than a swipe.
    await swipe(box.x + 100, box.x + 80);
    await page.waitForTimeout(200);
    expect(await position()).toBe('3 / 3');
    await cdp.detach();
    expect(problems).toEqual([]);
    await page.close();
  });

  test('mouse drags and pointer events swipe too; buttons and arrow keys move it', async () => {
    const { page, problems, box, position } = await gallery();
    const y = box.y + box.height / 2;

    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 8 });
    await page.mouse.up();
    await expect.poll(position).toBe('2 / 3');

    // Pointer events as a pen would send them.
    await page.locator('.gallery__viewport').evaluate((el) => {
      const at = (x: number) => ({
        bubbles: true,
        cancelable: true,
        pointerId: 7,
        pointerType: 'pen',
        isPrimary: true,
        clientX: x,
        clientY: 100,
      });
      el.dispatchEvent(new PointerEvent('pointerdown', at(300)));
      el.dispatchEvent(new PointerEvent('pointermove', at(200)));
      el.dispatchEvent(new PointerEvent('pointerup', at(100)));
    });
    await expect.poll(position).toBe('3 / 3');

    // A tap (no movement) does nothing to the slides.
    await page.mouse.click(box.x + box.width / 2, y);
    await page.waitForTimeout(100);
    expect(await position()).toBe('3 / 3');

    const previous = page.getByRole('button', { name: 'Previous slide' });
    const next = page.getByRole('button', { name: 'Next slide' });
    await previous.click();
    await expect.poll(position).toBe('2 / 3');
    await next.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(position).toBe('3 / 3');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(position).toBe('1 / 3');
    expect(await page.locator('.gallery').getAttribute('aria-roledescription')).toBe('carousel');
    expect(problems).toEqual([]);
    await page.close();
  });

  test('slides slide in, except for visitors who prefer reduced motion', async () => {
    const { page, problems } = await gallery();
    const animation = () => page.evaluate(() => getComputedStyle(document.querySelector('.gallery__slide:not([hidden])')!).animationName);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.getByRole('button', { name: 'Next slide' }).click();
    expect(await animation()).not.toBe('none');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: 'Next slide' }).click();
    expect(await animation()).toBe('none');
    expect(problems).toEqual([]);
    await page.close();
  });
});
