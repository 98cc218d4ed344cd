/** The bench's budgets and reference comparison, with made-up numbers. */
import { describe, expect, test } from 'vitest';
import {
  BUDGETS,
  KB,
  clientJsCheck,
  coldStartCheck,
  compareWithReferences,
  evaluateBudgets,
  median,
  medianBy,
  missed,
  type BudgetInput,
} from '../../../bench/lib/bench/budgets';

const good: BudgetInput = {
  renderMedianMs: 0.4,
  clientOwnGzipBytes: 12 * KB,
  workerGzipBytes: 240 * KB,
  scale: [
    { pages: 10, renderMedianMs: 0.3 },
    { pages: 1_000, renderMedianMs: 0.31 },
    { pages: 10_000, renderMedianMs: 0.33 },
  ],
  phoneImageSaving: 0.9,
  coldStartVsKvRender: 0.85,
  imagePage: { gzipVsPlain: 1.2, rawVsPlain: 1.5, renderInstructionsVsPlain: 1.1 },
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
      coldStartVsKvRender: 1,
      phoneImageSaving: 0.7,
      imagePageGzipVsPlain: 1.5,
      imagePageRawVsPlain: 2,
      imagePageRenderInstructionsVsPlain: 1.3,
      imageMarkupExtraPerImageBytes: 256,
    });
  });

  test('CPU time per request is not judged here: its budgets are judged in instructions', () => {
    expect(
      evaluateBudgets(good)
        .map((c) => c.name)
        .filter((name) => /CPU/.test(name)),
    ).toEqual([]);
  });

  test('numbers within every budget pass', () => {
    expect(missedNames(good)).toEqual([]);
  });

  test('each missed budget is flagged by name, and only that one', () => {
    const photos = (over: Partial<BudgetInput['imagePage']>) => missedNames({ ...good, imagePage: { ...good.imagePage, ...over } });
    expect(photos({ gzipVsPlain: 1.51 })).toEqual(['page of 30 photos, HTML gzip vs variants off']);
    expect(photos({ rawVsPlain: 2.01 })).toEqual(['page of 30 photos, HTML raw vs variants off']);
    expect(photos({ renderInstructionsVsPlain: 1.31 })).toEqual(['page of 30 photos, full render instructions vs variants off']);
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
    expect(missedNames({ ...good, coldStartVsKvRender: 1.01 })).toEqual([
      'cold start, first request time to first byte vs KV-reading render',
    ]);
    expect(missedNames({ ...good, phoneImageSaving: 0.69 })).toEqual(['image bytes a 390 px phone saves on the sample pages']);
  });

  // `npm run bench -- --only client-js|cold-start` judges with these alone.
  test('the client JS and cold-start checks judge alone as they do in the whole run', () => {
    expect(clientJsCheck(15 * KB).ok).toBe(true);
    expect(clientJsCheck(15 * KB + 1).ok).toBe(false);
    expect(clientJsCheck(NaN).ok).toBe(false);
    expect(coldStartCheck(1).ok).toBe(true);
    expect(coldStartCheck(1.01).ok).toBe(false);
    expect(coldStartCheck(NaN).ok).toBe(false);
  });

  test('limits are inclusive where the issue says "at most" / "at least"', () => {
    expect(
      missedNames({
        ...good,
        clientOwnGzipBytes: 15 * KB,
        coldStartVsKvRender: 1,
        phoneImageSaving: 0.7,
        imagePage: { gzipVsPlain: 1.5, rawVsPlain: 2, renderInstructionsVsPlain: 1.3 },
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
      renderMedianMs: NaN,
      scale: [],
      phoneImageSaving: NaN,
      coldStartVsKvRender: NaN,
      imagePage: { gzipVsPlain: NaN, rawVsPlain: Infinity, renderInstructionsVsPlain: 1 },
    });
    expect(missed(checks).map((c) => c.name)).toEqual([
      'server render of the fixture page, median',
      'render time, ? pages vs ? pages',
      'cold start, first request time to first byte vs KV-reading render',
      'image bytes a 390 px phone saves on the sample pages',
      'page of 30 photos, HTML gzip vs variants off',
      'page of 30 photos, HTML raw vs variants off',
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
