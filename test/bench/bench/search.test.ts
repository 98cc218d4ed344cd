/** The search budgets, judged over made-up figures. */
import { describe, expect, test } from 'vitest';
import { KB } from '../../../bench/lib/bench/budgets';
import { evaluateSearchBudgets, warmSearchTimeVsRender, type SearchMeasurements } from '../../../bench/lib/bench/search';

const within: SearchMeasurements = {
  scale: {
    pages: 10_001,
    locales: [
      {
        code: 'en',
        jsonBytes: 3_000_000,
        gzipBytes: 300_000,
        dictionaryJsonBytes: 50_000,
        coldReadJsonBytes: 90_000,
        coldReadRecords: 3,
        coldFirstSearchMs: 60,
      },
      {
        code: 'fi',
        jsonBytes: 3_000_000,
        gzipBytes: 300_000,
        dictionaryJsonBytes: 50_000,
        coldReadJsonBytes: 90_000,
        coldReadRecords: 3,
        coldFirstSearchMs: 80,
      },
    ],
    indexMs: 2_000,
    warmSearchMs: 0.5,
    chunkGzipBytes: 2 * KB,
    answerGzipBytes: 2 * KB,
  },
  sample: { buildMs: 10_000, indexMs: 300 },
};

describe('search budgets', () => {
  test('figures within every budget pass them all', () => {
    expect(evaluateSearchBudgets(within).filter((c) => !c.ok)).toEqual([]);
  });

  test("a warm search's time is a ratio printed beside the budgets, not one of them (bench:instructions judges it)", () => {
    const slow: SearchMeasurements = { ...within, scale: { ...within.scale, warmSearchMs: 1.5 } };
    expect(warmSearchTimeVsRender(slow, 0.5)).toBeCloseTo(3);
    expect(evaluateSearchBudgets(slow).filter((c) => !c.ok)).toEqual([]);
    expect(evaluateSearchBudgets(slow).map((c) => c.name)).not.toContainEqual(expect.stringContaining('warm'));
  });

  test('a slow first search and a heavy answer each miss their budget', () => {
    const slow: SearchMeasurements = {
      ...within,
      scale: {
        ...within.scale,
        locales: [{ ...within.scale.locales[0]!, coldFirstSearchMs: 150 }],
        answerGzipBytes: 40 * KB,
      },
    };
    expect(
      evaluateSearchBudgets(slow)
        .filter((c) => !c.ok)
        .map((c) => c.name),
    ).toEqual(['search, first of an isolate (load + answer), 10001 pages, slowest locale', 'search, each further query, gzip']);
  });

  test('indexing that adds more than a fifth to the sample build misses its budget; a figure not measured never passes', () => {
    const checks = evaluateSearchBudgets({
      ...within,
      scale: { ...within.scale, locales: [{ ...within.scale.locales[0]!, coldFirstSearchMs: NaN }] },
      sample: { buildMs: 1_000, indexMs: 300 },
    });
    expect(checks.find((c) => c.name.startsWith('search indexing'))).toMatchObject({ ok: false, actual: '42.9%' });
    expect(checks[0]).toMatchObject({ ok: false, actual: 'not measured' });
  });
});
