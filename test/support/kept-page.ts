/**
 * One tab a browser test file keeps and navigates for each test, instead of a new page per test:
 * a navigation within the site costs Chromium about a third of what opening a page, loading it
 * and closing it does. Each test gets it back as a new page would be for what these tests
 * observe: the previous test's document left (so that its last writes, a form draft's on
 * pagehide, land before the clear, and nothing it does late lands in this test), the site's
 * storage cleared (sessionStorage, the tab's own, from that document; cookies, localStorage and
 * the rest through Browser.clearStorage), no routes, the file's viewport, the mouse at the
 * corner (a pointer left over a button would be a hover the next page shows) and no problems
 * recorded.
 *
 * It leaves for the site's /robots.txt, not about:blank: a tab whose document leaves the site
 * gives up its renderer, and the next load of the site starts one afresh, which costs about as
 * much as a new page (measured per Chromium process from /proc: 1.0 CPU-seconds against 0.4).
 *
 * What it cannot take back, a test needing it opens a page of its own: init scripts, listeners
 * the test adds, DevTools emulation, history older than the test, a second tab.
 */
import type { Browser, TrackedPage } from './browser';

export interface KeptPage {
  /** The tab, reset for this test (reset() first). */
  readonly tracked: TrackedPage;
  /** Puts the tab back and clears the site's storage: before each test. */
  reset(): Promise<void>;
}

export async function keepPage(browser: Browser, origin: string): Promise<KeptPage> {
  const tracked = await browser.newPage();
  const { page } = tracked;
  const viewport = page.viewportSize();
  return {
    tracked,
    async reset() {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      if (page.url() !== 'about:blank') {
        await page.goto(`${origin}/robots.txt`);
        await page.evaluate(() => sessionStorage.clear());
      }
      await browser.clearStorage(origin);
      const now = page.viewportSize();
      if (viewport && (now?.width !== viewport.width || now.height !== viewport.height)) await page.setViewportSize(viewport);
      await page.mouse.move(0, 0);
      tracked.problems.length = 0;
    },
  };
}
