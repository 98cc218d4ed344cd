/**
 * A bench run, measuring only (./analyse.ts judges, ./report.ts prints):
 *
 *   1. generate a content directory, build it into a temp dir, `wrangler deploy --dry-run` it
 *   2. run the uploaded worker file under plain `workerd serve` (../workerd/runtime.ts), with
 *      the reference workers, KV seeded as a publish does: records, pointer, published marker
 *   3. load each scenario with autocannon on 127.0.0.1, every one between two constant runs;
 *      then each scenario and its reference back to back, for the CPU budgets (cpu-pairs.ts)
 *   4. cold start: workerd restarted, the first request to the site, to the minimal render and
 *      to the KV-reading render; `wrangler check startup` for the site and the minimal render
 *   5. render time in Node, the scale sites, client JS before interactive
 *   6. the sample content (content/) built: image bytes a phone downloads on its photo pages,
 *      and what the inline boot data weighs in its pages and the fixture's (html-weight.ts)
 *   7. the page of 30 photos against the same page with variants off: HTML, and render
 *      instructions counted in workerd under callgrind (image-page-measure.ts)
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { REPO_CONTENT, buildOrThrow } from '../built-site';
import type { Cleanup } from '../cleanup';
import { CHROME_UA, runLoad } from '../load-generator';
import { removeAll, tempDir } from '../temp-dirs';
import { startRuntime, type Runtime } from '../workerd/runtime';
import { writeWranglerConfigFor } from '../../../scripts/lib/wrangler-config';
import { CPU_PAIRS, loadOrder, unexpectedCount } from './analyse';
import { clientJs, languageChunk } from './client-js';
import { busyMs, startupProfile, writeBareConfig } from './cold-start';
import { measureCpuPairs } from './cpu-pairs';
import { fixtureColdStarts } from './fixture-cold-starts';
import { WarmUps } from './warm-ups';
import { FIXTURE_PATH, REDIRECT_FROM, REDIRECT_TO, SCALE_PAGE, generateSite } from './fixture';
import { clientAssetsOf, prepareFixtureRuntime } from './fixture-runtime';
import { htmlWeight } from './html-weight';
import { IMAGE_BENCH_PAGES, imageBytes } from './image-bytes';
import { measureImagePage } from './image-page-measure';
import type { BenchMeasurements, BenchSettings, LoadRun, ScaleSite } from './measurements';
import { loadRenderView, renderCase, timeRenders, type RenderCase } from './render-time';
import { benchScenarios, verifyScenario } from './scenarios';
import { timeBuildThenIndexing } from './build-and-indexing';
import { measureSearchAtScale, timeIndexing, type SearchAtScale } from './search';

/** Site sizes for the scale section; pages per locale = N / 2 (the generator's two locales). */
const SCALE_SIZES = [10, 1_000, 10_000];
/** back-to-back pairs per CPU budget, and each run's warm-up (for a scenario the load has not run) and length, s */
const CPU_PAIR_ROUNDS = 5;
const CPU_PAIR_WARMUP_S = 0.5;
const CPU_PAIR_SECONDS = 2;

type Step = (message: string) => void;

export async function runBench(settings: BenchSettings, cleanup: Cleanup, step: Step): Promise<BenchMeasurements> {
  const { seconds, warmup, connections, rounds, inspectorAddress } = settings;
  const loadavgStart = loadavg();

  // 1. The fixture site and the file wrangler would upload; 2. workerd with that file, KV
  // seeded as a publish does it, and the reference workers.
  const fixture = await prepareFixtureRuntime(cleanup, step);
  const { site, outDir, wrangler, dryRun, dryRunDir, fixtureCase, references, runtimeOptions, published } = fixture;
  // Bundled now, from the same sources as the worker (others may be editing them meanwhile).
  const renderView = await loadRenderView();
  step('starting workerd');
  const seed = (r: Runtime) => r.putKv(published);
  const runtime = await startRuntime({ ...runtimeOptions, inspectorAddress });
  cleanup.defer(() => runtime.stop());
  cleanup.workerdStderr = () => runtime.stderrTail();
  if (inspectorAddress)
    step(`workerd inspector on ${inspectorAddress}: add it under chrome://inspect, Configure (figures taken while profiling are skewed)`);
  await seed(runtime);

  // 3. Load, one scenario at a time, each between two runs of the constant route.
  const html = await (await fetch(`${runtime.urls.nocache}${FIXTURE_PATH}`, { headers: { 'user-agent': CHROME_UA } })).text();
  const scenarios = benchScenarios({
    urls: runtime.urls,
    fixturePath: FIXTURE_PATH,
    buildId: site.build.id,
    redirect: { from: REDIRECT_FROM, to: REDIRECT_TO },
    html,
  });
  for (const s of scenarios) await verifyScenario(s);
  const [constantScenario, ...measured] = scenarios;
  const runs: LoadRun[] = [];
  const warmUps = new WarmUps();
  /** One run of load, after a warm-up if this workerd has not served the URL yet, with workerd's CPU time per request over it. */
  async function measuredLoad(url: string, warmupS: number, loadS: number) {
    const warmS = warmUps.before(url, warmupS);
    if (warmS > 0) await runLoad({ url, seconds: warmS, connections });
    const cpu0 = await runtime.cpuMs();
    const result = await runLoad({ url, seconds: loadS, connections });
    return { result, cpuUsPerRequest: (((await runtime.cpuMs()) - cpu0) * 1000) / result.requests };
  }
  for (const s of loadOrder(constantScenario!, measured, rounds)) {
    step(`load: ${s.label} (${runs.some((r) => r.key === s.key) ? '' : `${warmup} s warm-up + `}${seconds} s, ${connections} connections)`);
    const { result, cpuUsPerRequest } = await measuredLoad(s.url, warmup, seconds);
    runs.push({
      key: s.key,
      label: s.label,
      url: s.url,
      result,
      unexpected: unexpectedCount(result.statusCounts, s.status),
      cpuUsPerRequest,
    });
  }
  step(
    `CPU pairs: each scenario and its reference back to back, ${CPU_PAIR_ROUNDS} pairs of ${CPU_PAIR_SECONDS} s runs (warm from the load)`,
  );
  const urlOf = new Map(scenarios.map((s) => [s.key, s.url]));
  const cpuPairs = await measureCpuPairs(
    CPU_PAIRS,
    CPU_PAIR_ROUNDS,
    async (key) => (await measuredLoad(urlOf.get(key)!, CPU_PAIR_WARMUP_S, CPU_PAIR_SECONDS)).cpuUsPerRequest,
  );
  // The cache-hit scenario must still hit and the bypass still miss after the load.
  for (const s of scenarios) await verifyScenario(s);
  const rssAfterLoad = await runtime.rss();
  await runtime.stop();
  cleanup.workerdStderr = undefined;

  // 4. Cold start: a fresh workerd per round, nothing served before the first request.
  const coldStarts = await fixtureColdStarts(fixture, step);
  step('wrangler check startup: the site and the minimal render');
  const startup = {
    siteMs: busyMs(await startupProfile(await writeWranglerConfigFor(outDir), join(dryRunDir, 'site.cpuprofile'))),
    minimalRenderMs: busyMs(
      await startupProfile(
        await writeBareConfig(dryRunDir, 'minimal-render', references.minimalRenderScript, wrangler),
        join(dryRunDir, 'minimal-render.cpuprofile'),
      ),
    ),
  };

  // 5. Render time in Node; the scale builds, rendered interleaved with the fixture page.
  step('scale builds');
  const scale: (ScaleSite & { case: RenderCase })[] = [];
  let searchAtScale: SearchAtScale | undefined;
  for (const n of SCALE_SIZES) {
    const dir = await tempDir(`bench-scale-${n}`);
    const dist = await tempDir(`bench-scale-${n}-dist`);
    try {
      const pagesPerLocale = Math.max(1, Math.round(n / 2));
      const t0 = performance.now();
      await generateSite(dir, { pagesPerLocale });
      const t1 = performance.now();
      const built = await buildOrThrow(dir, dist);
      const t2 = performance.now();
      const scaleAssets = await clientAssetsOf(dist);
      scale.push({
        pages: built.build.pageCount,
        pagesPerLocale,
        generateMs: t1 - t0,
        buildMs: t2 - t1,
        records: built.build.records.length + 1,
        case: renderCase(built.build, scaleAssets, SCALE_PAGE),
      });
      if (n === SCALE_SIZES.at(-1)) searchAtScale = await measureSearchAtScale(built.build, dist);
    } finally {
      await removeAll([dir, dist]);
    }
  }
  step('timing renders in Node');
  // The Node render must be the page workerd served, byte for byte, or it times other code.
  const sameHtml = renderView(fixtureCase.view, { buildId: fixtureCase.buildId, assets: fixtureCase.assets }) === html;
  if (!sameHtml) throw new Error(`renderView in Node does not reproduce the HTML workerd served for ${FIXTURE_PATH}`);
  const [fixtureRender, ...scaleRenders] = timeRenders(renderView, [fixtureCase, ...scale.map((s) => s.case)]);

  step('client JS and sizes');
  // The fixture page is English: the entry imports the English strings before it hydrates.
  const js = await clientJs(html, join(outDir, 'public'), [await languageChunk(join(outDir, 'public'), 'en')]);

  // 6. The generated fixture has no photos; the sample content has camera-size ones.
  step('building the sample content for its image bytes');
  const contentOut = await cleanup.tempDir('bench-sample-dist');
  // Indexing is timed again right after the build, which the search budget divides it by.
  const {
    built: sample,
    buildMs: sampleBuildMs,
    indexMs: sampleIndexMs,
  } = await timeBuildThenIndexing(
    () => buildOrThrow(REPO_CONTENT, contentOut),
    (built) => timeIndexing(built.build),
  );
  const images = await imageBytes(contentOut, IMAGE_BENCH_PAGES);
  const sampleAssets = await clientAssetsOf(contentOut);
  const htmlWeights = [
    htmlWeight(FIXTURE_PATH, html),
    ...IMAGE_BENCH_PAGES.map((path) => {
      const c = renderCase(sample.build, sampleAssets, path);
      return htmlWeight(path, renderView(c.view, { buildId: c.buildId, assets: c.assets }));
    }),
  ];

  // 7. The page of photos: its HTML and its render's instructions against the plain page's.
  const imagePage = await measureImagePage(fixture, cleanup, step);

  return {
    settings,
    loadavgStart,
    loadavgEnd: loadavg(),
    site,
    html,
    dryRun,
    scenarios,
    runs,
    cpuPairs,
    rssAfterLoad,
    scale: scale.map(({ case: _, ...s }) => s),
    fixtureRender: fixtureRender!,
    scaleRenders,
    js,
    coldStarts,
    startup,
    images,
    htmlWeights,
    ...(searchAtScale ? { search: { scale: searchAtScale, sample: { buildMs: sampleBuildMs, indexMs: sampleIndexMs } } } : {}),
    imagePage,
  };
}
