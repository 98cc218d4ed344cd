/**
 * A load run, measuring only (./analyse.ts judges, ./report.ts prints): builds the
 * repository's content/ (11 locales) and changed copies of it (new build ids), runs the first
 * build's worker under plain `workerd serve` (../workerd/runtime.ts) and drives the request mix
 * (./mix.ts) with autocannon. On the schedule (./schedule.ts: halfway for `npm run load`, every
 * two minutes for a soak) it publishes the next build into the same KV as `npm run publish`
 * does (records, the pointer, then the published marker) while a sampler (./sampler.ts) records
 * which build every page names; a soak also fails KV reads for a while in the middle. Through
 * workerd's inspector it reads the site isolate's heap after a forced GC every few seconds.
 * Bounded in time and in requests.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appEndpoints } from '../../../app/endpoints';
import { readWranglerSettings, WRANGLER_TOML } from '../../../scripts/lib/wrangler-toml';
import { REPO_CONTENT, buildOrThrow, publishedMarker } from '../built-site';
import type { Cleanup } from '../cleanup';
import { runLoad } from '../load-generator';
import { compare, retainingPath, summarise, type HeapSnapshotJson } from '../workerd/heap-snapshot';
import { openInspector } from '../workerd/inspector';
import { freePort } from '../workerd/process';
import { startRuntime } from '../workerd/runtime';
import { WARMUP_MAX_S, WARMUP_STEP_S, warmUpOver } from './analyse';
import type { HeapSample, LoadMeasurements, LoadSettings, PublishOutcome, SnapshotComparison, Window } from './measurements';
import { loadSchedule } from './schedule';
import { buildMix, hashedAssets, newTally, pagePaths, toAutocannonRequests } from './mix';
import { startSampler } from './sampler';

type Step = (message: string) => void;

/** The site's service in the workerd config (../workerd/config.ts), which the inspector names it by. */
const SITE_WORKER = 'site';

/** Copies of content/, each with one visible change: same code, different content, a new build id each. */
async function changedContent(cleanup: Cleanup, n: number): Promise<string> {
  const dir = await cleanup.tempDir(`load-content-${n}`);
  await cp(REPO_CONTENT, dir, { recursive: true });
  const file = join(dir, 'pages/en/index.json');
  const page = JSON.parse(await readFile(file, 'utf8')) as { title: string };
  page.title += ` (update ${n})`;
  await writeFile(file, JSON.stringify(page, null, 2));
  return dir;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runLoadTest(settings: LoadSettings, cleanup: Cleanup, step: Step): Promise<LoadMeasurements> {
  const { seconds, connections, warmup, rate } = settings;
  const wrangler = readWranglerSettings(await readFile(WRANGLER_TOML, 'utf8'));
  const ttlMs = Number(wrangler.vars.BUILD_POINTER_TTL_MS ?? 5000);
  const schedule = loadSchedule(settings);

  step(`building content/ and ${schedule.publishAtS.length} changed cop${schedule.publishAtS.length === 1 ? 'y' : 'ies'}`);
  const builds = [await buildOrThrow(REPO_CONTENT, await cleanup.tempDir('load-dist-0'))];
  for (let n = 1; n <= schedule.publishAtS.length; n++)
    builds.push(await buildOrThrow(await changedContent(cleanup, n), await cleanup.tempDir(`load-dist-${n}`)));
  const ids = builds.map((b) => b.build.id);
  if (new Set(ids).size !== ids.length) throw new Error('two changed contents built to the same id');
  const first = builds[0]!;

  // no_bundle: the file the build wrote is the file wrangler uploads (the bench checks that
  // with a dry run; here it would only cost time).
  step('starting workerd');
  const inspectorAddress = `127.0.0.1:${await freePort()}`;
  const runtime = await startRuntime({
    scriptPath: join(first.outDir, 'worker/index.js'),
    publicDir: join(first.outDir, 'public'),
    wrangler,
    inspectorAddress,
  });
  cleanup.defer(() => runtime.stop());
  cleanup.workerdStderr = () => runtime.stderrTail();
  await runtime.putKv(first.build.records);
  await runtime.putKv([first.build.pointer]);
  await runtime.putKv([publishedMarker(first.build)]);
  const inspector = await openInspector({
    address: inspectorAddress,
    worker: SITE_WORKER,
    pump: async () => {
      await (await fetch(`${runtime.urls.site}${appEndpoints.latestBuild}`)).body?.cancel();
    },
  });
  cleanup.defer(() => Promise.resolve(inspector.close()));

  const mix = buildMix(first.build, await hashedAssets(join(first.outDir, 'public')));

  step(`warm-up: at least ${warmup} s, until workerd's memory holds still (at most ${Math.max(warmup, WARMUP_MAX_S)} s)`);
  const rssTrace: number[] = [await runtime.rss()];
  let warmedSeconds = 0;
  const warmTally = newTally();
  const url = runtime.urls.edge;
  do {
    const r = await runLoad({ url, seconds: WARMUP_STEP_S, connections, rate, requests: toAutocannonRequests(mix, warmTally) });
    warmedSeconds += r.seconds;
    rssTrace.push(await runtime.rss());
  } while (!warmUpOver({ rssTrace, seconds: warmedSeconds, minSeconds: warmup }));

  const snapshotFiles: string[] = [];
  const snapshot = async (name: string) => {
    const file = join(await cleanup.tempDir('load-heap'), `${name}.heapsnapshot`);
    const text = await inspector.heapSnapshot();
    await writeFile(file, text);
    snapshotFiles.push(file);
    return summarise(JSON.parse(text) as HeapSnapshotJson);
  };
  const before = settings.snapshots ? (step('heap snapshot after the warm-up'), await snapshot('after-warm-up')) : undefined;

  // Bounded: the run, the TTL and a margin.
  const sampler = startSampler(url, pagePaths(first.build), (seconds + ttlMs / 1000 + 30) * 1000);
  cleanup.defer(() => sampler.stop());
  const heapTrace: HeapSample[] = [{ at: sampler.now(), usedBytes: (await inspector.heapAfterGc()).usedBytes }];
  const tally = newTally();
  const requests = toAutocannonRequests(mix, tally, () => sampler.now());

  const fault = schedule.fault;
  step(
    `load: ${seconds} s, ${connections} connections, ${mix.length} distinct requests; publishing at ${schedule.publishAtS.map((t) => `${Math.round(t)} s`).join(', ')}` +
      (fault ? `; KV reads failing from ${Math.round(fault.startS)} s to ${Math.round(fault.endS)} s` : '') +
      `; heap after GC every ${settings.heapEverySeconds} s`,
  );
  const publishes: PublishOutcome[] = [];
  const faultWindows: Window[] = [];
  const timers: ReturnType<typeof setTimeout>[] = [];
  const background: Promise<unknown>[] = [];
  const later = (atS: number, job: () => Promise<void>) => {
    const run = () => void background.push(job().catch((err: Error) => step(`background job failed: ${err.message}`)));
    timers.push(setTimeout(run, atS * 1000));
  };
  schedule.publishAtS.forEach((atS, i) =>
    later(atS, async () => {
      const { build } = builds[i + 1]!;
      const outcome: PublishOutcome = { id: build.id, pointerStartedAt: NaN, publishedAt: NaN };
      publishes.push(outcome);
      try {
        await runtime.putKv(build.records);
        outcome.pointerStartedAt = sampler.now();
        await runtime.putKv([build.pointer]);
        outcome.publishedAt = sampler.now();
        await runtime.putKv([publishedMarker(build)]);
      } catch (err) {
        outcome.error = (err as Error).message;
      }
    }),
  );
  if (fault)
    later(fault.startS, async () => {
      const window = { start: sampler.now(), end: Infinity };
      faultWindows.push(window);
      await runtime.setKvReadsFailing(true);
      await sleep((fault.endS - fault.startS) * 1000);
      await runtime.setKvReadsFailing(false);
      window.end = sampler.now();
    });
  let sampling = true;
  const heapLoop = (async () => {
    while (sampling) {
      await sleep(settings.heapEverySeconds * 1000);
      if (!sampling) break;
      const at = sampler.now();
      heapTrace.push({ at, usedBytes: (await inspector.heapAfterGc()).usedBytes });
    }
  })();
  let result;
  try {
    result = await runLoad({ url, seconds, connections, rate, requests });
  } finally {
    sampling = false;
    for (const t of timers) clearTimeout(t);
  }
  await heapLoop;
  await Promise.all(background);
  const rssAtEnd = await runtime.rss();

  // The sampler goes on (bounded) until the last build has had its TTL to take over.
  const last = publishes.at(-1);
  if (last && Number.isFinite(last.publishedAt)) {
    await sampler.waitFor(last.id, Math.max(0, last.publishedAt + ttlMs + 3000 - sampler.now()));
    const until = last.publishedAt + ttlMs + 1500;
    while (sampler.now() < until) await sleep(100);
  }
  await sampler.stop();
  heapTrace.push({ at: sampler.now(), usedBytes: (await inspector.heapAfterGc()).usedBytes });

  let snapshots: SnapshotComparison | undefined;
  if (before) {
    step('heap snapshot at the end');
    const growth = compare(before, await snapshot('end'));
    const grown = growth.find((g) => g.bytesDelta > 0 && !g.name.startsWith('('));
    const endJson = JSON.parse(await readFile(snapshotFiles.at(-1)!, 'utf8')) as HeapSnapshotJson;
    snapshots = { growth: growth.slice(0, 10), retainingPath: grown ? retainingPath(endJson, grown.name) : null, files: snapshotFiles };
  }

  // Every post the worker answered 200 must be a row: the entry was stored before the answer.
  const stored = new Set((await runtime.queryD1<{ key: string }>('SELECT idempotency_key AS key FROM form_entries')).map((r) => r.key));
  const accepted = [...warmTally.acceptedKeys, ...tally.acceptedKeys];
  const formEntries = { accepted: accepted.length, stored: stored.size, missing: accepted.filter((k) => !stored.has(k)).length };

  return {
    settings,
    ids,
    ttlMs,
    pid: runtime.pid,
    mix,
    tally,
    result,
    warmedSeconds,
    rssTrace,
    rssAtEnd,
    heapTrace,
    publishes,
    faultWindows,
    samples: sampler.samples,
    formEntries,
    ...(snapshots ? { snapshots } : {}),
  };
}
