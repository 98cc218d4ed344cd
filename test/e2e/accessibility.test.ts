/**
 * axe-core in Chromium against `npm start`: the home page (Latin and Cyrillic), the form page,
 * the gallery page, the table page, the 404 page, the modal open and the form with its errors
 * shown, at a desktop and a mobile width. The budget is no violation of any impact. The pages,
 * states and the axe run are shared with `npm run audit` (bench/lib/audit/axe.ts).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  AXE_STATES,
  AXE_VIEWPORTS,
  checkLoadedState,
  formatViolations,
  openAtSize,
  runAxe,
  type AxeState,
  type AxeViewport,
  type AxeViolation,
} from '../../bench/lib/audit/axe';
import { launchBrowser, type Browser } from '../support/browser';
import { keepPage, type KeptPage } from '../support/kept-page';
import { startSharedSite, type RunningSite } from '../support/server';

let site: RunningSite;
let browser: Browser;
let kept: KeptPage;
/**
 * The page and size of the document in the tab when the last test only ran axe in it: a test of
 * another state of that page at that size (the modal open, the form's errors shown) starts from
 * it instead of loading it again. Run alone, or after any other test, it loads the page itself.
 */
let untouched: string | null = null;

beforeAll(async () => {
  site = await startSharedSite();
  browser = await launchBrowser();
  kept = await keepPage(browser, site.url);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** The ids in the comparison; the help text and every failing node's selector in the message. */
function expectNoViolations(violations: AxeViolation[]) {
  expect(
    violations.map((v) => v.id),
    `axe violations:\n${formatViolations(violations, '  ')}`,
  ).toEqual([]);
}

/** The file's tab with `path` loaded at the viewport's size, hydrated: a fresh load unless `untouched` is this one. */
async function loaded(path: string, viewport: AxeViewport): Promise<Page> {
  const { page } = kept.tracked;
  const key = `${viewport.width}x${viewport.height} ${path}`;
  if (untouched !== key) {
    await kept.reset();
    await openAtSize(page, site.url + path, viewport);
  }
  untouched = null;
  return page;
}

/** As checkState (bench/lib/audit/axe.ts) checks a state, on a document the previous test may have left. */
async function check(state: AxeState, viewport: AxeViewport): Promise<AxeViolation[]> {
  const violations = await checkLoadedState(await loaded(state.path, viewport), state);
  if (!state.prepare) untouched = `${viewport.width}x${viewport.height} ${state.path}`;
  return violations;
}

/** The states of one page side by side, the one that changes nothing first, so one load serves them. */
const firstOfPath = (state: AxeState) => AXE_STATES.findIndex((s) => s.path === state.path);
const BY_PAGE = [...AXE_STATES].sort((a, b) => firstOfPath(a) - firstOfPath(b) || Number(!!a.prepare) - Number(!!b.prepare));

describe('axe-core', () => {
  test('the check itself works: a planted image without alt text is reported with its selector', async () => {
    const page = await loaded('/en', AXE_VIEWPORTS[0]);
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = '/favicon.svg';
      img.id = 'planted';
      document.querySelector('main')!.append(img);
    });
    const violations = await runAxe(page);
    const alt = violations.find((v) => v.id === 'image-alt');
    expect(alt?.nodes.map((n) => n.target.join(' '))).toEqual(['#planted']);
    expect(formatViolations(violations)).toContain('image-alt');
  });

  for (const viewport of AXE_VIEWPORTS) {
    describe(`on a ${viewport.width} px wide ${viewport.name} screen`, () => {
      for (const state of BY_PAGE) {
        test(`${state.name} has no axe violations`, async () => {
          expectNoViolations(await check(state, viewport));
        });
      }
    });
  }
});
