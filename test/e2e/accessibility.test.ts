/**
 * axe-core in Chromium against `npm start`: the home page (Latin and Cyrillic), the form page,
 * the gallery page, the table page, the 404 page, the modal open and the form with its errors
 * shown, at a desktop and a mobile width. The budget is no violation of any impact. The pages,
 * states and the axe run are shared with `npm run audit` (bench/lib/audit/axe.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AXE_STATES, AXE_VIEWPORTS, checkState, formatViolations, openForAxe, runAxe, type AxeViolation } from '../../bench/lib/audit/axe';
import { launchBrowser, type Browser } from '../support/browser';
import { startSharedSite, type RunningSite } from '../support/server';

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSharedSite();
  browser = await launchBrowser();
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

describe('axe-core', () => {
  test('the check itself works: a planted image without alt text is reported with its selector', async () => {
    const { page } = await browser.newPage();
    await openForAxe(page, `${site.url}/en`);
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
    await page.close();
  });

  for (const viewport of AXE_VIEWPORTS) {
    describe(`on a ${viewport.width} px wide ${viewport.name} screen`, () => {
      for (const state of AXE_STATES) {
        test(`${state.name} has no axe violations`, async () => {
          const { page } = await browser.newPage();
          try {
            expectNoViolations(await checkState(page, site.url, state, viewport));
          } finally {
            await page.close();
          }
        });
      }
    });
  }
});
