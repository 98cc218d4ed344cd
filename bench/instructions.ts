/**
 * `npm run bench:instructions [-- --requests N --rounds R --warmup N --profiles DIR --only hit|search]`: instructions per request
 * for the short paths (cache hit, payload, redirect), the full render and their references, and
 * for a warm search against a full render on the 10 000-page scale site, counted by valgrind's
 * callgrind in workerd (lib/instructions/callgrind.ts says what that figure is and is not).
 * The judge of the four CPU budgets and the warm search's: exits 1 when one of their ratios is
 * over its limit; writes bench/instructions.json. Needs valgrind (`apt-get install valgrind`);
 * about 10 minutes; `--only` counts one group while iterating, judges only its ratios and writes
 * no JSON. bench/README.md, "`npm run bench:instructions`".
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { command, fail } from '../scripts/lib/cli';
import { FIXTURE_PATH, REDIRECT_FROM, REDIRECT_TO } from './lib/bench/fixture';
import { prepareFixtureRuntime } from './lib/bench/fixture-runtime';
import { benchScenarios, hitCallsScenario, verifyScenario } from './lib/bench/scenarios';
import { Cleanup, runToExit } from './lib/cleanup';
import { InstructionCounter, countedRuntime, hasValgrind } from './lib/instructions/callgrind';
import { BUDGETS } from './lib/bench/budgets';
import { publishedMarker } from './lib/built-site';
import { BUILD_POINTER_TTL_MS } from '../app/constants';
import { SEARCH_RATIOS, buildScaleSite, searchScenarios, verifySearchScenarios } from './lib/instructions/search';
import {
  countInstructions,
  instructionRatios,
  instructionResults,
  missedRatios,
  ratiosCounted,
  type RatioSpec,
} from './lib/instructions/measure';
import { CHROME_UA } from './lib/load-generator';
import { numberOption } from './lib/options';
import { startRuntime } from './lib/workerd/runtime';

const { values } = command({
  usage: 'npm run bench:instructions -- [--requests N] [--rounds R] [--warmup N] [--profiles DIR] [--only hit|search]',
  summary:
    "Instructions per request for the short paths, the full render and a warm search at scale, counted by valgrind's callgrind in workerd; exits 1 when a CPU budget's ratio is over its limit. Needs valgrind; about 10 minutes.",
  options: {
    requests: { type: 'string', default: '300', value: 'N', description: 'counted requests per scenario and round, 10 to 10000' },
    rounds: { type: 'string', default: '3', value: 'R', description: 'rounds per scenario, 1 to 9' },
    // A render's code was still being optimised after 2 000 requests; settled after 4 000.
    warmup: { type: 'string', default: '4000', value: 'N', description: 'uncounted requests first, 0 to 100000' },
    profiles: { type: 'string', value: 'DIR', description: "keep callgrind's profiles here, one per scenario and round" },
    only: {
      type: 'string',
      value: 'GROUP',
      description: 'count one group only (hit: the cache hit and its references; search: the scale site), judge its ratios, write no JSON',
    },
  },
  examples: ['npm run bench:instructions -- --rounds 1 --profiles /tmp/callgrind', 'npm run bench:instructions -- --only hit --rounds 1'],
  notes: ['bench/README.md, "npm run bench:instructions", says what the figure is and is not.'],
});
const settings = {
  requests: Math.round(numberOption(values.requests, 'requests', 10, 10_000)),
  rounds: Math.round(numberOption(values.rounds, 'rounds', 1, 9)),
  warmupRequests: Math.round(numberOption(values.warmup, 'warmup', 0, 100_000)),
};

/** The scenarios counted, by their bench keys. */
const FIXTURE_COUNTED = ['cacheHit', 'hitCalls', 'savedHtml', 'payload', 'redirect', 'render', 'minimalRender'];
/** What `--only` counts of the fixture's scenarios, and whether it counts the search. */
const ONLY_GROUPS = {
  hit: { fixture: ['cacheHit', 'hitCalls', 'savedHtml'], search: false },
  search: { fixture: [], search: true },
} as const;
const only = values.only;
if (only !== undefined && !Object.hasOwn(ONLY_GROUPS, only)) fail(`--only takes ${Object.keys(ONLY_GROUPS).join(' or ')}, not "${only}"`);
const group = only === undefined ? { fixture: FIXTURE_COUNTED, search: true } : ONLY_GROUPS[only as keyof typeof ONLY_GROUPS];
const COUNTED: readonly string[] = group.fixture;
const RATIOS: RatioSpec[] = [
  { key: 'cacheHit', over: 'savedHtml', label: 'cache hit ÷ saved HTML', limit: BUDGETS.cacheHitCpuVsSavedHtml },
  { key: 'hitCalls', over: 'savedHtml', label: "a hit's runtime calls alone ÷ saved HTML" },
  { key: 'cacheHit', over: 'hitCalls', label: "cache hit ÷ saved HTML with those calls: the site's own code" },
  { key: 'payload', over: 'savedHtml', label: 'payload ÷ saved HTML', limit: BUDGETS.payloadCpuVsSavedHtml },
  { key: 'redirect', over: 'savedHtml', label: 'redirect ÷ saved HTML', limit: BUDGETS.redirectCpuVsSavedHtml },
  { key: 'render', over: 'minimalRender', label: 'full render ÷ minimal render', limit: BUDGETS.renderCpuVsMinimalRender },
  ...SEARCH_RATIOS,
];
const RESULTS = join(import.meta.dirname, 'instructions.json');

const log = (s: string) => process.stdout.write(s + '\n');
const step = (s: string) => process.stderr.write(`bench:instructions: ${s}\n`);

/** Generates and builds the 10 000-page scale site the search is counted on. */
async function scaleSite() {
  step('generating and building the 10 000-page scale site for the search counts (about a minute)');
  return buildScaleSite(cleanup);
}

const cleanup = new Cleanup();
await runToExit('bench:instructions', cleanup, async () => {
  if (!(await hasValgrind())) fail('valgrind is not installed: apt-get install valgrind');
  const fixture = await prepareFixtureRuntime(cleanup, step);
  const scale = group.search ? await scaleSite() : undefined;
  step('starting workerd under callgrind (about 10 s)');
  const profiles = values.profiles === undefined ? await cleanup.tempDir('callgrind') : resolve(values.profiles);
  await mkdir(profiles, { recursive: true });
  const runtime = await startRuntime({ ...fixture.runtimeOptions, ...countedRuntime(profiles) });
  cleanup.defer(() => runtime.stop());
  cleanup.workerdStderr = () => runtime.stderrTail();
  await runtime.putKv(fixture.published);

  const headers = { 'user-agent': CHROME_UA };
  const html = await (await fetch(`${runtime.urls.nocache}${FIXTURE_PATH}`, { headers })).text();
  const all = [
    ...benchScenarios({
      urls: runtime.urls,
      fixturePath: FIXTURE_PATH,
      buildId: fixture.site.build.id,
      redirect: { from: REDIRECT_FROM, to: REDIRECT_TO },
      html,
    }),
    hitCallsScenario(runtime.urls.hitCalls!, FIXTURE_PATH, html),
  ];
  const scenarios = COUNTED.map((key) => all.find((s) => s.key === key)!);
  for (const s of scenarios) await verifyScenario(s);

  const request = async (url: string) => {
    const res = await fetch(url, { headers, redirect: 'manual' });
    await res.arrayBuffer();
  };
  const counter = new InstructionCounter(runtime.pid);
  const countSettings = { ...settings, dumpEachRound: values.profiles !== undefined };
  const counts = await countInstructions(counter, scenarios, countSettings, request, step);
  for (const s of scenarios) await verifyScenario(s);

  if (scale) {
    // Search is judged on the scale site, published into the same KV as `npm run publish` would.
    step(`publishing the scale site (${scale.pageCount} pages) into the same KV`);
    await runtime.putKv([...scale.records, scale.pointer, publishedMarker(scale)]);
    // The worker keeps the live pointer in memory this long.
    await new Promise((r) => setTimeout(r, BUILD_POINTER_TTL_MS + 1000));
    const search = searchScenarios(runtime.urls.nocache);
    await verifySearchScenarios(search, scale.id, headers);
    counts.push(...(await countInstructions(counter, search, countSettings, request, step)));
    await verifySearchScenarios(search, scale.id, headers);
  }

  log(
    `\ninstructions per request (callgrind, ${settings.rounds} rounds of ${settings.requests} after ${settings.warmupRequests} warm-up requests each)`,
  );
  for (const c of counts)
    log(`  ${c.label.padEnd(76)} ${c.perRequest.map((n) => Math.round(n).toLocaleString('en-US').padStart(10)).join(' ')}`);
  log('\nratios of the medians (a limit: a CPU budget, judged here)');
  const ratios = instructionRatios(counts, only === undefined ? RATIOS : ratiosCounted(RATIOS, new Set(counts.map((c) => c.key))));
  for (const r of ratios) {
    const verdict = r.limit === undefined ? '' : `${r.ratio <= r.limit ? 'ok' : 'MISSED'} (<= ${r.limit.toFixed(2)}x)`;
    log(`  ${r.label.padEnd(64)} ${r.ratio.toFixed(3)}x  ${verdict}`);
  }
  if (values.profiles !== undefined) log(`\nprofiles in ${profiles} (callgrind.out.<pid>.<n>): callgrind_annotate --inclusive=yes <file>`);
  // A partial run is for iterating: bench/instructions.json keeps the last whole run.
  if (only === undefined) {
    await writeFile(RESULTS, JSON.stringify(instructionResults(counts, ratios), null, 2) + '\n');
    log('\nwrote bench/instructions.json');
  }
  const missed = missedRatios(ratios);
  for (const r of missed) log(`MISSED ${r.label}: ${r.ratio.toFixed(3)}x (limit ${r.limit!.toFixed(2)}x)`);
  return missed.length ? 1 : 0;
});
