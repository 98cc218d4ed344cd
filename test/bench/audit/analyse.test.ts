/** The audit's verdict, with made-up Lighthouse summaries and axe results. */
import { describe, expect, test } from 'vitest';
import { auditMisses, axeCount, lighthouseMisses, medianRun, type AxeResult } from '../../../bench/lib/audit/analyse';
import type { LighthouseSummary } from '../../../bench/lib/audit/lighthouse-summary';

const summary = (scores: Partial<LighthouseSummary['scores']> = {}, extra: Partial<LighthouseSummary> = {}): LighthouseSummary => ({
  page: { label: 'home /en', path: '/en', status: 200 },
  scores: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100, ...scores },
  expected: [],
  findings: [],
  warnings: [],
  metrics: {},
  benchmarkIndex: 1500,
  ...extra,
});
const violation = (id: string) => ({ id, impact: 'serious', help: id, helpUrl: '', nodes: [] });
const axe = (label: string, viewport: string, ids: string[]): AxeResult => ({
  label,
  path: '/en',
  viewport,
  violations: ids.map(violation),
});

describe('audit verdict', () => {
  test('a page within every Lighthouse budget misses nothing', () => {
    expect(lighthouseMisses(summary())).toEqual([]);
  });

  test('a category under its budget is a miss naming the page, the category and the score', () => {
    expect(lighthouseMisses(summary({ performance: 99 }))).toEqual(['home /en: performance 99 < 100']);
  });

  test('an image audit that fails is a miss even when every score is 100', () => {
    const finding = (id: string) => ({
      category: 'performance' as const,
      id,
      title: id,
      score: 0,
      displayValue: 'Est savings of 120 KiB',
      items: [],
    });
    expect(lighthouseMisses(summary({}, { findings: [finding('uses-responsive-images'), finding('unused-javascript')] }))).toEqual([
      'home /en: uses-responsive-images fails (uses-responsive-images: Est savings of 120 KiB)',
    ]);
    expect(lighthouseMisses(summary({}, { findings: [finding('modern-image-formats')] }))).toHaveLength(1);
  });

  test('a category Lighthouse could not score is a miss', () => {
    expect(lighthouseMisses(summary({ seo: null }))).toEqual(['home /en: seo n/a < 100']);
  });

  test('a page Lighthouse could not audit is a miss with its error', () => {
    expect(lighthouseMisses(summary({}, { runtimeError: 'NO_FCP: no paint' }))[0]).toBe(
      'home /en: Lighthouse could not audit the page (NO_FCP: no paint)',
    );
  });

  test('an error page whose status audits did not report only its own status is a miss', () => {
    const expected = [
      {
        id: 'http-status-code',
        category: 'seo' as const,
        why: 'the error status is the point of the page',
        ok: false,
        detail: 'status 200, expected 404',
      },
    ];
    expect(lighthouseMisses(summary({}, { expected }))).toEqual([
      "home /en: http-status-code does not report only the error page's own status (the error status is the point of the page): status 200, expected 404",
    ]);
  });

  test('any axe violation is a miss naming the page, the size and the rules', () => {
    expect(auditMisses([summary()], [axe('home /en', 'mobile', ['color-contrast', 'label']), axe('home /en', 'desktop', [])])).toEqual([
      'home /en (mobile): 2 axe violation(s): color-contrast, label',
    ]);
  });

  test("a page's axe count adds up every state and size it was checked in", () => {
    expect(
      axeCount(
        [axe('home /en', 'mobile', ['a']), axe('home /en', 'desktop', ['b', 'c']), axe('404 /en/nowhere', 'mobile', ['d'])],
        'home /en',
      ),
    ).toBe(3);
  });

  test('of several Lighthouse runs the one with the median performance score counts', () => {
    const runs = [summary({ performance: 97 }), summary({ performance: 88 }), summary({ performance: 93 })];
    expect(medianRun(runs).scores.performance).toBe(93);
  });
});
