/** Cold-start figures from made-up timings and a made-up profile. */
import { describe, expect, test } from 'vitest';
import {
  COLD_START_ROUNDS,
  busyMs,
  coldStartRatio,
  measureColdStarts,
  startupArgs,
  type CpuProfile,
} from '../../../bench/lib/bench/cold-start';

describe('cold start', () => {
  // Restart 3 is slow for both workers (a neighbour's burst): its own ratio is ordinary.
  const runs = [
    { siteMs: 20, minimalRenderMs: 10, kvRenderMs: 25 },
    { siteMs: 22, minimalRenderMs: 11, kvRenderMs: 26 },
    { siteMs: 60, minimalRenderMs: 30, kvRenderMs: 70 },
    { siteMs: 21, minimalRenderMs: 7, kvRenderMs: 24 },
  ];

  test('the ratio is the median of each restart’s own ratio of the site to the reference', () => {
    expect(coldStartRatio(runs)).toBeCloseTo(2, 3);
    expect(coldStartRatio([])).toBeNaN();
  });

  test('the KV-reading reference gives its own ratio, the same way', () => {
    expect(coldStartRatio(runs, 'kvRenderMs')).toBeCloseTo((22 / 26 + 60 / 70) / 2, 3);
  });

  test('a site slower than the reference in most restarts misses, however fast one restart was', () => {
    const slow = [
      { siteMs: 30, minimalRenderMs: 10, kvRenderMs: 25 },
      { siteMs: 31, minimalRenderMs: 10, kvRenderMs: 26 },
      { siteMs: 10, minimalRenderMs: 10, kvRenderMs: 40 },
    ];
    expect(coldStartRatio(slow, 'kvRenderMs')).toBeGreaterThan(1);
  });

  test('the bench asks each worker first equally often over its restarts', () => {
    expect(COLD_START_ROUNDS % 3).toBe(0);
    expect(COLD_START_ROUNDS).toBeGreaterThanOrEqual(9);
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

  // Its inner build gets only --args: without --config there it profiled ./wrangler.toml's dist/.
  test('wrangler check startup builds the worker of the config it is given', () => {
    const args = startupArgs('/tmp/build/wrangler.toml', '/tmp/build/site.cpuprofile');
    expect(args).toContain('--args=--config /tmp/build/wrangler.toml --env=');
    expect(() => startupArgs('/tmp/my build/wrangler.toml', '/tmp/x')).toThrow(/spaces/);
  });
});
