/** The search budgets, judged over made-up figures. */
import { describe, expect, test } from 'vitest';
import { KB } from '../../../bench/lib/bench/budgets';
import { evaluateSearchBudgets, type SearchMeasurements } from '../../../bench/lib/bench/search';

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
    expect(evaluateSearchBudgets(within, 0.5).filter((c) => !c.ok)).toEqual([]);
  });

  test('a search slower than two renders, a slow first search and a heavy answer each miss their budget', () => {
    const slow: SearchMeasurements = {
      ...within,
      scale: {
        ...within.scale,
        warmSearchMs: 1.5,
        locales: [{ ...within.scale.locales[0]!, coldFirstSearchMs: 150 }],
        answerGzipBytes: 40 * KB,
      },
    };
    expect(
      evaluateSearchBudgets(slow, 0.5)
        .filter((c) => !c.ok)
        .map((c) => c.name),
    ).toEqual([
      'search, warm, 10001 pages: time per search vs a full render',
      'search, first of an isolate (load + answer), 10001 pages, slowest locale',
      'search, each further query, gzip',
    ]);
  });

  test('indexing that adds more than a fifth to the sample build misses its budget; a figure not measured never passes', () => {
    const checks = evaluateSearchBudgets({ ...within, sample: { buildMs: 1_000, indexMs: 300 } }, NaN);
    expect(checks.find((c) => c.name.startsWith('search indexing'))).toMatchObject({ ok: false, actual: '42.9%' });
    expect(checks[0]).toMatchObject({ ok: false, actual: 'not measured' });
  });
});
