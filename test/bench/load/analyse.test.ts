/** The load test's pass/fail rules, with made-up numbers. */
import { describe, expect, test } from 'vitest';
import {
  loadProblems,
  publishProblems,
  switchVerdict,
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
    rssAfterWarmup: 100,
    rssAtEnd: 110,
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

  test('5xx, socket errors, wrong statuses and memory growth each fail the run', () => {
    expect(loadProblems({ ...fine, statusCounts: { ...fine.statusCounts, 500: 1, 503: 2 } })).toEqual(['3 5xx answer(s) (500: 1, 503: 2)']);
    expect(loadProblems({ ...fine, errors: 2, timeouts: 1 })).toEqual(['2 socket error(s) or timeout(s) (1 timeout(s))']);
    expect(loadProblems({ ...fine, unexpected: 4 })).toEqual(['4 answer(s) with a status wrong for the request']);
    expect(loadProblems({ ...fine, rssAtEnd: 121 })).toEqual(['workerd RSS grew 21.0% after warm-up (limit 20%)']);
    expect(loadProblems({ ...fine, rssAtEnd: 120 })).toEqual([]);
    expect(loadProblems({ ...fine, rssAfterWarmup: NaN })).toEqual(['workerd memory was not measured']);
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
    expect(publishProblems({ pointerStartedAt: NaN, publishedAt: NaN, error: 'KV bulk write failed: 500' }, clean)).toEqual([
      'publishing failed: KV bulk write failed: 500',
      'the new build was not published',
    ]);
  });

  test("the sampler's problems follow the publish's own", () => {
    expect(
      publishProblems({ pointerStartedAt: 1, publishedAt: 2 }, { ...clean, ok: false, problems: ['the new build x never appeared'] }),
    ).toEqual(['the new build x never appeared']);
  });
});
