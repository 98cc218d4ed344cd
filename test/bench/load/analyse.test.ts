/** The load test's pass/fail rules, with made-up numbers. */
import { describe, expect, test } from 'vitest';
import {
  loadProblems,
  publishProblems,
  switchVerdict,
  switchVerdicts,
  warmUpOver,
  type LoadCheckInput,
  type SwitchVerdict,
} from '../../../bench/lib/load/analyse';
import type { Sample } from '../../../bench/lib/load/sampler';

describe('load test rules', () => {
  const fine: LoadCheckInput = {
    statusCounts: { 200: 1000, 302: 10, 404: 20 },
    errors: 0,
    timeouts: 0,
    unexpected: 0,
    heapAfterWarmup: 100,
    heapAtEnd: 105,
    switchProblems: [],
  };

  test('a clean run passes', () => {
    expect(loadProblems(fine)).toEqual([]);
  });

  test('an accepted form post without a stored entry fails the run, and so does a run that stored none', () => {
    expect(loadProblems({ ...fine, formEntries: { accepted: 500, stored: 500, missing: 0 } })).toEqual([]);
    expect(loadProblems({ ...fine, formEntries: { accepted: 500, stored: 499, missing: 1 } })).toEqual([
      '1 of 500 accepted form post(s) not stored in FORMS_DB',
    ]);
    expect(loadProblems({ ...fine, formEntries: { accepted: 0, stored: 0, missing: 0 } })).toEqual([
      'no form post was accepted, so storing entries was not tested',
    ]);
  });

  test('5xx, socket errors and wrong statuses each fail the run', () => {
    expect(loadProblems({ ...fine, statusCounts: { ...fine.statusCounts, 500: 1, 503: 2 } })).toEqual(['3 5xx answer(s) (500: 1, 503: 2)']);
    expect(loadProblems({ ...fine, errors: 2, timeouts: 1 })).toEqual(['2 socket error(s) or timeout(s) (1 timeout(s))']);
    expect(loadProblems({ ...fine, unexpected: 4 })).toEqual(['4 answer(s) with a status wrong for the request']);
  });

  test("the site isolate's heap after GC may end at most 10% above the sample after warm-up", () => {
    expect(loadProblems({ ...fine, heapAtEnd: 110 })).toEqual([]);
    expect(loadProblems({ ...fine, heapAtEnd: 111 })).toEqual(["the site isolate's heap after GC grew 11.0% after warm-up (limit 10%)"]);
    expect(loadProblems({ ...fine, heapAfterWarmup: NaN })).toEqual(["the site isolate's heap was not measured"]);
  });

  describe('with a KV fault window', () => {
    const window = { start: 10_000, end: 30_000 };
    const noted = (at: number, status: number, expected = false) => ({ at, status, kind: 'page' as const, expected });

    test('503s inside the window (and just after it) are the documented answer and pass', () => {
      const answers = [noted(10_500, 503), noted(29_000, 503), noted(31_000, 503)];
      expect(loadProblems({ ...fine, statusCounts: { 200: 10, 503: 3 }, unexpected: 3, noted: answers, faultWindows: [window] })).toEqual(
        [],
      );
    });

    test('a 503 outside the window fails the run', () => {
      const answers = [noted(10_500, 503), noted(40_000, 503)];
      expect(loadProblems({ ...fine, statusCounts: { 503: 2 }, unexpected: 2, noted: answers, faultWindows: [window] })).toEqual([
        '1 5xx answer(s) outside the fault window (503: 1)',
        '1 answer(s) with a status wrong for the request outside the fault window',
      ]);
    });

    test('a 500 inside the window fails the run', () => {
      const answers = [noted(12_000, 500)];
      expect(loadProblems({ ...fine, statusCounts: { 500: 1 }, unexpected: 1, noted: answers, faultWindows: [window] })).toEqual([
        '1 5xx answer(s) outside the fault window (500: 1)',
        '1 5xx other than 503 inside the fault window',
        '1 answer(s) with a status wrong for the request outside the fault window',
      ]);
    });
  });

  const sample = (at: number, buildId: string | null, extra: Partial<Sample> = {}): Sample => ({
    at,
    end: at + 5,
    path: '/en',
    status: 200,
    buildId,
    ...extra,
  });
  const base = { oldId: 'aaaaaaaaaaaaaaaa', newId: 'bbbbbbbbbbbbbbbb', pointerStartedAt: 1_000, publishedAt: 1_010, ttlMs: 5_000 };

  test('a build switch within the pointer TTL passes', () => {
    const samples = [sample(0, base.oldId), sample(3_000, base.oldId), sample(4_000, base.newId), sample(8_000, base.newId)];
    const verdict = switchVerdict({ ...base, samples });
    expect(verdict.problems).toEqual([]);
    expect(verdict.counts).toEqual({ old: 2, new: 2 });
  });

  test('a page naming another build, a late switch, or an early one fails', () => {
    const other = switchVerdict({ ...base, samples: [sample(0, 'cccccccccccccccc'), sample(8_000, base.newId)] });
    expect(other.problems.join()).toMatch(/named neither build/);
    const never = switchVerdict({ ...base, samples: [sample(0, base.oldId), sample(9_000, base.oldId)] });
    expect(never.problems.join()).toMatch(/never appeared/);
    expect(never.problems.join()).toMatch(/old build was still served/);
    const early = switchVerdict({ ...base, samples: [sample(100, base.newId), sample(8_000, base.newId)] });
    expect(early.problems.join()).toMatch(/before its pointer was written/);
    const failed = switchVerdict({ ...base, samples: [sample(0, null, { status: 0, error: 'ECONNRESET' }), sample(8_000, base.newId)] });
    expect(failed.problems.join()).toMatch(/sampler request\(s\) failed/);
  });
});

describe('load test warm-up', () => {
  test('ends once it has lasted the time asked for and memory grew under 3% over the last step', () => {
    expect(warmUpOver({ rssTrace: [100, 150, 152], seconds: 4, minSeconds: 4 })).toBe(true);
  });

  test('goes on while memory still grows', () => {
    expect(warmUpOver({ rssTrace: [100, 150, 170], seconds: 4, minSeconds: 4 })).toBe(false);
  });

  test('goes on until the time asked for even when memory holds still', () => {
    expect(warmUpOver({ rssTrace: [100, 100], seconds: 2, minSeconds: 4 })).toBe(false);
  });

  test('ends after 30 s even when memory still grows, so a leak is still caught', () => {
    expect(warmUpOver({ rssTrace: [100, 200, 300], seconds: 30, minSeconds: 4 })).toBe(true);
  });
});

describe('load test publish', () => {
  const clean: SwitchVerdict = { ok: true, problems: [], counts: {}, firstNewAfterMs: 100, lastOldAfterMs: 50 };

  test("a publish that failed fails the run with the publisher's error", () => {
    expect(publishProblems({ id: 'b', pointerStartedAt: NaN, publishedAt: NaN, error: 'KV bulk write failed: 500' }, clean)).toEqual([
      'publishing b failed: KV bulk write failed: 500',
      'the build b was not published',
    ]);
  });

  test("the sampler's problems follow the publish's own", () => {
    expect(
      publishProblems(
        { id: 'x', pointerStartedAt: 1, publishedAt: 2 },
        { ...clean, ok: false, problems: ['the new build x never appeared'] },
      ),
    ).toEqual(['the new build x never appeared']);
  });
});

describe('a soak with several publishes', () => {
  const ids = ['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb', 'cccccccccccccccc'];
  const publishes = [
    { id: ids[1]!, pointerStartedAt: 10_000, publishedAt: 10_010 },
    { id: ids[2]!, pointerStartedAt: 30_000, publishedAt: 30_010 },
  ];
  const at = (t: number, buildId: string | null, status = 200): Sample => ({ at: t, end: t + 5, path: '/en', status, buildId });

  test('each switch is judged between its neighbours: two clean switches pass', () => {
    const samples = [at(1_000, ids[0]!), at(12_000, ids[1]!), at(20_000, ids[1]!), at(32_000, ids[2]!), at(40_000, ids[2]!)];
    const verdicts = switchVerdicts({ samples, ids, publishes, ttlMs: 5_000 });
    expect(verdicts.map((v) => v.problems)).toEqual([[], []]);
  });

  test('a page of the first build after the second switch fails that switch', () => {
    const samples = [at(1_000, ids[0]!), at(20_000, ids[1]!), at(32_000, ids[2]!), at(40_000, ids[0]!), at(41_000, ids[2]!)];
    const verdicts = switchVerdicts({ samples, ids, publishes, ttlMs: 5_000 });
    expect(verdicts[1]!.problems.join()).toMatch(/named neither build/);
  });

  test('pages inside a fault window (503, no build named) are left out of the switch verdicts', () => {
    const samples = [
      at(1_000, ids[0]!),
      at(12_000, ids[1]!),
      at(18_000, ids[1]!),
      at(21_000, null, 503),
      at(32_000, ids[2]!),
      at(40_000, ids[2]!),
    ];
    const verdicts = switchVerdicts({ samples, ids, publishes, ttlMs: 5_000, faultWindows: [{ start: 20_500, end: 22_000 }] });
    expect(verdicts.map((v) => v.problems)).toEqual([[], []]);
  });
});
