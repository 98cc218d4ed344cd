/** What a bench run prints, and the results.json it leaves for the next reader (formatting only). */
import { cpus } from 'node:os';
import { fmt, section, table } from '../format';
import type { LoadResult } from '../load-generator';
import { STEADY_STATE_V8_FLAGS } from '../workerd/runtime';
import type { BenchAnalysis, Bracket } from './analyse';
import { BUDGETS, REFERENCE, median, missed } from './budgets';
import { gzipSize, type ClientJs } from './client-js';
import type { ColdStart } from './cold-start';
import { FIXTURE_PATH, SCALE_PAGE } from './fixture';
import { firstVisitBrotli } from './html-weight';
import type { PageImageBytes } from './image-bytes';
import { imagePageResults, printImagePage } from './image-page-report';
import type { BenchMeasurements } from './measurements';

type Log = (line: string) => void;

export function printBench(m: BenchMeasurements, a: BenchAnalysis, log: Log): void {
  const { seconds, warmup, connections, rounds } = m.settings;
  log(
    section(
      `Load: plain workerd serve, ${connections} connections, ${seconds} s per run after ${warmup} s of warm-up before a scenario's first, autocannon in this Node process`,
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
  const constantTotal = a.constantRuns.reduce<Record<string, number>>((acc, r) => {
    for (const [code, n] of Object.entries(r.result.statusCounts)) acc[code] = (acc[code] ?? 0) + n;
    return acc;
  }, {});
  log(
    table(
      ['scenario', 'req/s', 'x const', 'p50 ms', 'x const', 'p99 ms', 'x const', 'CPU us/req', 'x const', 'statuses'],
      [
        row(
          `${m.scenarios[0]!.label}, mean of ${a.constantRuns.length} runs`,
          { ...a.constantRuns[0]!.result, ...a.constant, statusCounts: constantTotal },
          a.constant,
          a.constantRuns.reduce((n, r) => n + r.unexpected, 0),
          a.constant.cpuUsPerRequest,
        ),
        ...a.loads.map((l) => row(l.label, l.result, l.constant, l.unexpected, l.cpuUsPerRequest)),
      ],
    ),
  );
  log(`${rounds} round(s) per scenario; each row is the round with the median req/s ratio. Ratios by round:`);
  for (const l of a.loads) log(`  ${l.label}: ${l.roundRatios.map((r) => fmt.pct(r)).join(', ')}`);
  log(
    `constant runs, in order: ${a.constantRuns.map((r) => fmt.int(r.result.rps)).join(', ')} req/s; each scenario's ratios are to the two runs around it`,
  );
  log(
    `cache bypass: a second instance of the same bundle and KV whose Cache API service stores nothing (every request: lookup, miss, render, put)`,
  );
  log(
    `CPU us/req: workerd's own CPU time (all its isolates: the worker, KV, cache) over the run / requests; less moved by other load than req/s`,
  );
  log(`workerd RSS after the load: ${fmt.mb(m.rssAfterLoad)}`);

  log(section('CPU per request: each scenario against its reference, back to back (printed; bench:instructions judges these pairs)'));
  const label = (key: string) => m.scenarios.find((s) => s.key === key)?.label ?? key;
  const pairOf = (key: string) => m.cpuPairs.find((p) => p.key === key)!;
  log(
    table(
      ['scenario', 'reference', 'us/req (median)', 'reference us/req', 'ratio by pair', 'median', 'instructions limit'],
      a.cpu.map((c) => {
        const runs = pairOf(c.key).runs;
        return [
          label(c.key),
          label(c.reference),
          fmt.int(median(runs.map((r) => r.scenarioUs))),
          fmt.int(median(runs.map((r) => r.referenceUs))),
          c.byPair.map((r) => fmt.ratio(r)).join(', '),
          fmt.ratio(c.median),
          `<= ${fmt.ratio(c.limit)}`,
        ];
      }),
    ),
  );
  log('each pair: the two runs back to back, which goes first alternating; workerd CPU over the run / requests');

  printColdStarts(m.coldStarts, a, log);
  log(
    `wrangler check startup (module top level, CPU sampled): site ${fmt.ms(m.startup.siteMs, 1)} ms, minimal render ${fmt.ms(m.startup.minimalRenderMs, 1)} ms`,
  );

  const render = m.fixtureRender;
  log(section('Server render (Node, renderView from worker/render/render-view.tsx)'));
  log(
    table(
      ['page', 'median ms', 'p99 ms', 'CPU ms/render', 'renders', 'HTML'],
      [
        [
          `${FIXTURE_PATH} (fixture)`,
          fmt.ms(render.medianMs, 3),
          fmt.ms(render.p99Ms, 3),
          fmt.ms(render.cpuMs, 3),
          render.renders,
          fmt.kb(render.htmlBytes),
        ],
      ],
    ),
  );

  const { js, dryRun, html } = m;
  log(section('Sizes'));
  log(
    table(
      ['what', 'bytes', 'gzip'],
      [
        ['worker bundle (wrangler deploy --dry-run)', fmt.kb(dryRun.totalKiB * 1024), fmt.kb(dryRun.gzipKiB * 1024)],
        [`fixture page HTML (${FIXTURE_PATH})`, fmt.kb(Buffer.byteLength(html)), fmt.kb(gzipSize(html))],
        ...clientJsRows(js),
      ],
    ),
  );

  const scaleRenders = m.scaleRenders;
  log(section('Scale (generated sites, 2 locales; render of ' + SCALE_PAGE + ', interleaved with the fixture)'));
  log(
    table(
      ['pages', 'generate s', 'build s', 'KV records', 'render median ms', 'x smallest'],
      m.scale.map((s, i) => [
        fmt.int(s.pages),
        fmt.ms(s.generateMs / 1000, 1),
        fmt.ms(s.buildMs / 1000, 1),
        fmt.int(s.records),
        fmt.ms(scaleRenders[i]!.medianMs, 3),
        fmt.ratio(scaleRenders[i]!.medianMs / scaleRenders[0]!.medianMs),
      ]),
    ),
  );

  if (a.warmSearchTimeVsRender !== undefined)
    log(
      `search, warm, ${fmt.int(m.scale.at(-1)!.pages)} pages: time per search ÷ the render of ${SCALE_PAGE}: ${fmt.ratio(a.warmSearchTimeVsRender)} (printed; bench:instructions judges this budget in instructions)`,
    );

  log(section('The same page, same run: the site against the reference workers'));
  log(
    table(
      ['comparison', 'ratio', 'issue reference (other machine)'],
      [
        ['site render (all policies) / minimal Hono + renderToString', fmt.pct(a.sameRun.renderVsMinimalRender), '-'],
        [
          'minimal Hono + renderToString / saved HTML',
          fmt.pct(a.sameRun.minimalRenderVsSavedHtml),
          fmt.pct(REFERENCE.honoRenderToString / REFERENCE.savedHtml),
        ],
        ['site render (all policies) / saved HTML', fmt.pct(a.sameRun.renderVsSavedHtml), '-'],
        ['site cache hit (all policies) / saved HTML', fmt.pct(a.sameRun.cacheHitVsSavedHtml), '-'],
      ],
    ),
  );
  log("each req/s taken as a ratio to the constant runs around it first, so the machine's drift cancels");

  log(section('Against reference figures (this machine kind, idle; not run here)'));
  log(
    table(
      ['target', 'needs req/s', 'this run', 'normalized', 'verdict'],
      a.references.map((r) => [r.name, fmt.int(r.target), fmt.int(r.measured), fmt.int(r.normalized), r.ok ? 'meets' : 'misses']),
    ),
  );
  log(
    `normalized = this run's render / saved-HTML ratio x ${fmt.int(REFERENCE.savedHtml)} (the reference machine's saved-HTML route); advisory, not a budget`,
  );
  log(`machine: ${cpus().length} cores, load average ${m.loadavgStart[0]!.toFixed(2)} at start, ${m.loadavgEnd[0]!.toFixed(2)} at end`);

  log(section('HTML weight: the payload inline for hydration, or from _payload.json (KB, raw / brotli)'));
  const rawBr = (x: { bytes: number; brotli: number }) => `${fmt.kb(x.bytes)} / ${fmt.kb(x.brotli)}`;
  log(
    table(
      ['page', 'HTML as sent', 'HTML without boot data', 'boot data alone', 'first visit, inline', 'first visit, from file'],
      m.htmlWeights.map((w) => {
        const visit = firstVisitBrotli(w);
        return [w.path, rawBr(w.inline), rawBr(w.withoutBootData), rawBr(w.bootData), fmt.kb(visit.inline), fmt.kb(visit.fromFile)];
      }),
    ),
  );
  log('first visit: brotli bytes of the page and its data; from file, the lighter page plus the file, each compressed on its own');

  log(section('Images a 390 px phone downloads (sample content, originals -> srcset/sizes variants)'));
  printImageBytes(m.images, log);

  printImagePage(m.imagePage, log);

  log(section('Budgets'));
  log(
    table(
      ['budget', 'actual', 'limit', ''],
      a.checks.map((c) => [c.name, c.actual, c.limit, c.ok ? 'ok' : 'MISSED']),
    ),
  );
}

/** Per page and image, before and after, and the saving over all the pages together. */
export function printImageBytes(pages: readonly PageImageBytes[], log: Log): void {
  let before = 0;
  let after = 0;
  for (const p of pages) {
    before += p.beforeBytes;
    after += p.afterBytes;
    log(`${p.path}: ${fmt.kb(p.beforeBytes)} -> ${fmt.kb(p.afterBytes)} (${fmt.pct(p.saving)} fewer)`);
    for (const i of p.images) log(`  ${i.src} ${fmt.kb(i.beforeBytes)} -> ${i.after} ${fmt.kb(i.afterBytes)}`);
  }
  log(
    `total: ${fmt.kb(before)} -> ${fmt.kb(after)}, ${fmt.pct(before > 0 ? 1 - after / before : NaN)} fewer (at least ${fmt.pct(BUDGETS.phoneImageSaving)})`,
  );
}

/** The verdict lines at the end of the output. */
export function printVerdict(a: BenchAnalysis, log: Log): void {
  const failed = missed(a.checks);
  for (const l of a.badLoads) log(`FAILED: load "${l.label}" had ${l.unexpected} unexpected statuses and ${l.result.errors} errors`);
  if (failed.length)
    log(`\nbudgets missed (${failed.length}): ${failed.map((c) => `${c.name}: ${c.actual} (limit ${c.limit})`).join('; ')}`);
  else log('\nall budgets met');
}

/** The cold-start table: each restart's first requests and its ratios, and the medians of the ratios. */
export function printColdStarts(
  coldStarts: readonly ColdStart[],
  a: Pick<BenchAnalysis, 'coldStartVsKvRender' | 'coldStartVsMinimalRender'>,
  log: Log,
): void {
  log(section(`Cold start: workerd restarted ${coldStarts.length} times, the first request of each worker (${FIXTURE_PATH})`));
  log(
    table(
      ['restart', 'site ms to first byte', 'minimal render ms', 'x minimal', 'KV-reading render ms', 'x KV-reading'],
      coldStarts.map((c, i) => [
        String(i + 1),
        fmt.ms(c.siteMs, 1),
        fmt.ms(c.minimalRenderMs, 1),
        fmt.ratio(c.siteMs / c.minimalRenderMs),
        fmt.ms(c.kvRenderMs, 1),
        fmt.ratio(c.siteMs / c.kvRenderMs),
      ]),
    ),
  );
  log(
    `against the KV-reading render (the minimal render reading pointer, manifest and index, payload from KV first; the budget): ${fmt.ratio(a.coldStartVsKvRender)} (the median of the restarts' own ratios)`,
  );
  log(`against the minimal render (no KV; printed, not judged): ${fmt.ratio(a.coldStartVsMinimalRender)}`);
}

/** The rows of the client JS a page loads before it is interactive, and the site's own share. */
export function clientJsRows(js: ClientJs): string[][] {
  return [
    ...js.files.map((f) => [`  ${f.url} (${f.via})`, fmt.kb(f.bytes), fmt.kb(f.gzipBytes)]),
    ['client JS before interactive (sum of the above)', fmt.kb(js.files.reduce((n, f) => n + f.bytes, 0)), fmt.kb(js.totalGzipBytes)],
    ['  bare React 19 hydrateRoot bundle (esbuild, same settings)', '', fmt.kb(js.reactBaselineGzipBytes)],
    ["  the site's own share", '', fmt.kb(js.ownGzipBytes)],
  ];
}

/** bench/results.json: every figure of the run, for comparing runs and for the README's table. */
export function benchResults(m: BenchMeasurements, a: BenchAnalysis) {
  const { seconds, warmup, connections, rounds } = m.settings;
  return {
    generatedAt: new Date().toISOString(),
    machine: { cores: cpus().length, loadavgStart: m.loadavgStart, loadavgEnd: m.loadavgEnd, node: process.version },
    runtime: `plain workerd serve (node_modules/.bin/workerd), generated capnp config; KV and Cache API as in-memory helper workers; no wrangler or Miniflare in the request path; V8 flags ${STEADY_STATE_V8_FLAGS.join(' ')}`,
    cacheBypass: 'second instance of the same bundle and KV whose cacheApiOutbound service stores nothing',
    options: { seconds, warmup, connections, rounds },
    fixture: {
      path: FIXTURE_PATH,
      buildId: m.site.build.id,
      pages: m.site.build.pageCount,
      htmlBytes: Buffer.byteLength(m.html),
      htmlGzipBytes: gzipSize(m.html),
    },
    load: {
      constant: { ...a.constant, runs: a.constantRuns.map((r) => ({ ...r.result, cpuUsPerRequest: r.cpuUsPerRequest })) },
      scenarios: a.loads.map(({ key, label, url, result, unexpected, constant: around, cpuUsPerRequest, roundRatios }) => ({
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
      workerdRssAfterLoad: m.rssAfterLoad,
    },
    cpuRatios: a.cpu,
    cpuPairs: m.cpuPairs,
    coldStarts: {
      runs: m.coldStarts,
      ratioVsKvRender: a.coldStartVsKvRender,
      ratioVsMinimalRender: a.coldStartVsMinimalRender,
      wranglerStartupMs: m.startup,
    },
    images: { pages: m.images, saving: a.phoneImageSaving },
    htmlWeight: m.htmlWeights,
    imagePage: imagePageResults(m.imagePage),
    render: { fixture: m.fixtureRender },
    worker: { totalKiB: m.dryRun.totalKiB, gzipKiB: m.dryRun.gzipKiB, ourGzipBytes: m.dryRun.gzipBytes },
    clientJs: m.js,
    scale: m.scale.map((s, i) => ({ ...s, render: m.scaleRenders[i] })),
    search: m.search && { ...m.search, warmTimeVsRender: a.warmSearchTimeVsRender },
    budgets: { limits: BUDGETS, checks: a.checks },
    sameRun: a.sameRun,
    references: a.references,
  };
}
