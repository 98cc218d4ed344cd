/**
 * `npm run bench [-- --seconds N --warmup N --connections C --rounds R --inspect 127.0.0.1:PORT]`: performance budgets, offline.
 *
 *   1. generate a content directory, build it into a temp dir, `wrangler deploy --dry-run` it
 *   2. run the uploaded worker file under plain `workerd serve` (scripts/lib/perf/runtime.ts)
 *   3. load each scenario with autocannon on 127.0.0.1, as ratios to a constant worker, and two
 *      reference workers serving the same page (saved bytes; minimal Hono + renderToString)
 *   4. render time in Node, client JS before interactive, sizes, scale (10 / 1 000 / 10 000 pages)
 *   5. check the budgets (scripts/lib/perf/budgets.ts): exit 1 when one is missed
 *
 * Prints a table and writes bench/results.json. Everything started is stopped, even on failure.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { cleanUpOnSignals, fail, flags } from './lib/cli';
import { ROOT } from './lib/bundle';
import { BUDGETS, REFERENCE, compareWithReferences, evaluateBudgets, medianBy, missed, shareOfConstant } from './lib/perf/budgets';
import { wranglerDryRun } from './lib/dry-run';
import { FIXTURE_PATH, REDIRECT_FROM, REDIRECT_TO, buildOrThrow, generateSite, removeAll, tempDir } from './lib/perf/fixture';
import { CHROME_UA, runLoad, type LoadResult } from './lib/perf/load-gen';
import { clientJs, gzipSize, loadRenderView, renderCase, timeRenders, type RenderCase } from './lib/perf/measure';
import { fmt, section, table } from './lib/perf/report';
import { STEADY_STATE_V8_FLAGS, readWranglerSettings, startRuntime, type Runtime } from './lib/perf/runtime';
import { bundleMinimalRender } from './lib/perf/references';
import { benchScenarios, verifyScenario, type ScenarioKey } from './lib/perf/scenarios';

const { values } = flags({
  seconds: { type: 'string', default: '3' },
  warmup: { type: 'string', default: '1' },
  connections: { type: 'string', default: '10' },
  rounds: { type: 'string', default: '3' },
  // workerd's inspector on HOST:PORT, for CPU profiles in Chrome DevTools (skews the figures)
  inspect: { type: 'string' },
});
const num = (name: string, min: number, max: number) => {
  const n = Number(values[name as keyof typeof values]);
  if (!Number.isFinite(n) || n < min || n > max) fail(`--${name} must be a number from ${min} to ${max}`);
  return n;
};
const seconds = num('seconds', 1, 120);
const warmup = num('warmup', 0, 30);
const connections = num('connections', 1, 200);
const rounds = Math.round(num('rounds', 1, 9));
const inspectorAddress = values.inspect;
if (inspectorAddress !== undefined && !/^127\.0\.0\.1:\d{2,5}$/.test(inspectorAddress))
  fail('--inspect takes 127.0.0.1:PORT (the inspector is never opened to other hosts)');

/** Site sizes for the scale section; pages per locale = N / 2 (the generator's two locales). */
const SCALE_SIZES = [10, 1_000, 10_000];
const SCALE_PAGE = '/en/page-1';
const FIXTURE_PAGES_PER_LOCALE = 50;

const log = (s: string) => process.stdout.write(s + '\n');
interface LoadRun {
  key: ScenarioKey;
  label: string;
  url: string;
  result: LoadResult;
  unexpected: number;
  /** workerd's CPU time per request during the run, µs */
  cpuUsPerRequest: number;
}
interface Bracket {
  rps: number;
  p50: number;
  p99: number;
  cpuUsPerRequest: number;
}
const step = (s: string) => process.stderr.write(`bench: ${s}\n`);

const temps: string[] = [];
let runtime: Runtime | undefined;
async function cleanup() {
  const rt = runtime;
  runtime = undefined;
  await rt?.stop().catch(() => undefined);
  await removeAll(temps.splice(0));
}
cleanUpOnSignals(cleanup);

async function main(): Promise<number> {
  const loadBefore = loadavg();
  const wrangler = readWranglerSettings(await readFile(join(ROOT, 'wrangler.toml'), 'utf8'));

  // 1. The fixture site and the file wrangler would upload.
  step('generating and building the fixture site');
  const contentDir = await tempDir('bench-content');
  temps.push(contentDir);
  await generateSite(contentDir, { pagesPerLocale: FIXTURE_PAGES_PER_LOCALE, fixture: true });
  const outDir = await tempDir('bench-dist');
  temps.push(outDir);
  const site = await buildOrThrow(contentDir, outDir);
  const assets = JSON.parse(await readFile(join(outDir, 'build.json'), 'utf8')).assets;
  // Bundled now, from the same sources as the worker (others may be editing them meanwhile).
  const renderView = await loadRenderView();
  step('wrangler deploy --dry-run');
  const dryRunDir = await tempDir('bench-dry-run');
  temps.push(dryRunDir);
  const dryRun = await wranglerDryRun(outDir, dryRunDir);

  // 2. workerd with that file, KV seeded: records first, pointer last; the reference workers.
  step('starting workerd');
  const fixtureCase = renderCase(site.build, assets, FIXTURE_PATH);
  const references = { minimalRenderScript: await bundleMinimalRender(dryRunDir), renderCase: fixtureCase, userAgent: CHROME_UA };
  runtime = await startRuntime({
    scriptPath: dryRun.scriptPath,
    publicDir: join(outDir, 'public'),
    wrangler,
    references,
    inspectorAddress,
  });
  if (inspectorAddress)
    step(`workerd inspector on ${inspectorAddress}: add it under chrome://inspect, Configure (figures taken while profiling are skewed)`);
  await runtime.putKv(site.build.records);
  await runtime.putKv([site.build.pointer]);

  // 3. Load, one scenario at a time, each between two runs of the constant route: the machine
  //    is shared, so a scenario's ratio is to the constant runs right before and after it.
  //    Every scenario runs `rounds` times; the round with the median ratio is reported.
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
  const order = [
    constantScenario!,
    ...Array.from({ length: rounds }, () => measured)
      .flat()
      .flatMap((s) => [s, constantScenario!]),
  ];
  const runs: LoadRun[] = [];
  for (const s of order) {
    step(`load: ${s.label} (${warmup} s warm-up + ${seconds} s, ${connections} connections)`);
    if (warmup > 0) await runLoad({ url: s.url, seconds: warmup, connections });
    const cpu0 = await runtime.cpuMs();
    const result = await runLoad({ url: s.url, seconds, connections });
    const cpuUsPerRequest = (((await runtime.cpuMs()) - cpu0) * 1000) / result.requests;
    const unexpected = Object.entries(result.statusCounts).reduce((a, [code, n]) => a + (Number(code) === s.status ? 0 : n), 0);
    runs.push({ key: s.key, label: s.label, url: s.url, result, unexpected, cpuUsPerRequest });
  }
  // The cache-hit scenario must still hit and the bypass still miss after the load.
  for (const s of scenarios) await verifyScenario(s);
  const rssAfterLoad = await runtime.rss();
  await runtime.stop();
  runtime = undefined;

  const constantRuns = runs.filter((r) => r.key === 'constant');
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const constant: Bracket = {
    rps: mean(constantRuns.map((r) => r.result.rps)),
    p50: mean(constantRuns.map((r) => r.result.p50)),
    p99: mean(constantRuns.map((r) => r.result.p99)),
    cpuUsPerRequest: mean(constantRuns.map((r) => r.cpuUsPerRequest)),
  };
  // Scenario run i ran between constant runs i and i + 1.
  const scenarioRuns = runs
    .filter((r) => r.key !== 'constant')
    .map((r, i) => {
      const around = [constantRuns[i]!.result, constantRuns[i + 1]!.result];
      const aroundCpu = [constantRuns[i]!.cpuUsPerRequest, constantRuns[i + 1]!.cpuUsPerRequest];
      return {
        ...r,
        constant: {
          rps: mean(around.map((c) => c.rps)),
          p50: mean(around.map((c) => c.p50)),
          p99: mean(around.map((c) => c.p99)),
          cpuUsPerRequest: mean(aroundCpu),
        },
      };
    });
  // Per scenario, the round whose ratio to the constant route is the median of its rounds.
  const ratioOf = (l: (typeof scenarioRuns)[number]) => shareOfConstant({ rps: l.result.rps, constantRps: l.constant.rps });
  const loads = measured.map((s) => {
    const mine = scenarioRuns.filter((l) => l.key === s.key);
    return { ...medianBy(mine, ratioOf)!, roundRatios: mine.map(ratioOf) };
  });
  const throughput = (key: ScenarioKey) => {
    const l = loads.find((x) => x.key === key)!;
    return { rps: l.result.rps, constantRps: l.constant.rps };
  };

  // 4. Render time in Node; the scale builds, rendered interleaved with the fixture page.
  step('scale builds');
  const scale: { pages: number; pagesPerLocale: number; generateMs: number; buildMs: number; records: number; case: RenderCase }[] = [];
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
      const scaleAssets = JSON.parse(await readFile(join(dist, 'build.json'), 'utf8')).assets;
      scale.push({
        pages: built.build.pageCount,
        pagesPerLocale,
        generateMs: t1 - t0,
        buildMs: t2 - t1,
        records: built.build.records.length + 1,
        case: renderCase(built.build, scaleAssets, SCALE_PAGE),
      });
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
  const js = await clientJs(html, join(outDir, 'public'));

  // 5. Budgets.
  const checks = evaluateBudgets({
    render: throughput('render'),
    cacheHit: throughput('cacheHit'),
    renderMedianMs: fixtureRender!.medianMs,
    clientOwnGzipBytes: js.ownGzipBytes,
    workerGzipBytes: dryRun.gzipKiB * 1024,
    scale: scale.map((s, i) => ({ pages: s.pages, renderMedianMs: scaleRenders[i]!.medianMs })),
  });
  const peers = compareWithReferences(throughput('render'), throughput('savedHtml'));
  const share = (key: ScenarioKey) => shareOfConstant(throughput(key));
  const sameRun = {
    renderVsMinimalRender: share('render') / share('minimalRender'),
    renderVsSavedHtml: share('render') / share('savedHtml'),
    minimalRenderVsSavedHtml: share('minimalRender') / share('savedHtml'),
    cacheHitVsSavedHtml: share('cacheHit') / share('savedHtml'),
  };
  const loadAfter = loadavg();

  // Report.
  log(
    section(
      `Load: plain workerd serve, ${connections} connections, ${warmup} s warm-up + ${seconds} s per run, autocannon in this Node process`,
    ),
  );
  const row = (label: string, r: LoadResult, c: Bracket, unexpected: number, cpuUs: number) => [
    label,
    fmt.int(r.rps),
    fmt.pct(r.rps / c.rps),
    fmt.ms(r.p50),
    fmt.ratio(r.p50 / c.p50),
    fmt.ms(r.p99),
    fmt.ratio(r.p99 / c.p99),
    fmt.int(cpuUs),
    fmt.ratio(cpuUs / c.cpuUsPerRequest),
    fmt.statuses(r.statusCounts) + (unexpected || r.errors ? `  (${unexpected} unexpected, ${r.errors} errors)` : ''),
  ];
  const constantTotal = constantRuns.reduce<Record<string, number>>((acc, r) => {
    for (const [code, n] of Object.entries(r.result.statusCounts)) acc[code] = (acc[code] ?? 0) + n;
    return acc;
  }, {});
  log(
    table(
      ['scenario', 'req/s', 'x const', 'p50 ms', 'x const', 'p99 ms', 'x const', 'CPU us/req', 'x const', 'statuses'],
      [
        row(
          `${constantScenario!.label}, mean of ${constantRuns.length} runs`,
          { ...constantRuns[0]!.result, ...constant, statusCounts: constantTotal },
          constant,
          constantRuns.reduce((a, r) => a + r.unexpected, 0),
          constant.cpuUsPerRequest,
        ),
        ...loads.map((l) => row(l.label, l.result, l.constant, l.unexpected, l.cpuUsPerRequest)),
      ],
    ),
  );
  log(`${rounds} round(s) per scenario; each row is the round with the median req/s ratio. Ratios by round:`);
  for (const l of loads) log(`  ${l.label}: ${l.roundRatios.map((r) => fmt.pct(r)).join(', ')}`);
  log(
    `constant runs, in order: ${constantRuns.map((r) => fmt.int(r.result.rps)).join(', ')} req/s; each scenario's ratios are to the two runs around it`,
  );
  log(
    `cache bypass: a second instance of the same bundle and KV whose Cache API service stores nothing (every request: lookup, miss, render, put)`,
  );
  log(
    `CPU us/req: workerd's own CPU time (all its isolates: the worker, KV, cache) over the run / requests; less moved by other load than req/s`,
  );
  log(`workerd RSS after the load: ${fmt.mb(rssAfterLoad)}`);

  log(section('Server render (Node, renderView from worker/render/render-view.tsx)'));
  log(
    table(
      ['page', 'median ms', 'p99 ms', 'CPU ms/render', 'renders', 'HTML'],
      [
        [
          `${FIXTURE_PATH} (fixture)`,
          fmt.ms(fixtureRender!.medianMs, 3),
          fmt.ms(fixtureRender!.p99Ms, 3),
          fmt.ms(fixtureRender!.cpuMs, 3),
          fixtureRender!.renders,
          fmt.kb(fixtureRender!.htmlBytes),
        ],
      ],
    ),
  );

  log(section('Sizes'));
  log(
    table(
      ['what', 'bytes', 'gzip'],
      [
        ['worker bundle (wrangler deploy --dry-run)', fmt.kb(dryRun.totalKiB * 1024), fmt.kb(dryRun.gzipKiB * 1024)],
        [`fixture page HTML (${FIXTURE_PATH})`, fmt.kb(Buffer.byteLength(html)), fmt.kb(gzipSize(html))],
        ...js.files.map((f) => [`  ${f.url}${f.listed ? '' : ' (not preloaded!)'}`, fmt.kb(f.bytes), fmt.kb(f.gzipBytes)]),
        ['client JS before interactive (sum of the above)', fmt.kb(js.files.reduce((a, f) => a + f.bytes, 0)), fmt.kb(js.totalGzipBytes)],
        ['  bare React 19 hydrateRoot bundle (esbuild, same settings)', '', fmt.kb(js.reactBaselineGzipBytes)],
        ["  the site's own share", '', fmt.kb(js.ownGzipBytes)],
      ],
    ),
  );

  log(section('Scale (generated sites, 2 locales; render of ' + SCALE_PAGE + ', interleaved with the fixture)'));
  log(
    table(
      ['pages', 'generate s', 'build s', 'KV records', 'render median ms', 'x smallest'],
      scale.map((s, i) => [
        fmt.int(s.pages),
        fmt.ms(s.generateMs / 1000, 1),
        fmt.ms(s.buildMs / 1000, 1),
        fmt.int(s.records),
        fmt.ms(scaleRenders[i]!.medianMs, 3),
        fmt.ratio(scaleRenders[i]!.medianMs / scaleRenders[0]!.medianMs),
      ]),
    ),
  );

  log(section('The same page, same run: the site against the reference workers'));
  log(
    table(
      ['comparison', 'ratio', 'issue reference (other machine)'],
      [
        ['site render (all policies) / minimal Hono + renderToString', fmt.pct(sameRun.renderVsMinimalRender), '-'],
        [
          'minimal Hono + renderToString / saved HTML',
          fmt.pct(sameRun.minimalRenderVsSavedHtml),
          fmt.pct(REFERENCE.honoRenderToString / REFERENCE.savedHtml),
        ],
        ['site render (all policies) / saved HTML', fmt.pct(sameRun.renderVsSavedHtml), '-'],
        ['site cache hit (all policies) / saved HTML', fmt.pct(sameRun.cacheHitVsSavedHtml), '-'],
      ],
    ),
  );
  log("each req/s taken as a ratio to the constant runs around it first, so the machine's drift cancels");

  log(section('Against reference figures (this machine kind, idle; not run here)'));
  log(
    table(
      ['target', 'needs req/s', 'this run', 'normalized', 'verdict'],
      peers.map((r) => [r.name, fmt.int(r.target), fmt.int(r.measured), fmt.int(r.normalized), r.ok ? 'meets' : 'misses']),
    ),
  );
  log(
    `normalized = this run's render / saved-HTML ratio x ${fmt.int(REFERENCE.savedHtml)} (the reference machine's saved-HTML route); advisory, not a budget`,
  );
  log(`machine: ${cpus().length} cores, load average ${loadBefore[0]!.toFixed(2)} at start, ${loadAfter[0]!.toFixed(2)} at end`);

  log(section('Budgets'));
  log(
    table(
      ['budget', 'actual', 'limit', ''],
      checks.map((c) => [c.name, c.actual, c.limit, c.ok ? 'ok' : 'MISSED']),
    ),
  );

  const results = {
    generatedAt: new Date().toISOString(),
    machine: { cores: cpus().length, loadavgStart: loadBefore, loadavgEnd: loadAfter, node: process.version },
    runtime: `plain workerd serve (node_modules/.bin/workerd), generated capnp config; KV and Cache API as in-memory helper workers; no wrangler or Miniflare in the request path; V8 flags ${STEADY_STATE_V8_FLAGS.join(' ')}`,
    cacheBypass: 'second instance of the same bundle and KV whose cacheApiOutbound service stores nothing',
    options: { seconds, warmup, connections, rounds },
    fixture: {
      path: FIXTURE_PATH,
      buildId: site.build.id,
      pages: site.build.pageCount,
      htmlBytes: Buffer.byteLength(html),
      htmlGzipBytes: gzipSize(html),
    },
    load: {
      constant: { ...constant, runs: constantRuns.map((r) => ({ ...r.result, cpuUsPerRequest: r.cpuUsPerRequest })) },
      scenarios: loads.map(({ key, label, url, result, unexpected, constant: around, cpuUsPerRequest, roundRatios }) => ({
        key,
        label,
        url: url.replace(/^http:\/\/127\.0\.0\.1:\d+/, ''),
        ...result,
        unexpected,
        cpuUsPerRequest,
        cpuRatio: cpuUsPerRequest / around.cpuUsPerRequest,
        constantAround: around,
        rpsRatio: result.rps / around.rps,
        roundRatios,
        p50Ratio: result.p50 / around.p50,
        p99Ratio: result.p99 / around.p99,
      })),
      workerdRssAfterLoad: rssAfterLoad,
    },
    render: { fixture: fixtureRender },
    worker: { totalKiB: dryRun.totalKiB, gzipKiB: dryRun.gzipKiB, ourGzipBytes: dryRun.gzipBytes },
    clientJs: js,
    scale: scale.map((s, i) => ({
      pages: s.pages,
      pagesPerLocale: s.pagesPerLocale,
      generateMs: s.generateMs,
      buildMs: s.buildMs,
      records: s.records,
      render: scaleRenders[i],
    })),
    budgets: { limits: BUDGETS, checks },
    sameRun,
    references: peers,
  };
  await mkdir(join(ROOT, 'bench'), { recursive: true });
  await writeFile(join(ROOT, 'bench/results.json'), JSON.stringify(results, null, 2) + '\n');
  log('\nwrote bench/results.json');

  const failed = missed(checks);
  const badLoads = runs.filter((l) => l.unexpected > 0 || l.result.errors > 0);
  for (const l of badLoads) log(`FAILED: load "${l.label}" had ${l.unexpected} unexpected statuses and ${l.result.errors} errors`);
  if (failed.length)
    log(`\nbudgets missed (${failed.length}): ${failed.map((c) => `${c.name}: ${c.actual} (limit ${c.limit})`).join('; ')}`);
  else log('\nall budgets met');
  return failed.length || badLoads.length ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  process.stderr.write(`bench failed: ${(err as Error).stack ?? String(err)}\n`);
  if (runtime) process.stderr.write(`workerd stderr:\n${runtime.stderrTail()}\n`);
} finally {
  await cleanup();
}
process.exit(code);
