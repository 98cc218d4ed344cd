/**
 * `npm run bench [-- --seconds N --warmup N --connections C --rounds R --inspect 127.0.0.1:PORT --only PART]`:
 * performance budgets, offline. Measures (lib/bench/run.ts), judges (lib/bench/analyse.ts,
 * budgets in lib/bench/budgets.ts), prints a table and writes bench/results.json
 * (lib/bench/report.ts); exit 1 when a budget is missed. bench/README.md explains the figures.
 * Everything started is stopped, even on failure.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { command, fail } from '../scripts/lib/cli';
import { analyseBench } from './lib/bench/analyse';
import { missed } from './lib/bench/budgets';
import { benchResults, printBench, printVerdict } from './lib/bench/report';
import { runBench } from './lib/bench/run';
import { ONLY_PARTS, onlyVerdict, runOnly, type OnlyPart } from './lib/bench/run-only';
import { Cleanup, runToExit } from './lib/cleanup';
import { numberOption } from './lib/options';

const { values } = command({
  usage: 'npm run bench -- [--seconds N] [--warmup N] [--connections C] [--rounds R] [--inspect 127.0.0.1:PORT] [--only PART]',
  summary:
    'Performance budgets, offline: builds content/, measures the site in workerd, prints a table, writes bench/results.json; exit 1 when a budget is missed (bench/README.md).',
  options: {
    seconds: { type: 'string', default: '3', value: 'N', description: 'seconds of load per scenario and round, 1 to 120' },
    warmup: { type: 'string', default: '1', value: 'N', description: "seconds of warm-up before a scenario's first run, 0 to 30" },
    connections: { type: 'string', default: '10', value: 'C', description: 'concurrent connections, 1 to 200' },
    rounds: { type: 'string', default: '3', value: 'R', description: 'rounds per scenario, 1 to 9 (the median counts)' },
    // Profiles skew the figures, so the inspector is opt-in and loopback only.
    inspect: { type: 'string', value: '127.0.0.1:PORT', description: "open workerd's inspector for CPU profiles in Chrome DevTools" },
    only: {
      type: 'string',
      value: 'PART',
      description: `measure and judge one budget alone, as the whole run does: ${ONLY_PARTS.join(' or ')} (seconds to a minute; writes no results file)`,
    },
  },
  examples: ['npm run bench', 'npm run bench -- --seconds 10 --rounds 5', 'npm run bench -- --only client-js'],
});
const only = values.only;
if (only !== undefined && !(ONLY_PARTS as readonly string[]).includes(only)) fail(`--only takes ${ONLY_PARTS.join(' or ')}, not "${only}"`);
const inspectorAddress = values.inspect;
if (inspectorAddress !== undefined && !/^127\.0\.0\.1:\d{2,5}$/.test(inspectorAddress))
  fail('--inspect takes 127.0.0.1:PORT (the inspector is never opened to other hosts)');
const settings = {
  seconds: numberOption(values.seconds, 'seconds', 1, 120),
  warmup: numberOption(values.warmup, 'warmup', 0, 30),
  connections: numberOption(values.connections, 'connections', 1, 200),
  rounds: Math.round(numberOption(values.rounds, 'rounds', 1, 9)),
  inspectorAddress,
};

const RESULTS = join(import.meta.dirname, 'results.json');
const log = (s: string) => process.stdout.write(s + '\n');
// Seconds since the start on every step: where a 10-minute run spends its time.
const started = performance.now();
const step = (s: string) => process.stderr.write(`bench: ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s  ${s}\n`);

const cleanup = new Cleanup();
await runToExit('bench', cleanup, async () => {
  if (only !== undefined) {
    const check = await runOnly(only as OnlyPart, cleanup, step, log);
    log(onlyVerdict(check));
    return check.ok ? 0 : 1;
  }
  const measurements = await runBench(settings, cleanup, step);
  const analysis = analyseBench(measurements);
  printBench(measurements, analysis, log);
  await writeFile(RESULTS, JSON.stringify(benchResults(measurements, analysis), null, 2) + '\n');
  log('\nwrote bench/results.json');
  printVerdict(analysis, log);
  return missed(analysis.checks).length || analysis.badLoads.length ? 1 : 0;
});
