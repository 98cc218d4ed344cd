/**
 * axe-core in a real page, shared by the browser test (test/e2e/accessibility.test.ts) and
 * `npm run audit`: the pages and states to check, how to bring a page into each state, how to
 * run axe in it and how to print what it found.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build. */
export const AXE_SCRIPT_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/**
 * The site's CSP (`script-src 'self'`) refuses the inline <script> that
 * `addScriptTag({ path })` writes, and the check should not switch the CSP off. So axe is
 * added as a same-origin script file, answered by the test itself (page.route): the page
 * runs under its real policy.
 */
const AXE_SCRIPT_URL = '/__audit__/axe.min.js';

export interface AxeNode {
  target: string[];
  failureSummary?: string;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

export interface AxeState {
  /** a noun phrase: "the English home page" (test names read "<name> has no axe violations") */
  name: string;
  /** a short label for tables */
  label: string;
  path: string;
  /** after load and hydration: bring the page into the state to check */
  prepare?: (page: Page) => Promise<void>;
}

/** Each state is checked at both sizes: the header collapses its menu below 48rem. */
export const AXE_VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 667 },
] as const;
export type AxeViewport = (typeof AXE_VIEWPORTS)[number];

/** The modal's opener on the home page (as test/e2e/components.test.ts drives it). */
export const MODAL_OPENER = 'main button[aria-haspopup="dialog"]';

async function openModal(page: Page): Promise<void> {
  await page.locator(MODAL_OPENER).first().click();
  await page.waitForSelector('dialog[open] .modal__panel');
  // Focus moves to the close button once the dialog is shown.
  await page.waitForFunction(() => !!document.activeElement?.closest('dialog[open]'));
}

async function submitEmptyForm(page: Page): Promise<void> {
  await page.locator('form[data-form-id] button[type="submit"]').first().click();
  await page.waitForSelector('.field__error');
  // The first invalid field is focused once the errors are rendered.
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
}

/** Pages and states axe checks. No sample page has both a form and a gallery: /en/contact has the form, /en/loans/home-loan the gallery. */
export const AXE_STATES: AxeState[] = [
  { name: 'the English home page', label: 'home /en', path: '/en' },
  { name: 'the Russian home page (Cyrillic)', label: 'home /ru', path: '/ru' },
  { name: 'the Bulgarian home page (Cyrillic)', label: 'home /bg', path: '/bg' },
  { name: 'the contact page with its form', label: 'form /en/contact', path: '/en/contact' },
  { name: 'the home loan page with its gallery', label: 'gallery /en/loans/home-loan', path: '/en/loans/home-loan' },
  { name: 'the loans page with its table and accordion', label: 'table /en/loans', path: '/en/loans' },
  { name: 'the 404 page', label: '404 /en/nowhere', path: '/en/nowhere' },
  { name: 'the search page with results and marked words', label: 'search /en/search?q=loan', path: '/en/search?q=loan' },
  { name: 'the home page with the modal open', label: 'modal open /en', path: '/en', prepare: openModal },
  {
    name: 'the contact form submitted empty, with its errors shown',
    label: 'form errors /en/contact',
    path: '/en/contact',
    prepare: submitEmptyForm,
  },
];

/** Opens the consent banner's settings (the banner shows while no choice is stored). */
async function openConsentSettingsInBanner(page: Page): Promise<void> {
  await page.locator('.consent button[aria-controls="consent-settings"]').click();
  await page.waitForSelector('#consent-settings:not([hidden])');
}

/**
 * The consent banner only exists on a site with a tag manager (tag-manager-site.ts makes one
 * from the sample content), and shows until a choice is stored: run these in a browser that
 * has stored none, with the tag manager's hosts answered locally.
 */
export const CONSENT_AXE_STATES: AxeState[] = [
  { name: 'the English home page with the consent banner shown', label: 'consent banner /en', path: '/en' },
  {
    name: 'the Bulgarian contact page (its form) with the consent banner shown',
    label: 'consent banner /bg/kontakti',
    path: '/bg/kontakti',
  },
  { name: 'the consent banner with its settings open', label: 'consent settings /de', path: '/de', prepare: openConsentSettingsInBanner },
];

/** Loads a path and waits for hydration (and for a form to switch to its own validation). */
export async function openForAxe(page: Page, url: string): Promise<void> {
  const response = await page.goto(url);
  if (!response) throw new Error(`no response for ${url}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  if (await page.locator('form[data-form-id]').count()) await page.waitForSelector('form[data-form-id][novalidate]');
}

/** Runs axe on the whole document as it is now; violations only (any impact). */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.route(`**${AXE_SCRIPT_URL}`, (route) =>
      route.fulfill({ path: AXE_SCRIPT_PATH, contentType: 'text/javascript; charset=utf-8' }),
    );
    await page.addScriptTag({ url: AXE_SCRIPT_URL });
  }
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })),
    }));
  });
}

/** Loads `url` for axe at the viewport's size. */
export async function openAtSize(page: Page, url: string, viewport: AxeViewport): Promise<void> {
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  await openForAxe(page, url);
}

/** Puts the page, loaded at the state's path, in the state (its `prepare`), and runs axe. */
export async function checkLoadedState(page: Page, state: AxeState): Promise<AxeViolation[]> {
  await state.prepare?.(page);
  return runAxe(page);
}

/** Loads the state's page at the viewport's size, prepares it, runs axe. */
export async function checkState(
  page: Page,
  origin: string,
  state: AxeState,
  viewport: AxeViewport = AXE_VIEWPORTS[0],
): Promise<AxeViolation[]> {
  await openAtSize(page, origin + state.path, viewport);
  return checkLoadedState(page, state);
}

/** One block per violation: id, impact, help, where to read more, and every node's selector with axe's summary. */
export function formatViolations(violations: AxeViolation[], indent = ''): string {
  const lines: string[] = [];
  for (const v of violations) {
    lines.push(`${indent}${v.id} (${v.impact ?? 'no impact'}): ${v.help}  ${v.helpUrl}`);
    for (const node of v.nodes) {
      lines.push(`${indent}  - ${node.target.join(' >>> ')}`);
      if (node.failureSummary) for (const s of node.failureSummary.split('\n')) lines.push(`${indent}      ${s}`);
    }
  }
  return lines.join('\n');
}
