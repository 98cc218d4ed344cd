/**
 * Consent in Chromium, on the sample site with a tag manager (`npm start` on a copy of
 * content/ with a gtmId, in the default basic consent mode). Google's hosts are answered locally
 * and every request to them is recorded; gtm.js is a stub that notes how much of the dataLayer
 * existed when it ran. Advanced mode: consent-advanced.test.ts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { AXE_VIEWPORTS, CONSENT_AXE_STATES, formatViolations, openForAxe, runAxe } from '../../bench/lib/audit/axe';
import { TEST_GTM_ID } from '../../bench/lib/audit/tag-manager-site';
import {
  consentUpdates as updates,
  dataLayer,
  isConsentCommand as isCommand,
  useConsentSite,
  type DataLayerEntry as Entry,
} from '../support/consent-in-browser';

const env = useConsentSite();
const open = (path: string) => env.open(path);
const gtmJsAt = (layer: Entry[]) => layer.findIndex((e) => !Array.isArray(e) && e.event === 'gtm.js');
const gtmRan = (page: Page) => page.waitForFunction(() => window.__gtmStub?.ran === true);

const ALL = (value: 'granted' | 'denied') => ({
  ad_storage: value,
  ad_user_data: value,
  ad_personalization: value,
  analytics_storage: value,
});
const banner = (page: Page, name = 'Cookies on this site') => page.getByRole('region', { name });
const footerSettings = (page: Page, name = 'Cookie settings') => page.getByRole('contentinfo').getByRole('button', { name });

/** Runs `action` and says whether the page was replaced by a new document meanwhile. */
async function loadsNewDocument(page: Page, action: () => Promise<void>): Promise<boolean> {
  await page.evaluate(() => (window.__sameDocument = true));
  await action();
  return !(await page.evaluate(() => window.__sameDocument === true));
}

/** Follows the header's Loans link, and says whether that loaded a new document. */
const loansLoadsNewDocument = (page: Page) =>
  loadsNewDocument(page, async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Loans', exact: true }).click();
    await page.waitForURL(`${env.site.url}/en/loans`);
    await page.waitForSelector('html[data-hydrated="true"]');
  });

const GTM_JS = `https://www.googletagmanager.com/gtm.js?id=${TEST_GTM_ID}`;

describe('before a choice', () => {
  test('the dataLayer holds the denied defaults, and nothing from the tag manager', async () => {
    const { page, problems } = await open('/en');
    const layer = await dataLayer(page);
    expect(layer).toEqual([
      ['consent', 'default', { ...ALL('denied'), functionality_storage: 'granted', security_storage: 'granted', wait_for_update: 500 }],
    ]);
    expect(problems).toEqual([]);
  });

  test('nothing is requested from Google’s hosts, not even gtm.js, through client navigation either', async () => {
    const { page } = await open('/en');
    await page.waitForLoadState('networkidle');
    expect(await loansLoadsNewDocument(page)).toBe(false);
    await page.waitForLoadState('networkidle');
    expect(env.googleRequests).toEqual([]);
    expect(await page.evaluate(() => window.__gtmStub)).toBeUndefined();
    // No page view is queued for tags that may load later.
    expect((await dataLayer(page)).filter((e) => !Array.isArray(e) && e.event === 'page_view')).toEqual([]);
  });

  test('the banner is shown in the page’s language, and so is the footer’s settings link', async () => {
    const { page } = await open('/de');
    const region = banner(page, 'Cookies auf dieser Website');
    await expect.poll(() => region.isVisible()).toBe(true);
    expect(await region.getByRole('button', { name: 'Alle akzeptieren' }).isVisible()).toBe(true);
    expect(await region.getByRole('button', { name: 'Alle ablehnen' }).isVisible()).toBe(true);
    expect(await footerSettings(page, 'Cookie-Einstellungen').isVisible()).toBe(true);
  });

  test('accepting and refusing look alike: same size, colours and type', async () => {
    const { page } = await open('/en');
    const look = (name: string) =>
      banner(page)
        .getByRole('button', { name })
        .evaluate((el) => {
          const s = getComputedStyle(el);
          return {
            height: el.getBoundingClientRect().height,
            color: s.color,
            background: s.backgroundColor,
            border: s.borderColor,
            font: `${s.fontSize} ${s.fontWeight}`,
          };
        });
    expect(await look('Reject all')).toEqual(await look('Accept all'));
  });

  test('the banner stays through client navigation and speaks the new page’s language', async () => {
    const { page } = await open('/en');
    const fullLoad = await loadsNewDocument(page, async () => {
      await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Suomi' }).click();
      await page.waitForURL(`${env.site.url}/fi`);
    });
    expect(fullLoad).toBe(false);
    await expect.poll(() => banner(page, 'Evästeet tällä sivustolla').isVisible()).toBe(true);
  });

  test('showing the banner shifts nothing on the page', async () => {
    const { page } = await open('/en');
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    // Each shift with what moved (element, rectangles before and after), so a failure says which.
    const shifts = await page.evaluate(
      () =>
        new Promise<{ value: number; moved: string[] }[]>((resolve) => {
          type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
          type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] };
          const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
          const name = (n: Node | null | undefined) =>
            n instanceof Element
              ? `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${n.className ? `.${String(n.className).split(' ').join('.')}` : ''}`
              : String(n?.nodeName);
          const seen: { value: number; moved: string[] }[] = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as Shift[])
              if (!e.hadRecentInput)
                seen.push({
                  value: e.value,
                  moved: (e.sources ?? []).map((s) => `${name(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`),
                });
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(seen), 500);
        }),
    );
    expect(
      shifts.reduce((total, s) => total + s.value, 0),
      JSON.stringify(shifts),
    ).toBe(0);
  });

  test('an injected inline script is still blocked while the banner is shown', async () => {
    const { page } = await open('/en');
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.appendChild(script);
    });
    expect(await page.evaluate(() => window.__injected)).toBeUndefined();
  });

  test('with JavaScript off the page reads normally, with no banner, no settings link and no tag manager', async () => {
    const tracked = await env.newPage();
    const cdp = await env.browser.context.newCDPSession(tracked.page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    await tracked.page.goto(`${env.site.url}/en`);
    expect(await tracked.page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    expect(await tracked.page.locator('.consent').isVisible()).toBe(false);
    expect(await tracked.page.locator('.site-footer__consent').isVisible()).toBe(false);
    expect(env.googleRequests).toEqual([]);
  });
});

describe('choosing', () => {
  test('accepting all sends a consent update granting every category, and the banner goes', async () => {
    const { page } = await open('/en');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    expect(await banner(page).isVisible()).toBe(false);
    const layer = await dataLayer(page);
    expect(updates(layer)).toEqual([ALL('granted')]);
    expect(layer[layer.findIndex((e) => isCommand(e, 'update')) + 1]).toEqual({ event: 'consent_update', ...ALL('granted') });
  });

  test('rejecting all keeps every category denied, and the banner goes', async () => {
    const { page } = await open('/en');
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    expect(await banner(page).isVisible()).toBe(false);
    expect(updates(await dataLayer(page))).toEqual([ALL('denied')]);
  });

  test('after “Reject all” nothing is requested from Google’s hosts: not in the page, nor after a client navigation or a reload', async () => {
    const { page } = await open('/en');
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    expect(await loansLoadsNewDocument(page)).toBe(false);
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForLoadState('networkidle');
    expect(env.googleRequests).toEqual([]);
  });

  test('a grant loads gtm.js in the same page, without a reload, after the update that grants', async () => {
    const { page } = await open('/en');
    await page.waitForLoadState('networkidle');
    expect(env.googleRequests).toEqual([]);
    const fullLoad = await loadsNewDocument(page, async () => {
      await banner(page).getByRole('button', { name: 'Accept all' }).click();
      await gtmRan(page);
    });
    expect(fullLoad).toBe(false);
    expect(env.googleRequests).toEqual([GTM_JS]);
    const layer = await dataLayer(page);
    expect(gtmJsAt(layer)).toBeGreaterThan(layer.findIndex((e) => isCommand(e, 'update')));
  });

  test('granting statistics alone is a grant too: gtm.js loads', async () => {
    const { page } = await open('/en');
    await banner(page).getByRole('button', { name: 'Settings' }).click();
    await banner(page).getByRole('switch', { name: 'Statistics' }).check();
    await banner(page).getByRole('button', { name: 'Save choices' }).click();
    await gtmRan(page);
    expect(env.googleRequests).toEqual([GTM_JS]);
  });

  test('once granted, client navigation keeps the one container and tells it of each page', async () => {
    const { page } = await open('/en');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await gtmRan(page);
    expect(await loansLoadsNewDocument(page)).toBe(false);
    await expect
      .poll(async () =>
        (await dataLayer(page))
          .filter((e) => !Array.isArray(e) && e.event === 'page_view')
          .map((e) => (e as { page_path: string }).page_path),
      )
      .toEqual(['/en/loans']);
    expect(env.googleRequests).toEqual([GTM_JS]);
  });

  test('the settings grant statistics alone when only statistics is switched on', async () => {
    const { page } = await open('/en');
    await banner(page).getByRole('button', { name: 'Settings' }).click();
    await banner(page).getByRole('switch', { name: 'Statistics' }).check();
    await banner(page).getByRole('button', { name: 'Save choices' }).click();
    expect(updates(await dataLayer(page))).toEqual([{ ...ALL('denied'), analytics_storage: 'granted' }]);
  });

  test('a returning visitor sees no banner, and the stored grant is applied right after the defaults, before gtm.js', async () => {
    const { page } = await open('/en');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await gtmRan(page);
    expect(await banner(page).isVisible()).toBe(false);
    const layer = await dataLayer(page);
    expect(isCommand(layer[0]!, 'default')).toBe(true);
    expect(layer[1]).toEqual(['consent', 'update', ALL('granted')]);
    expect(layer[2]).toEqual({ event: 'consent_update', ...ALL('granted') });
    expect(gtmJsAt(layer)).toBe(3);
    expect(env.googleRequests).toEqual([GTM_JS, GTM_JS]);
  });

  test('the choice holds through client navigation: the banner is not shown again', async () => {
    const { page } = await open('/en');
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    const fullLoad = await loadsNewDocument(page, async () => {
      await page.getByRole('banner').getByRole('link', { name: 'Loans', exact: true }).click();
      await page.waitForURL(`${env.site.url}/en/loans`);
    });
    expect(fullLoad).toBe(false);
    expect(await banner(page).isVisible()).toBe(false);
  });

  test('the footer link reopens the settings with the stored choice switched on, and focus on it', async () => {
    const { page } = await open('/en');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await footerSettings(page).click();
    const statistics = banner(page).getByRole('switch', { name: 'Statistics' });
    await expect.poll(() => statistics.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await statistics.isChecked()).toBe(true);
    expect(await banner(page).getByRole('switch', { name: 'Marketing' }).isChecked()).toBe(true);
  });

  test('refusing after accepting takes effect with the next page, which is loaded afresh with everything denied', async () => {
    const { page } = await open('/en');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await footerSettings(page).click();
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    expect(updates(await dataLayer(page))).toEqual([ALL('granted'), ALL('denied')]);
    expect(await loansLoadsNewDocument(page)).toBe(true);
    expect(updates(await dataLayer(page))).toEqual([ALL('denied')]);
    await page.waitForLoadState('networkidle');
    // Only the grant's own load: the fresh page under the refusal asks for nothing.
    expect(env.googleRequests).toEqual([GTM_JS]);
    expect(await page.evaluate(() => window.__gtmStub)).toBeUndefined();
  });
});

describe('in two tabs', () => {
  test('granting in one tab loads gtm.js in the other, which waited, at its next client navigation', async () => {
    const { page } = await open('/en');
    const other = (await open('/en/loans')).page;
    await banner(other).getByRole('button', { name: 'Accept all' }).click();
    await gtmRan(other);
    expect(await page.evaluate(() => window.__gtmStub)).toBeUndefined();
    expect(await loansLoadsNewDocument(page)).toBe(false);
    await gtmRan(page);
    expect(updates(await dataLayer(page))).toEqual([ALL('granted')]);
    expect(env.googleRequests).toEqual([GTM_JS, GTM_JS]);
  });

  test('refusing in one tab makes the next page of the other, which was granted, load afresh with everything denied', async () => {
    const { page } = await open('/en');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    const other = (await open('/en/loans')).page;
    await footerSettings(other).click();
    await banner(other).getByRole('button', { name: 'Reject all' }).click();
    expect(await loansLoadsNewDocument(page)).toBe(true);
    expect(updates(await dataLayer(page))).toEqual([ALL('denied')]);
  });
});

describe('with the keyboard alone', () => {
  /** Presses Tab until the focused element is the banner button named `name` (at most 15 times). */
  async function tabTo(page: Page, name: string, key = 'Tab') {
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press(key);
      const focused = await page.evaluate(() => (document.activeElement?.closest('.consent') ? document.activeElement.textContent : null));
      if (focused === name) return;
    }
    throw new Error(`Tab never reached "${name}"`);
  }

  test('Tab reaches “Reject all” and Enter refuses', async () => {
    const { page } = await open('/en');
    await tabTo(page, 'Reject all');
    await page.keyboard.press('Enter');
    expect(await banner(page).isVisible()).toBe(false);
    expect(updates(await dataLayer(page))).toEqual([ALL('denied')]);
  });

  test('Tab reaches “Accept all” and Space accepts', async () => {
    const { page } = await open('/en');
    await tabTo(page, 'Accept all');
    await page.keyboard.press('Space');
    expect(await banner(page).isVisible()).toBe(false);
    expect(updates(await dataLayer(page))).toEqual([ALL('granted')]);
  });

  test('the settings open with Enter, a switch turns with Space, and Enter on “Save choices” saves', async () => {
    const { page } = await open('/en');
    await tabTo(page, 'Settings');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('consent-statistics');
    await page.keyboard.press('Space');
    await tabTo(page, 'Save choices');
    await page.keyboard.press('Enter');
    expect(updates(await dataLayer(page))).toEqual([{ ...ALL('denied'), analytics_storage: 'granted' }]);
  });
});

describe('axe-core with the banner shown', () => {
  for (const viewport of AXE_VIEWPORTS) {
    for (const state of CONSENT_AXE_STATES) {
      test(`${state.name} has no axe violations on a ${viewport.width} px wide ${viewport.name} screen`, async () => {
        const tracked = env.tab();
        await tracked.page.setViewportSize({ width: viewport.width, height: viewport.height });
        await openForAxe(tracked.page, env.site.url + state.path);
        await state.prepare?.(tracked.page);
        expect(await tracked.page.locator('.consent').isVisible()).toBe(true);
        const violations = await runAxe(tracked.page);
        expect(
          violations.map((v) => v.id),
          `axe violations:\n${formatViolations(violations, '  ')}`,
        ).toEqual([]);
      });
    }
  }
});
