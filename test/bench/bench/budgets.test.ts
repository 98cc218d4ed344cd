/** The bench's budgets and reference comparison, with made-up numbers. */
import { describe, expect, test } from 'vitest';
import { BUDGETS, KB, compareWithReferences, evaluateBudgets, medianBy, missed, type BudgetInput } from '../../../bench/lib/bench/budgets';

const good: BudgetInput = {
  render: { rps: 4_500, constantRps: 16_000 },
  cacheHit: { rps: 12_000, constantRps: 16_000 },
  renderMedianMs: 0.4,
  clientOwnGzipBytes: 12 * KB,
  workerGzipBytes: 240 * KB,
  scale: [
    { pages: 10, renderMedianMs: 0.3 },
    { pages: 1_000, renderMedianMs: 0.31 },
    { pages: 10_000, renderMedianMs: 0.33 },
  ],
};

const missedNames = (input: BudgetInput) => missed(evaluateBudgets(input)).map((c) => c.name);

describe('bench budgets', () => {
  test('numbers within every budget pass', () => {
    expect(missedNames(good)).toEqual([]);
  });

  test('each missed budget is flagged by name, and only that one', () => {
    expect(missedNames({ ...good, render: { rps: 3_000, constantRps: 16_000 } })).toEqual([
      'full render (cache bypassed) vs constant route, req/s',
    ]);
    expect(missedNames({ ...good, cacheHit: { rps: 11_000, constantRps: 16_000 } })).toEqual(['edge cache hit vs constant route, req/s']);
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
  });

  test('limits are inclusive where the issue says "at most" / "at least"', () => {
    expect(
      missedNames({
        ...good,
        render: { rps: 4_000, constantRps: 16_000 },
        cacheHit: { rps: 11_200, constantRps: 16_000 },
        clientOwnGzipBytes: 15 * KB,
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
      render: { rps: NaN, constantRps: 16_000 },
      cacheHit: { rps: 12_000, constantRps: 0 },
      renderMedianMs: NaN,
      scale: [],
    });
    expect(missed(checks).map((c) => c.name)).toEqual([
      'full render (cache bypassed) vs constant route, req/s',
      'edge cache hit vs constant route, req/s',
      'server render of the fixture page, median',
      'render time, ? pages vs ? pages',
    ]);
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
