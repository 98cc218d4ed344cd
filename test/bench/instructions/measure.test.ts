/** Counting instructions per request: the order of steps and the arithmetic, with a counter that counts requests. */
import { describe, expect, test } from 'vitest';
import {
  countInstructions,
  instructionRatios,
  instructionResults,
  missedRatios,
  ratiosCounted,
  type Counter,
} from '../../../bench/lib/instructions/measure';

/** A process where each request costs its URL's price, counted only while counting is on. */
function fakeProcess(prices: Record<string, number>) {
  let total = 0;
  let on = false;
  const events: string[] = [];
  const counter: Counter = {
    counting: (value) => Promise.resolve(void ((on = value), events.push(value ? 'on' : 'off'))),
    total: () => Promise.resolve(total),
    dump: (label) => Promise.resolve(void events.push(`dump ${label}`)),
  };
  const request = (url: string) => Promise.resolve(void ((total += on ? prices[url]! : 0), events.push(`get ${url}`)));
  return { counter, request, events };
}

const scenarios = [
  { key: 'hit', label: 'hit', url: 'h' },
  { key: 'saved', label: 'saved', url: 's' },
];

describe('instructions per request', () => {
  test("each round's figure is the instructions counted over its requests, divided by their number", async () => {
    const { counter, request } = fakeProcess({ h: 120, s: 100 });
    const counts = await countInstructions(counter, scenarios, { warmupRequests: 5, requests: 4, rounds: 2 }, request);
    expect(counts).toEqual([
      { key: 'hit', label: 'hit', perRequest: [120, 120] },
      { key: 'saved', label: 'saved', perRequest: [100, 100] },
    ]);
  });

  test('warm-up requests come first and are never counted', async () => {
    const { counter, request, events } = fakeProcess({ h: 1, s: 1 });
    await countInstructions(counter, scenarios, { warmupRequests: 3, requests: 1, rounds: 1 }, request);
    expect(events).toEqual(['get h', 'get h', 'get h', 'get s', 'get s', 'get s', 'on', 'get h', 'off', 'on', 'get s', 'off']);
  });

  test('a scenario of several URLs sends its requests to each in turn, in warm-up and in every round', async () => {
    const { counter, request, events } = fakeProcess({ a: 100, b: 300 });
    const counts = await countInstructions(
      counter,
      [{ key: 'mix', label: 'mix', url: 'a', urls: ['a', 'b'] }],
      { warmupRequests: 3, requests: 4, rounds: 1 },
      request,
    );
    expect(events.filter((e) => e.startsWith('get'))).toEqual(['get a', 'get b', 'get a', 'get a', 'get b', 'get a', 'get b']);
    expect(counts[0]!.perRequest).toEqual([200]);
  });

  test("asked for profiles, it writes each scenario's round apart, after counting stops", async () => {
    const { counter, request, events } = fakeProcess({ h: 1, s: 1 });
    await countInstructions(counter, scenarios, { warmupRequests: 0, requests: 1, rounds: 1, dumpEachRound: true }, request);
    expect(events).toEqual(['on', 'get h', 'off', 'dump hit round 1', 'on', 'get s', 'off', 'dump saved round 1']);
  });

  test('a ratio is the median of one scenario over the median of another', () => {
    const counts = [
      { key: 'hit', label: 'hit', perRequest: [130, 120, 5_000] },
      { key: 'saved', label: 'saved', perRequest: [100, 99, 101] },
    ];
    const [ratio] = instructionRatios(counts, [{ key: 'hit', over: 'saved', label: 'hit ÷ saved' }]);
    expect(ratio!.ratio).toBeCloseTo(1.3);
  });

  test('a ratio with a side that was not counted is NaN, not a number that looks measured', () => {
    const [ratio] = instructionRatios([{ key: 'hit', label: 'hit', perRequest: [1] }], [{ key: 'hit', over: 'missing', label: 'x' }]);
    expect(ratio!.ratio).toBeNaN();
  });

  test('a judged ratio over its limit is missed; one at its limit, or one without a limit, is not', () => {
    const counts = [
      { key: 'hit', label: 'hit', perRequest: [116] },
      { key: 'payload', label: 'payload', perRequest: [115] },
      { key: 'saved', label: 'saved', perRequest: [100] },
    ];
    const ratios = instructionRatios(counts, [
      { key: 'hit', over: 'saved', label: 'hit', limit: 1.15 },
      { key: 'payload', over: 'saved', label: 'payload', limit: 1.15 },
      { key: 'hit', over: 'payload', label: 'reported only' },
    ]);
    expect(missedRatios(ratios).map((r) => r.label)).toEqual(['hit']);
  });

  test('a judged ratio that was not counted is missed', () => {
    const ratios = instructionRatios(
      [{ key: 'hit', label: 'hit', perRequest: [1] }],
      [{ key: 'hit', over: 'saved', label: 'x', limit: 1.15 }],
    );
    expect(missedRatios(ratios)).toHaveLength(1);
  });

  test('the results name each ratio by its scenario and reference, with the counts behind them', () => {
    const counts = [
      { key: 'hit', label: 'hit', perRequest: [114_500.4, 114_600, 200_000] },
      { key: 'saved', label: 'saved', perRequest: [100_000, 100_000, 100_000] },
    ];
    const ratios = instructionRatios(counts, [{ key: 'hit', over: 'saved', label: 'hit', limit: 1.15 }]);
    expect(instructionResults(counts, ratios)).toEqual({
      ratios: [{ key: 'hit', over: 'saved', ratio: 1.146, limit: 1.15 }],
      counts: {
        hit: { median: 114_600, rounds: [114_500, 114_600, 200_000] },
        saved: { median: 100_000, rounds: [100_000, 100_000, 100_000] },
      },
    });
  });

  test('a partial run reads only the ratios whose two scenarios it counted', () => {
    const specs = [
      { key: 'hit', over: 'saved', label: 'hit', limit: 1.15 },
      { key: 'search', over: 'render', label: 'search', limit: 2 },
      { key: 'hit', over: 'render', label: 'mixed' },
    ];
    expect(ratiosCounted(specs, new Set(['hit', 'saved'])).map((r) => r.label)).toEqual(['hit']);
  });
});
