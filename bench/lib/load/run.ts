/**
 * A load run, measuring only (./analyse.ts judges, ./report.ts prints): builds the
 * repository's content/ (11 locales) and a changed copy of it (a new build id), runs the first
 * build's worker under plain `workerd serve` (../workerd/runtime.ts) and drives the request mix
 * (./mix.ts) with autocannon. Halfway through it publishes the second build into the same KV
 * as `npm run publish` does (records, the pointer, then the published marker) while a sampler (./sampler.ts) records which build every page
 * names. Bounded in time and in requests.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from '../../../scripts/lib/bundle';
import { readWranglerSettings, WRANGLER_TOML } from '../../../scripts/lib/wrangler-toml';
import { buildOrThrow, publishedMarker } from '../built-site';
import type { Cleanup } from '../cleanup';
import { runLoad } from '../load-generator';
import { startRuntime } from '../workerd/runtime';
import { WARMUP_MAX_S, WARMUP_STEP_S, warmUpOver } from './analyse';
import type { LoadMeasurements, LoadSettings, PublishOutcome } from './measurements';
import { buildMix, hashedAssets, newTally, pagePaths, toAutocannonRequests } from './mix';
import { startSampler } from './sampler';

type Step = (message: string) => void;

/** A copy of content/ with one visible change: same code, different content, new build id. */
async function changedContent(cleanup: Cleanup): Promise<string> {
  const dir = await cleanup.tempDir('load-content-b');
  await cp(join(ROOT, 'content'), dir, { recursive: true });
  const file = join(dir, 'pages/en/index.json');
  const page = JSON.parse(await readFile(file, 'utf8')) as { title: string };
  page.title += ' (updated)';
  await writeFile(file, JSON.stringify(page, null, 2));
  return dir;
}

export async function runLoadTest(settings: LoadSettings, cleanup: Cleanup, step: Step): Promise<LoadMeasurements> {
  const { seconds, connections, warmup } = settings;
  const wrangler = readWranglerSettings(await readFile(WRANGLER_TOML, 'utf8'));
  const ttlMs = Number(wrangler.vars.BUILD_POINTER_TTL_MS ?? 5000);

  step('building content/ and a changed copy');
  const outA = await cleanup.tempDir('load-dist-a');
  const outB = await cleanup.tempDir('load-dist-b');
  const a = await buildOrThrow(join(ROOT, 'content'), outA);
  const b = await buildOrThrow(await changedContent(cleanup), outB);
  if (a.build.id === b.build.id) throw new Error('the changed content built to the same id');

  // no_bundle: the file the build wrote is the file wrangler uploads (the bench checks that
  // with a dry run; here it would only cost time).
  step('starting workerd');
  const runtime = await startRuntime({ scriptPath: join(outA, 'worker/index.js'), publicDir: join(outA, 'public'), wrangler });
  cleanup.defer(() => runtime.stop());
  cleanup.workerdStderr = () => runtime.stderrTail();
  await runtime.putKv(a.build.records);
  await runtime.putKv([a.build.pointer]);
  await runtime.putKv([publishedMarker(a.build)]);

  const mix = buildMix(a.build, await hashedAssets(join(outA, 'public')));
  const tally = newTally();
  const requests = toAutocannonRequests(mix, tally);
  const url = runtime.urls.edge;

  step(`warm-up: at least ${warmup} s, until workerd's memory holds still (at most ${Math.max(warmup, WARMUP_MAX_S)} s)`);
  const rssTrace: number[] = [await runtime.rss()];
  let warmedSeconds = 0;
  const warmTally = newTally();
  do {
    const r = await runLoad({ url, seconds: WARMUP_STEP_S, connections, requests: toAutocannonRequests(mix, warmTally) });
    warmedSeconds += r.seconds;
    rssTrace.push(await runtime.rss());
  } while (!warmUpOver({ rssTrace, seconds: warmedSeconds, minSeconds: warmup }));

  step(
    `load: ${seconds} s, ${connections} connections, ${mix.length} distinct requests; publishing ${b.build.id} at ${Math.round(seconds / 2)} s`,
  );
  // Bounded: the run, the TTL and a margin.
  const sampler = startSampler(url, pagePaths(a.build), (seconds + ttlMs / 1000 + 30) * 1000);
  cleanup.defer(() => sampler.stop());
  const publish: PublishOutcome = { pointerStartedAt: NaN, publishedAt: NaN };
  const publishTimer = setTimeout(
    () => {
      void (async () => {
        await runtime.putKv(b.build.records);
        publish.pointerStartedAt = sampler.now();
        await runtime.putKv([b.build.pointer]);
        publish.publishedAt = sampler.now();
        await runtime.putKv([publishedMarker(b.build)]);
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
    await sampler.waitFor(b.build.id, Math.max(0, publish.publishedAt + ttlMs + 3000 - sampler.now()));
    const until = publish.publishedAt + ttlMs + 1500;
    while (sampler.now() < until) await new Promise((r) => setTimeout(r, 100));
  }
  await sampler.stop();

  // Every post the worker answered 200 must be a row: the entry was stored before the answer.
  const stored = new Set((await runtime.queryD1<{ key: string }>('SELECT idempotency_key AS key FROM form_entries')).map((r) => r.key));
  const accepted = [...warmTally.acceptedKeys, ...tally.acceptedKeys];
  const formEntries = { accepted: accepted.length, stored: stored.size, missing: accepted.filter((k) => !stored.has(k)).length };

  return {
    settings,
    oldId: a.build.id,
    newId: b.build.id,
    ttlMs,
    pid: runtime.pid,
    mix,
    tally,
    result,
    warmedSeconds,
    rssTrace,
    rssAtEnd,
    publish,
    samples: sampler.samples,
    formEntries,
  };
}
