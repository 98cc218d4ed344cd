/** The back-to-back CPU measurement, with a made-up meter. */
import { describe, expect, test } from 'vitest';
import { measureCpuPairs } from '../../../bench/lib/bench/cpu-pairs';
import type { ScenarioKey } from '../../../bench/lib/bench/scenarios';

describe('CPU pairs', () => {
  test('measure each scenario beside its reference, alternating which goes first', async () => {
    const order: ScenarioKey[] = [];
    const cost: Partial<Record<ScenarioKey, number>> = { cacheHit: 110, savedHtml: 100 };
    const pairs = await measureCpuPairs([{ key: 'cacheHit', reference: 'savedHtml', limit: 1.15 }], 3, (key) => {
      order.push(key);
      return Promise.resolve(cost[key]!);
    });
    expect(order).toEqual(['cacheHit', 'savedHtml', 'savedHtml', 'cacheHit', 'cacheHit', 'savedHtml']);
    expect(pairs).toEqual([
      {
        key: 'cacheHit',
        reference: 'savedHtml',
        limit: 1.15,
        runs: Array.from({ length: 3 }, () => ({ scenarioUs: 110, referenceUs: 100 })),
      },
    ]);
  });
});
