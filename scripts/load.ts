/**
 * `npm run load [-- --seconds N --connections C --warmup N]`: a bounded load test on loopback.
 *
 * Builds the repository's content/ (11 locales) and a changed copy of it (a new build id),
 * runs the first build's worker under plain `workerd serve` (the bench's setup,
 * scripts/lib/perf/runtime.ts), and drives the request mix of scripts/lib/perf/load-mix.ts
 * with autocannon. Halfway through it publishes the second build into the same KV (records
 * first, pointer last) while a sampler checks which build every page names.
 *
 * Fails (exit 1) on any 5xx, socket error or timeout, wrong status for a request, workerd
 * RSS growth above 20% after warm-up, or a page naming neither build / the new build not
 * taking over after the pointer TTL. Stops by itself: time- and request-bounded; everything
 * started is stopped, even on failure.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cleanUpOnSignals, fail, flags } from './lib/cli';
import { ROOT } from './lib/bundle';
import { buildOrThrow, removeAll, tempDir } from './lib/perf/fixture';
import { loadProblems, MAX_MEMORY_GROWTH } from './lib/perf/load-check';
import { runLoad } from './lib/perf/load-gen';
import { buildMix, hashedAssets, newTally, pagePaths, toAutocannonRequests } from './lib/perf/load-mix';
import { fmt, section, table } from './lib/perf/report';
import { readWranglerSettings, startRuntime, type Runtime } from './lib/perf/runtime';
import { startSampler, switchVerdict, type Sampler } from './lib/perf/sampler';

const { values } = flags({
  seconds: { type: 'string', default: '60' },
  connections: { type: 'string', default: '20' },
  warmup: { type: 'string' },
});
const num = (raw: unknown, name: string, min: number, max: number) => {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) fail(`--${name} must be a number from ${min} to ${max}`);
  return n;
};
const seconds = num(values.seconds, 'seconds', 4, 600);
const connections = num(values.connections, 'connections', 1, 200);
/**
 * Warm-up: at least `--warmup` seconds, then on in steps until workerd's RSS holds still
 * (under 3% growth over a step), at most WARMUP_MAX_S, so start-up growth (JIT, the isolate's
 * memo, the edge cache, heap sizing: see STEADY_STATE_V8_FLAGS in runtime.ts) is not read as
 * a leak.
 */
const warmup = num(values.warmup ?? 4, 'warmup', 1, 60);
const WARMUP_STEP_S = 2;
const WARMUP_MAX_S = Math.max(warmup, 30);
const WARMUP_STEADY = 0.03;

const log = (s: string) => process.stdout.write(s + '\n');
const step = (s: string) => process.stderr.write(`load: ${s}\n`);

const temps: string[] = [];
let runtime: Runtime | undefined;
let sampler: Sampler | undefined;
async function cleanup() {
  await sampler?.stop().catch(() => undefined);
  sampler = undefined;
  const rt = runtime;
  runtime = undefined;
  await rt?.stop().catch(() => undefined);
  await removeAll(temps.splice(0));
}
cleanUpOnSignals(cleanup);

/** A copy of content/ with one visible change: same code, different content, new build id. */
async function changedContent(): Promise<string> {
  const dir = await tempDir('load-content-b');
  temps.push(dir);
  await cp(join(ROOT, 'content'), dir, { recursive: true });
  const file = join(dir, 'pages/en/index.json');
  const page = JSON.parse(await readFile(file, 'utf8')) as { title: string };
  page.title += ' (updated)';
  await writeFile(file, JSON.stringify(page, null, 2));
  return dir;
}

async function main(): Promise<number> {
  const wrangler = readWranglerSettings(await readFile(join(ROOT, 'wrangler.toml'), 'utf8'));
  const ttlMs = Number(wrangler.vars.BUILD_POINTER_TTL_MS ?? 5000);

  step('building content/ and a changed copy');
  const outA = await tempDir('load-dist-a');
  temps.push(outA);
  const outB = await tempDir('load-dist-b');
  temps.push(outB);
  const a = await buildOrThrow(join(ROOT, 'content'), outA);
  const b = await buildOrThrow(await changedContent(), outB);
  if (a.build.id === b.build.id) throw new Error('the changed content built to the same id');

  // no_bundle: the file the build wrote is the file wrangler uploads (the bench checks that
  // with a dry run; here it would only cost time).
  step('starting workerd');
  runtime = await startRuntime({ scriptPath: join(outA, 'worker/index.js'), publicDir: join(outA, 'public'), wrangler });
  await runtime.putKv(a.build.records);
  await runtime.putKv([a.build.pointer]);

  const mix = buildMix(a.build, await hashedAssets(join(outA, 'public')));
  const tally = newTally();
  const requests = toAutocannonRequests(mix, tally);
  const url = runtime.urls.edge;

  step(`warm-up: at least ${warmup} s, until workerd's memory holds still (at most ${WARMUP_MAX_S} s)`);
  const warmupTrace: number[] = [await runtime.rss()];
  let warmedSeconds = 0;
  const warmTally = newTally();
  for (;;) {
    const r = await runLoad({ url, seconds: WARMUP_STEP_S, connections, requests: toAutocannonRequests(mix, warmTally) });
    warmedSeconds += r.seconds;
    warmupTrace.push(await runtime.rss());
    const lastGrowth = warmupTrace.at(-1)! / warmupTrace.at(-2)! - 1;
    if (warmedSeconds >= warmup && lastGrowth < WARMUP_STEADY) break;
    if (warmedSeconds >= WARMUP_MAX_S) break;
  }
  const rssAfterWarmup = warmupTrace.at(-1)!;

  step(
    `load: ${seconds} s, ${connections} connections, ${mix.length} distinct requests; publishing ${b.build.id} at ${Math.round(seconds / 2)} s`,
  );
  const htmlPages = pagePaths(a.build);
  // Bounded: the run, the TTL and a margin.
  sampler = startSampler(url, htmlPages, (seconds + ttlMs / 1000 + 30) * 1000);
  const s = sampler;
  const publish = { pointerStartedAt: NaN, publishedAt: NaN, error: undefined as string | undefined };
  const rt = runtime;
  const publishTimer = setTimeout(
    () => {
      void (async () => {
        await rt.putKv(b.build.records);
        publish.pointerStartedAt = s.now();
        await rt.putKv([b.build.pointer]);
        publish.publishedAt = s.now();
      })().catch((err: Error) => (publish.error = err.message));
    },
    (seconds / 2) * 1000,
  );
  let result;
  try {
    result = await runLoad({ url, seconds, connections, requests });
  } finally {
    clearTimeout(publishTimer);
  }
  const rssAtEnd = await runtime.rss();

  // The sampler goes on (bounded) until the new build has had its TTL to take over.
  if (Number.isFinite(publish.publishedAt)) {
    await s.waitFor(b.build.id, Math.max(0, publish.publishedAt + ttlMs + 3000 - s.now()));
    const until = publish.publishedAt + ttlMs + 1500;
    while (s.now() < until) await new Promise((r) => setTimeout(r, 100));
  }
  await s.stop();
  sampler = undefined;
  const verdict = switchVerdict({
    samples: s.samples,
    oldId: a.build.id,
    newId: b.build.id,
    pointerStartedAt: publish.pointerStartedAt,
    publishedAt: publish.publishedAt,
    ttlMs,
  });
  const switchProblems = [
    ...(publish.error ? [`publishing failed: ${publish.error}`] : []),
    ...(Number.isFinite(publish.publishedAt) ? [] : ['the new build was not published']),
    ...verdict.problems,
  ];

  const problems = loadProblems({
    statusCounts: result.statusCounts,
    errors: result.errors,
    timeouts: result.timeouts,
    unexpected: tally.unexpected,
    rssAfterWarmup,
    rssAtEnd,
    switchProblems,
  });

  log(
    section(
      `Load: plain workerd serve (static assets, then the worker), ${connections} connections, ${warmedSeconds.toFixed(0)} s warm-up + ${result.seconds.toFixed(1)} s`,
    ),
  );
  log(
    `requests: ${fmt.int(result.requests)}   req/s: ${fmt.int(result.rps)}   p50: ${fmt.ms(result.p50)} ms   p99: ${fmt.ms(result.p99)} ms`,
  );
  log(`status counts: ${fmt.statuses(result.statusCounts)}`);
  log(`socket errors: ${result.errors} (timeouts: ${result.timeouts}), connection resets: ${result.resets}`);
  log('');
  log(
    table(
      ['request kind', 'in mix', 'answers', 'statuses'],
      [...new Set(mix.map((m) => m.kind))].map((kind) => {
        const counts = tally.byKind[kind] ?? {};
        return [
          kind,
          mix.filter((m) => m.kind === kind).length,
          fmt.int(Object.values(counts).reduce((x, y) => x + y, 0)),
          fmt.statuses(counts),
        ];
      }),
    ),
  );
  if (tally.examples.length) log(`wrong statuses, e.g.:\n  ${tally.examples.join('\n  ')}`);
  const growth = rssAtEnd / rssAfterWarmup - 1;
  log(
    `\nworkerd memory (RSS, pid ${runtime.pid}): ${fmt.mb(rssAfterWarmup)} after warm-up, ${fmt.mb(rssAtEnd)} at the end (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%, limit +${MAX_MEMORY_GROWTH * 100}%)`,
  );
  log(`warm-up RSS every ${WARMUP_STEP_S} s: ${warmupTrace.map((b) => fmt.mb(b)).join(' -> ')}`);
  log(
    `publish under load: ${a.build.id} -> ${b.build.id} at ${fmt.ms(publish.publishedAt / 1000, 1)} s; ` +
      `first page of the new build ${verdict.firstNewAfterMs === null ? 'never' : `${fmt.int(verdict.firstNewAfterMs)} ms`} after the pointer write, ` +
      `last of the old ${verdict.lastOldAfterMs === null ? '-' : `${fmt.int(verdict.lastOldAfterMs)} ms`} after (pointer TTL ${ttlMs} ms)`,
  );
  log(`sampled pages by build: ${fmt.statuses(verdict.counts)}`);
  log(
    problems.length
      ? `\nFAILED:\n  ${problems.join('\n  ')}`
      : '\nOK: no 5xx, no socket errors or timeouts, every status as expected, memory steady, clean build switch',
  );
  return problems.length ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  process.stderr.write(`load failed: ${(err as Error).stack ?? String(err)}\n`);
  if (runtime) process.stderr.write(`workerd stderr:\n${runtime.stderrTail()}\n`);
} finally {
  await cleanup();
}
process.exit(code);
