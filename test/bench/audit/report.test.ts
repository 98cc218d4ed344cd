/** What the audit prints, from a made-up Lighthouse summary. */
import { describe, expect, test } from 'vitest';
import type { LighthouseSummary } from '../../../bench/lib/audit/lighthouse-summary';
import { printAudit } from '../../../bench/lib/audit/report';

const printed = (benchmarkIndex: number | null) => {
  const summary: LighthouseSummary = {
    page: { label: 'gallery /en/loans/home-loan', path: '/en/loans/home-loan', status: 200 },
    scores: { performance: 99, accessibility: 100, 'best-practices': 100, seo: 100 },
    expected: [],
    findings: [],
    warnings: [],
    metrics: { 'total-blocking-time': '170 ms' },
    benchmarkIndex,
  };
  const lines: string[] = [];
  printAudit([summary], [], 1, (line) => lines.push(line));
  return lines.join('\n');
};

describe('the audit report', () => {
  test('names a page whose run found the machine busy, below the index where Lighthouse warns of a slow host', () => {
    expect(printed(910.5)).toMatch(/the machine was busy \(index below 1000[^\n]*for: gallery \/en\/loans\/home-loan;/);
  });

  test("gives every page's host CPU index beside its metrics, and no busy-machine line when the run found it quiet", () => {
    const text = printed(1434.5);
    expect(text).toMatch(/gallery \/en\/loans\/home-loan .*170 ms.* 1434\.5/);
    expect(text).not.toMatch(/machine was busy/);
  });
});
