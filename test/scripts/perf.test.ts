/**
 * The performance scripts: the pure rules of the bench (budgets) and of the load test, and a
 * short real load run (`npm run load -- --seconds 10`). The bench itself is too slow for
 * `npm test`; run `npm run bench` by hand.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { BUDGETS, KB, compareWithReferences, evaluateBudgets, medianBy, missed, type BudgetInput } from '../../scripts/lib/perf/budgets';
import { parseUploadSize } from '../../scripts/lib/dry-run';
import { loadProblems, type LoadCheckInput } from '../../scripts/lib/perf/load-check';
import { parseHeadersFile, readWranglerSettings } from '../../scripts/lib/perf/runtime';
import { switchVerdict, type Sample } from '../../scripts/lib/perf/sampler';
import { REPO_ROOT } from '../support/built-site';

const good: BudgetInput = {
  render: { rps: 4_500, constantRps: 16_000 },
  cacheHit: { rps: 12_000, constantRps: 16_000 },
  renderMedianMs: 0.4,
  clientOwnGzipBytes: 12 * KB,
  workerGzipBytes: 240 * KB,
  scale: [
    { pages: 10, renderMedianMs: 0.3 },
    { pages: 1_000, renderMedianMs: 0.31 },
    { pages: 10_000, renderMedianMs: 0.33 },
  ],
};

const missedNames = (input: BudgetInput) => missed(evaluateBudgets(input)).map((c) => c.name);

describe('bench budgets', () => {
  test('numbers within every budget pass', () => {
    expect(missedNames(good)).toEqual([]);
  });

  test('each missed budget is flagged by name, and only that one', () => {
    expect(missedNames({ ...good, render: { rps: 3_000, constantRps: 16_000 } })).toEqual([
      'full render (cache bypassed) vs constant route, req/s',
    ]);
    expect(missedNames({ ...good, cacheHit: { rps: 11_000, constantRps: 16_000 } })).toEqual(['edge cache hit vs constant route, req/s']);
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
  });

  test('limits are inclusive where the issue says "at most" / "at least"', () => {
    expect(
      missedNames({
        ...good,
        render: { rps: 4_000, constantRps: 16_000 },
        cacheHit: { rps: 11_200, constantRps: 16_000 },
        clientOwnGzipBytes: 15 * KB,
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
      render: { rps: NaN, constantRps: 16_000 },
      cacheHit: { rps: 12_000, constantRps: 0 },
      renderMedianMs: NaN,
      scale: [],
    });
    expect(missed(checks).map((c) => c.name)).toEqual([
      'full render (cache bypassed) vs constant route, req/s',
      'edge cache hit vs constant route, req/s',
      'server render of the fixture page, median',
      'render time, ? pages vs ? pages',
    ]);
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

describe('perf helpers', () => {
  test("wrangler's upload size line", () => {
    expect(parseUploadSize('Total Upload: 877.81 KiB / gzip: 235.00 KiB\n')).toEqual({ totalKiB: 877.81, gzipKiB: 235 });
    expect(parseUploadSize('nothing here')).toBeNull();
  });

  test('wrangler.toml settings for workerd: compatibility date and top-level vars only', () => {
    const s = readWranglerSettings('compatibility_date = "2026-04-20"\n[vars]\nA = "1"\nB = ""\n[env.x.vars]\nA = "2"\n');
    expect(s).toEqual({ compatibilityDate: '2026-04-20', compatibilityFlags: [], vars: { A: '1', B: '' } });
  });

  test('_headers rules', () => {
    expect(parseHeadersFile('/_app/*\n  Cache-Control: immutable\n  X-A: b\n/x\n  Y: z\n')).toEqual([
      { pattern: '/_app/*', headers: { 'Cache-Control': 'immutable', 'X-A': 'b' } },
      { pattern: '/x', headers: { Y: 'z' } },
    ]);
  });
});

describe('npm run load', () => {
  test('a 10 s run under plain workerd passes and reports status counts', async () => {
    const child = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['scripts/load.ts', '--seconds', '10'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    // SIGTERM (not SIGKILL) on timeout: the script then stops its workerd before exiting.
    const timer = setTimeout(() => child.kill('SIGTERM'), 170_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(timer);
    expect(out).toMatch(/status counts: .*200: \d+/);
    expect(code, out).toBe(0);
  }, 180_000);
});
