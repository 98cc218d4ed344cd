/** What `npm run audit` holds the site to, and the pages it audits. */
import type { Category, LighthousePage, LighthouseSummary } from './lighthouse';

/** Lowest acceptable Lighthouse score per category (0–100). */
export const LIGHTHOUSE_BUDGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

/** axe violations allowed per page and state, of any impact. */
export const AXE_BUDGET = 0;

/** Lighthouse runs on these. No sample page has both a form and a gallery, so both pages are audited. */
export const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { label: 'home /en', path: '/en', status: 200 },
  { label: 'form /en/contact', path: '/en/contact', status: 200 },
  { label: 'gallery /en/loans/home-loan', path: '/en/loans/home-loan', status: 200 },
  { label: '404 /en/nowhere', path: '/en/nowhere', status: 404 },
  { label: 'consent banner /en', path: '/en', status: 200, withTagManager: true },
];

export function lighthouseMisses(summary: LighthouseSummary): string[] {
  const misses: string[] = [];
  if (summary.runtimeError) misses.push(`${summary.page.label}: Lighthouse could not audit the page (${summary.runtimeError})`);
  for (const [category, min] of Object.entries(LIGHTHOUSE_BUDGETS) as [Category, number][]) {
    const score = summary.scores[category];
    if (score === null || score < min) misses.push(`${summary.page.label}: ${category} ${score ?? 'n/a'} < ${min}`);
  }
  for (const e of summary.expected) {
    if (!e.ok) misses.push(`${summary.page.label}: ${e.id} does not report only the error page's own status (${e.why}): ${e.detail}`);
  }
  return misses;
}
