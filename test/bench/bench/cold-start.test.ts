/** Cold-start figures from made-up timings and a made-up profile. */
import { describe, expect, test } from 'vitest';
import { busyMs, coldStartRatio, measureColdStarts, type CpuProfile } from '../../../bench/lib/bench/cold-start';

describe('cold start', () => {
  test('the ratio is the site’s median first request over the reference’s', () => {
    const runs = [
      { siteMs: 30, minimalRenderMs: 10, kvRenderMs: 40 },
      { siteMs: 20, minimalRenderMs: 12, kvRenderMs: 30 },
      { siteMs: 25, minimalRenderMs: 50, kvRenderMs: 20 },
    ];
    expect(coldStartRatio(runs)).toBeCloseTo(25 / 12);
    expect(coldStartRatio([])).toBeNaN();
  });

  test('the KV-reading reference gives its own ratio, the same way', () => {
    const runs = [
      { siteMs: 30, minimalRenderMs: 10, kvRenderMs: 40 },
      { siteMs: 20, minimalRenderMs: 12, kvRenderMs: 30 },
      { siteMs: 25, minimalRenderMs: 50, kvRenderMs: 20 },
    ];
    expect(coldStartRatio(runs, 'kvRenderMs')).toBeCloseTo(25 / 30);
  });

  test('every round starts a fresh runtime, stops it, and rotates which worker is asked first', async () => {
    const asked: string[] = [];
    let stopped = 0;
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((url: string) => {
      asked.push(url);
      return Promise.resolve(new Response('ok'));
    }) as typeof fetch;
    try {
      const runs = await measureColdStarts(
        3,
        () =>
          Promise.resolve({ siteUrl: 'site', minimalRenderUrl: 'minimal', kvRenderUrl: 'kv', stop: () => Promise.resolve(void stopped++) }),
        {},
      );
      expect(runs).toHaveLength(3);
      expect(asked).toEqual(['site', 'minimal', 'kv', 'minimal', 'kv', 'site', 'kv', 'site', 'minimal']);
      expect(stopped).toBe(3);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  test('a worker that does not answer 200 fails the measurement', async () => {
    const realFetch = globalThis.fetch;
    globalThis.fetch = () => Promise.resolve(new Response('no', { status: 503 }));
    try {
      await expect(
        measureColdStarts(
          1,
          () => Promise.resolve({ siteUrl: 'site', minimalRenderUrl: 'minimal', kvRenderUrl: 'kv', stop: () => Promise.resolve() }),
          {},
        ),
      ).rejects.toThrow(/site answered 503/);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  test('start-up CPU counts every profile sample but the idle ones', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: { functionName: '(root)' } },
        { id: 2, callFrame: { functionName: '(idle)' } },
        { id: 3, callFrame: { functionName: 'parse' } },
      ],
      startTime: 0,
      endTime: 10_000,
      samples: [2, 3, 3, 1],
      timeDeltas: [5_000, 1_000, 1_500, 500],
    };
    expect(busyMs(profile)).toBe(3);
  });
});
