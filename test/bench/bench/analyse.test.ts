/** From a bench run's raw figures to its verdict, with made-up numbers. */
import { describe, expect, test } from 'vitest';
import {
  bracketRuns,
  CPU_PAIRS,
  cpuRatio,
  imageSaving,
  loadOrder,
  meanBracket,
  medianRounds,
  unexpectedCount,
} from '../../../bench/lib/bench/analyse';
import type { LoadRun } from '../../../bench/lib/bench/measurements';
import type { ScenarioKey } from '../../../bench/lib/bench/scenarios';
import type { LoadResult } from '../../../bench/lib/load-generator';

const result = (rps: number, extra: Partial<LoadResult> = {}): LoadResult => ({
  seconds: 3,
  requests: rps * 3,
  rps,
  p50: 1,
  p99: 2,
  errors: 0,
  timeouts: 0,
  resets: 0,
  statusCounts: { 200: rps * 3 },
  ...extra,
});
const run = (key: ScenarioKey, rps: number, cpuUsPerRequest = 50): LoadRun => ({
  key,
  label: key,
  url: `/${key}`,
  result: result(rps),
  unexpected: 0,
  cpuUsPerRequest,
});

describe('bench analysis', () => {
  test('the load order runs the constant route first and after every scenario of every round', () => {
    expect(loadOrder('c', ['a', 'b'], 2)).toEqual(['c', 'a', 'c', 'b', 'c', 'a', 'c', 'b', 'c']);
  });

  test("answers with another status than the scenario's own are counted as unexpected", () => {
    expect(unexpectedCount({ 200: 10, 307: 5, 500: 1 }, 307)).toBe(11);
  });

  test('the constant route over the run is the mean of all its runs', () => {
    expect(meanBracket([run('constant', 10_000, 40), run('constant', 20_000, 60)])).toEqual({
      rps: 15_000,
      p50: 1,
      p99: 2,
      cpuUsPerRequest: 50,
    });
  });

  test('each scenario run is divided by the mean of the constant runs right before and after it', () => {
    const runs = [run('constant', 10_000), run('render', 2_000), run('constant', 20_000), run('cacheHit', 9_000), run('constant', 16_000)];
    expect(bracketRuns(runs).map((r) => [r.key, r.constant.rps])).toEqual([
      ['render', 15_000],
      ['cacheHit', 18_000],
    ]);
  });

  test("a scenario's reported round is the one with the median ratio, and every round's ratio is kept", () => {
    const runs = [
      run('constant', 10_000),
      run('render', 2_000),
      run('constant', 10_000),
      run('render', 1_000),
      run('constant', 10_000),
      run('render', 3_000),
      run('constant', 10_000),
    ];
    const [render] = medianRounds(['render'], bracketRuns(runs));
    expect(render!.result.rps).toBe(2_000);
    expect(render!.roundRatios).toEqual([0.2, 0.1, 0.3]);
  });

  test('a CPU ratio is the median of its back-to-back pairs', () => {
    const ratio = cpuRatio({
      key: 'cacheHit',
      reference: 'savedHtml',
      limit: 1.15,
      runs: [
        { scenarioUs: 110, referenceUs: 100 },
        { scenarioUs: 150, referenceUs: 100 },
        { scenarioUs: 80, referenceUs: 80 },
      ],
    });
    expect(ratio.byPair).toEqual([1.1, 1.5, 1]);
    expect(ratio.median).toBe(1.1);
  });

  test('a CPU ratio without a usable pair is not measured', () => {
    expect(
      cpuRatio({ key: 'cacheHit', reference: 'savedHtml', limit: 1.15, runs: [{ scenarioUs: 100, referenceUs: 0 }] }).median,
    ).toBeNaN();
    expect(cpuRatio({ key: 'cacheHit', reference: 'savedHtml', limit: 1.15, runs: [] }).median).toBeNaN();
  });

  test('the CPU budgets pair every scenario with the reference that does its job with nothing else', () => {
    expect(CPU_PAIRS.map((p) => [p.key, p.reference, p.limit])).toEqual([
      ['cacheHit', 'savedHtml', 1.15],
      ['render', 'minimalRender', 1.15],
      ['payload', 'savedHtml', 1.15],
      ['redirect', 'savedHtml', 1.15],
    ]);
  });

  test('the image saving is over all the pages’ bytes together', () => {
    const page = (beforeBytes: number, afterBytes: number) => ({
      path: '/',
      images: [],
      beforeBytes,
      afterBytes,
      saving: 1 - afterBytes / beforeBytes,
    });
    expect(imageSaving([page(100, 10), page(300, 90)])).toBeCloseTo(0.75);
    expect(imageSaving([])).toBeNaN();
  });
});
