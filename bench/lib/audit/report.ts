/** What an audit run prints: scores, metrics, every finding and the budgets (formatting only). */
import { section, table } from '../format';
import { axeCount, type AxeResult } from './analyse';
import { AXE_VIEWPORTS, formatViolations } from './axe';
import { AXE_BUDGET, LIGHTHOUSE_BUDGETS } from './budgets';
import { CATEGORIES, SLOW_HOST_BENCHMARK_INDEX, type LighthouseSummary } from './lighthouse-summary';

type Log = (line: string) => void;

const METRIC_COLUMNS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

export function printAudit(lighthouse: readonly LighthouseSummary[], axe: readonly AxeResult[], runs: number, log: Log): void {
  const score = (n: number | null) => (n === null ? 'n/a' : String(n));
  const rows: string[][] = lighthouse.map((s) => [
    s.page.label,
    ...CATEGORIES.map((c) => score(s.scores[c]) + (s.expected.some((e) => e.category === c) ? '*' : '')),
    String(axeCount(axe, s.page.label)),
  ]);
  for (const label of new Set(axe.map((r) => r.label))) {
    if (!lighthouse.some((s) => s.page.label === label)) rows.push([label, '-', '-', '-', '-', String(axeCount(axe, label))]);
  }
  log(section(`Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}and axe-core`));
  log(table(['page', 'performance', 'accessibility', 'best-practices', 'seo', 'axe violations'], rows));
  log(
    `budget: performance >= ${LIGHTHOUSE_BUDGETS.performance}, accessibility ${LIGHTHOUSE_BUDGETS.accessibility}, best-practices ${LIGHTHOUSE_BUDGETS['best-practices']}, seo ${LIGHTHOUSE_BUDGETS.seo}; axe violations <= ${AXE_BUDGET} (desktop ${AXE_VIEWPORTS[0].width}px and mobile ${AXE_VIEWPORTS[1].width}px)`,
  );
  for (const s of lighthouse.filter((s) => s.expected.length)) {
    log(
      `* ${s.page.label} answers ${s.page.status} (audited with ignoreStatusCode); scored without the audits that report that status, each checked instead:`,
    );
    for (const e of s.expected) log(`    [${e.category}] ${e.id}: ${e.ok ? 'as expected' : 'NOT as expected'} (${e.why}; ${e.detail})`);
  }

  log(section('Lighthouse metrics (simulated mobile)'));
  log(
    table(
      ['page', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index', 'host CPU index'],
      lighthouse.map((s) => [s.page.label, ...METRIC_COLUMNS.map((m) => s.metrics[m] ?? '?'), String(s.benchmarkIndex ?? '?')]),
    ),
  );
  const slow = lighthouse.filter((s) => s.benchmarkIndex !== null && s.benchmarkIndex < SLOW_HOST_BENCHMARK_INDEX);
  log(
    `host CPU index: Lighthouse's benchmark of this machine as the run started; the phone it simulates is this CPU slowed 4x, so other work on the machine lengthens every task and the blocking time (TBT) with it`,
  );
  if (slow.length)
    log(
      `the machine was busy (index below ${SLOW_HOST_BENCHMARK_INDEX}, where Lighthouse warns of a slow host) for: ${slow.map((s) => s.page.label).join(', ')}; their performance scores say more about the neighbours than the pages`,
    );

  const findings = lighthouse.filter((s) => s.findings.length || s.warnings.length || s.runtimeError);
  if (findings.length) {
    log(section('Lighthouse findings'));
    for (const s of findings) {
      log(`${s.page.label}`);
      if (s.runtimeError) log(`  runtime error: ${s.runtimeError}`);
      for (const w of s.warnings) log(`  warning: ${w}`);
      for (const f of s.findings) {
        log(`  [${f.category}] ${f.id} (score ${f.score ?? 'n/a'}${f.displayValue ? `, ${f.displayValue}` : ''}): ${f.title}`);
        for (const item of f.items) log(`      ${item}`);
      }
    }
  }
  const withViolations = axe.filter((r) => r.violations.length);
  if (withViolations.length) {
    log(section('axe violations'));
    for (const r of withViolations) {
      log(`${r.label} (${r.viewport})`);
      log(formatViolations(r.violations, '  '));
    }
  }
}

export function printMisses(misses: readonly string[], log: Log): void {
  log(section('budgets'));
  if (misses.length === 0) log('all budgets met');
  for (const m of misses) log(`MISSED ${m}`);
}
