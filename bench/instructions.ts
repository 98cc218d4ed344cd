/**
 * `npm run bench:instructions [-- --requests N --rounds R --warmup N --profiles DIR]`: instructions per request
 * for the short paths (cache hit, payload, redirect), the full render and their references, counted by
 * valgrind's callgrind in workerd (lib/instructions/callgrind.ts says what that figure is and is not).
 * The judge of the four CPU budgets: exits 1 when one of their pairs (INSTRUCTION_PAIR_LIMIT) is
 * over its limit; writes bench/instructions.json. Needs valgrind (`apt-get install valgrind`);
 * about 3 minutes. bench/README.md, "`npm run bench:instructions`".
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
import { countInstructions, instructionRatios, instructionResults, missedRatios, type RatioSpec } from './lib/instructions/measure';
import { CHROME_UA } from './lib/load-generator';
import { numberOption } from './lib/options';
import { startRuntime } from './lib/workerd/runtime';

const { values } = command({
  usage: 'npm run bench:instructions -- [--requests N] [--rounds R] [--warmup N] [--profiles DIR]',
  summary:
    "Instructions per request for the short paths and the full render, counted by valgrind's callgrind in workerd; reported, not judged. Needs valgrind; about 3 minutes.",
  options: {
    requests: { type: 'string', default: '300', value: 'N', description: 'counted requests per scenario and round, 10 to 10000' },
    rounds: { type: 'string', default: '3', value: 'R', description: 'rounds per scenario, 1 to 9' },
    // A render's code was still being optimised after 2 000 requests; settled after 4 000.
    warmup: { type: 'string', default: '4000', value: 'N', description: 'uncounted requests first, 0 to 100000' },
    profiles: { type: 'string', value: 'DIR', description: "keep callgrind's profiles here, one per scenario and round" },
  },
  examples: ['npm run bench:instructions -- --rounds 1 --profiles /tmp/callgrind'],
  notes: ['bench/README.md, "npm run bench:instructions", says what the figure is and is not.'],
});
const settings = {
  requests: Math.round(numberOption(values.requests, 'requests', 10, 10_000)),
  rounds: Math.round(numberOption(values.rounds, 'rounds', 1, 9)),
  warmupRequests: Math.round(numberOption(values.warmup, 'warmup', 0, 100_000)),
};

/** The scenarios counted, by their bench keys. */
const COUNTED = ['cacheHit', 'hitCalls', 'savedHtml', 'payload', 'redirect', 'render', 'minimalRender'];
const RATIOS: RatioSpec[] = [
  { key: 'cacheHit', over: 'savedHtml', label: 'cache hit ÷ saved HTML', limit: BUDGETS.cacheHitCpuVsSavedHtml },
  { key: 'hitCalls', over: 'savedHtml', label: "a hit's runtime calls alone ÷ saved HTML" },
  { key: 'cacheHit', over: 'hitCalls', label: "cache hit ÷ saved HTML with those calls: the site's own code" },
  { key: 'payload', over: 'savedHtml', label: 'payload ÷ saved HTML', limit: BUDGETS.payloadCpuVsSavedHtml },
  { key: 'redirect', over: 'savedHtml', label: 'redirect ÷ saved HTML', limit: BUDGETS.redirectCpuVsSavedHtml },
  { key: 'render', over: 'minimalRender', label: 'full render ÷ minimal render', limit: BUDGETS.renderCpuVsMinimalRender },
];
const RESULTS = join(import.meta.dirname, 'instructions.json');

const log = (s: string) => process.stdout.write(s + '\n');
const step = (s: string) => process.stderr.write(`bench:instructions: ${s}\n`);

const cleanup = new Cleanup();
await runToExit('bench:instructions', cleanup, async () => {
  if (!(await hasValgrind())) fail('valgrind is not installed: apt-get install valgrind');
  const fixture = await prepareFixtureRuntime(cleanup, step);
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
  const counts = await countInstructions(counter, scenarios, { ...settings, dumpEachRound: values.profiles !== undefined }, request, step);
  for (const s of scenarios) await verifyScenario(s);

  log(
    `\ninstructions per request (callgrind, ${settings.rounds} rounds of ${settings.requests} after ${settings.warmupRequests} warm-up requests each)`,
  );
  for (const c of counts)
    log(`  ${c.label.padEnd(76)} ${c.perRequest.map((n) => Math.round(n).toLocaleString('en-US').padStart(10)).join(' ')}`);
  log('\nratios of the medians (a limit: a CPU budget, judged here)');
  const ratios = instructionRatios(counts, RATIOS);
  for (const r of ratios) {
    const verdict = r.limit === undefined ? '' : `${r.ratio <= r.limit ? 'ok' : 'MISSED'} (<= ${r.limit.toFixed(2)}x)`;
    log(`  ${r.label.padEnd(64)} ${r.ratio.toFixed(3)}x  ${verdict}`);
  }
  if (values.profiles !== undefined) log(`\nprofiles in ${profiles} (callgrind.out.<pid>.<n>): callgrind_annotate --inclusive=yes <file>`);
  await writeFile(RESULTS, JSON.stringify(instructionResults(counts, ratios), null, 2) + '\n');
  log('\nwrote bench/instructions.json');
  const missed = missedRatios(ratios);
  for (const r of missed) log(`MISSED ${r.label}: ${r.ratio.toFixed(3)}x (limit ${r.limit!.toFixed(2)}x)`);
  return missed.length ? 1 : 0;
});
