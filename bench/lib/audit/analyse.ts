/**
 * The audit's verdict (pure, unit-tested): which of several Lighthouse runs of a page counts,
 * and which budgets (./budgets.ts) the pages miss.
 */
import type { AxeViolation } from './axe';
import { AXE_BUDGET, LIGHTHOUSE_BUDGETS, REQUIRED_AUDITS } from './budgets';
import type { Category, LighthouseSummary } from './lighthouse-summary';

/** One page in one state at one size, as axe saw it. */
export interface AxeResult {
  label: string;
  path: string;
  viewport: string;
  violations: AxeViolation[];
}

/**
 * Of a page's runs, the one with the median performance score: the simulation starts from
 * what the browser observed, which varies with the load on a shared machine.
 */
export function medianRun(runs: readonly LighthouseSummary[]): LighthouseSummary {
  return [...runs].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1))[Math.floor(runs.length / 2)]!;
}

export function lighthouseMisses(summary: LighthouseSummary): string[] {
  const misses: string[] = [];
  if (summary.runtimeError) misses.push(`${summary.page.label}: Lighthouse could not audit the page (${summary.runtimeError})`);
  for (const [category, min] of Object.entries(LIGHTHOUSE_BUDGETS) as [Category, number][]) {
    const score = summary.scores[category];
    if (score === null || score < min) misses.push(`${summary.page.label}: ${category} ${score ?? 'n/a'} < ${min}`);
  }
  for (const f of summary.findings) {
    if (REQUIRED_AUDITS.includes(f.id))
      misses.push(`${summary.page.label}: ${f.id} fails (${f.title}${f.displayValue ? `: ${f.displayValue}` : ''})`);
  }
  for (const e of summary.expected) {
    if (!e.ok) misses.push(`${summary.page.label}: ${e.id} does not report only the error page's own status (${e.why}): ${e.detail}`);
  }
  return misses;
}

export function axeMisses(results: readonly AxeResult[]): string[] {
  return results
    .filter((r) => r.violations.length > AXE_BUDGET)
    .map((r) => `${r.label} (${r.viewport}): ${r.violations.length} axe violation(s): ${r.violations.map((v) => v.id).join(', ')}`);
}

/** Every missed budget, Lighthouse's first; none means the audit passes. */
export function auditMisses(lighthouse: readonly LighthouseSummary[], axe: readonly AxeResult[]): string[] {
  return [...lighthouse.flatMap(lighthouseMisses), ...axeMisses(axe)];
}

/** axe violations of one page label, over every state and size it was checked in. */
export function axeCount(axe: readonly AxeResult[], label: string): number {
  return axe.filter((r) => r.label === label).reduce((n, r) => n + r.violations.length, 0);
}
