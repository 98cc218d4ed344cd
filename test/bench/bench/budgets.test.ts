/** The bench's budgets and reference comparison, with made-up numbers. */
import { describe, expect, test } from 'vitest';
import {
  BUDGETS,
  KB,
  compareWithReferences,
  evaluateBudgets,
  median,
  medianBy,
  missed,
  type BudgetInput,
} from '../../../bench/lib/bench/budgets';

const good: BudgetInput = {
  cpu: { cacheHitVsSavedHtml: 1.02, renderVsMinimalRender: 1.1, payloadVsSavedHtml: 1.1, redirectVsSavedHtml: 1.05 },
  renderMedianMs: 0.4,
  clientOwnGzipBytes: 12 * KB,
  workerGzipBytes: 240 * KB,
  scale: [
    { pages: 10, renderMedianMs: 0.3 },
    { pages: 1_000, renderMedianMs: 0.31 },
    { pages: 10_000, renderMedianMs: 0.33 },
  ],
  phoneImageSaving: 0.9,
  coldStartVsMinimalRender: 1.4,
};

const missedNames = (input: BudgetInput) => missed(evaluateBudgets(input)).map((c) => c.name);

describe('bench budgets', () => {
  test('limits are the ones the performance issue sets', () => {
    expect(BUDGETS).toEqual({
      cacheHitCpuVsSavedHtml: 1.15,
      renderCpuVsMinimalRender: 1.15,
      payloadCpuVsSavedHtml: 1.15,
      redirectCpuVsSavedHtml: 1.15,
      renderMedianMs: 1,
      clientOwnGzipBytes: 15 * 1024,
      workerGzipBytes: 400 * 1024,
      scaleRenderGrowth: 1.5,
      coldStartVsMinimalRender: 2,
      phoneImageSaving: 0.7,
    });
  });

  test('numbers within every budget pass', () => {
    expect(missedNames(good)).toEqual([]);
  });

  test('each missed budget is flagged by name, and only that one', () => {
    const cpu = (over: Partial<BudgetInput['cpu']>) => missedNames({ ...good, cpu: { ...good.cpu, ...over } });
    expect(cpu({ cacheHitVsSavedHtml: 1.16 })).toEqual(['edge cache hit, CPU per request vs saved HTML']);
    expect(cpu({ renderVsMinimalRender: 1.2 })).toEqual(['full render (cache bypassed), CPU per request vs minimal render']);
    expect(cpu({ payloadVsSavedHtml: 1.3 })).toEqual(['payload JSON, CPU per request vs saved HTML']);
    expect(cpu({ redirectVsSavedHtml: 1.151 })).toEqual(['route-rule redirect, CPU per request vs saved HTML']);
    expect(missedNames({ ...good, renderMedianMs: 1 })).toEqual(['server render of the fixture page, median']);
    expect(missedNames({ ...good, clientOwnGzipBytes: 15 * KB + 1 })).toEqual([
      "client JS before interactive, site's own (beyond React), gzip",
    ]);
    expect(missedNames({ ...good, workerGzipBytes: 400 * KB })).toEqual(['worker bundle as uploaded, gzip']);
    expect(
      missedNames({
        ...good,
        scale: [
          { pages: 10, renderMedianMs: 0.2 },
          { pages: 10_000, renderMedianMs: 0.31 },
        ],
      }),
    ).toEqual(['render time, 10000 pages vs 10 pages']);
    expect(missedNames({ ...good, coldStartVsMinimalRender: 2.1 })).toEqual([
      'cold start, first request time to first byte vs minimal render',
    ]);
    expect(missedNames({ ...good, phoneImageSaving: 0.69 })).toEqual(['image bytes a 390 px phone saves on the sample pages']);
  });

  test('limits are inclusive where the issue says "at most" / "at least"', () => {
    expect(
      missedNames({
        ...good,
        cpu: { cacheHitVsSavedHtml: 1.15, renderVsMinimalRender: 1.15, payloadVsSavedHtml: 1.15, redirectVsSavedHtml: 1.15 },
        clientOwnGzipBytes: 15 * KB,
        coldStartVsMinimalRender: 2,
        phoneImageSaving: 0.7,
      }),
    ).toEqual([]);
    expect(
      missedNames({
        ...good,
        scale: [
          { pages: 10, renderMedianMs: 0.2 },
          { pages: 10_000, renderMedianMs: 0.3 },
        ],
      }),
    ).toEqual([]);
  });

  test('a figure that was not measured never passes', () => {
    const checks = evaluateBudgets({
      ...good,
      cpu: { cacheHitVsSavedHtml: NaN, renderVsMinimalRender: Infinity, payloadVsSavedHtml: 1, redirectVsSavedHtml: 1 },
      renderMedianMs: NaN,
      scale: [],
      phoneImageSaving: NaN,
      coldStartVsMinimalRender: NaN,
    });
    expect(missed(checks).map((c) => c.name)).toEqual([
      'edge cache hit, CPU per request vs saved HTML',
      'full render (cache bypassed), CPU per request vs minimal render',
      'server render of the fixture page, median',
      'render time, ? pages vs ? pages',
      'cold start, first request time to first byte vs minimal render',
      'image bytes a 390 px phone saves on the sample pages',
    ]);
  });

  test('the median of rounds is the middle one, or the mean of the middle two', () => {
    expect(median([1.3, 1.0, 1.1])).toBe(1.1);
    expect(median([1.0, 1.2])).toBeCloseTo(1.1);
    expect(median([])).toBeNaN();
  });

  test('custom limits are honoured', () => {
    expect(missed(evaluateBudgets(good, { ...BUDGETS, renderMedianMs: 0.1 })).map((c) => c.name)).toEqual([
      'server render of the fixture page, median',
    ]);
  });

  test('the reference comparison scales the render / saved-HTML ratio to the reference saved-HTML figure', () => {
    const savedHtml = { rps: 3_000, constantRps: 5_000 };
    const [nuxt, astro] = compareWithReferences({ rps: 1_000, constantRps: 5_000 }, savedHtml);
    expect(nuxt!.normalized).toBeCloseTo(5_500);
    expect(nuxt!.target).toBe(2_460);
    expect(nuxt!.ok).toBe(true);
    expect(astro!.target).toBe(2_960);
    expect(astro!.ok).toBe(true);
    expect(compareWithReferences({ rps: 400, constantRps: 10_000 }, { rps: 6_000, constantRps: 10_000 }).map((r) => r.ok)).toEqual([
      false,
      false,
    ]);
  });

  test('the reported round is the one with the median ratio, the upper one of an even count', () => {
    const rounds = [
      { round: 1, ratio: 0.19 },
      { round: 2, ratio: 0.16 },
      { round: 3, ratio: 0.21 },
    ];
    expect(medianBy(rounds, (r) => r.ratio)?.round).toBe(1);
    expect(medianBy(rounds.slice(0, 2), (r) => r.ratio)?.round).toBe(1);
    expect(medianBy([], (r: { ratio: number }) => r.ratio)).toBeUndefined();
  });

  test('a reference comparison without a saved-HTML figure never passes', () => {
    expect(compareWithReferences({ rps: 4_000, constantRps: 5_000 }, { rps: 0, constantRps: 5_000 }).map((r) => r.ok)).toEqual([
      false,
      false,
    ]);
  });
});
