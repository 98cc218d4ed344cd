/**
 * `npm run soak [-- --minutes 10 --connections C --snapshots]`: the load mix for ten minutes,
 * a publish every two minutes and KV reads failing for 20 s in the middle, judged like
 * `npm run load` (lib/load/analyse.ts) with two differences: the site isolate's heap after GC
 * is read every 30 s, and 503s are allowed inside the fault window (the README's fault table
 * says a KV outage answers 503 where no build or page is in memory) and nowhere else.
 */
import { command } from '../scripts/lib/cli';
import { Cleanup, runToExit } from './lib/cleanup';
import { numberOption } from './lib/options';

/** A publish this often, and KV reads failing this long, as the soak's definition says. */
const PUBLISH_EVERY_S = 120;
const FAULT_S = 20;
const HEAP_EVERY_S = 30;

const { values } = command({
  usage: 'npm run soak -- [--minutes N] [--connections C] [--warmup N] [--snapshots]',
  summary:
    'The load mix for a long run, a publish every two minutes and KV reads failing for 20 s in the middle, judged like `npm run load` (503s allowed only inside the fault window).',
  options: {
    minutes: { type: 'string', default: '10', value: 'N', description: 'minutes of load, 3 to 240' },
    connections: { type: 'string', default: '20', value: 'C', description: 'concurrent connections, 1 to 200' },
    warmup: { type: 'string', default: '4', value: 'N', description: 'seconds of warm-up before the heap baseline, 1 to 60' },
    snapshots: { type: 'boolean', default: false, description: 'heap snapshots after the warm-up and at the end, compared (slow)' },
  },
  examples: ['npm run soak -- --minutes 3'],
});
const settings = {
  seconds: numberOption(values.minutes, 'minutes', 3, 240) * 60,
  connections: numberOption(values.connections, 'connections', 1, 200),
  warmup: numberOption(values.warmup, 'warmup', 1, 60),
  publishEverySeconds: PUBLISH_EVERY_S,
  faultSeconds: FAULT_S,
  heapEverySeconds: HEAP_EVERY_S,
  snapshots: values.snapshots,
};

const log = (s: string) => process.stdout.write(s + '\n');
const step = (s: string) => process.stderr.write(`soak: ${s}\n`);

// The runtime, autocannon and the build load for seconds: only after the options are read.
const [{ analyseLoad }, { printLoad }, { runLoadTest }] = await Promise.all([
  import('./lib/load/analyse'),
  import('./lib/load/report'),
  import('./lib/load/run'),
]);

const cleanup = new Cleanup();
await runToExit('soak', cleanup, async () => {
  const measurements = await runLoadTest(settings, cleanup, step);
  const analysis = analyseLoad(measurements);
  printLoad(measurements, analysis, log);
  return analysis.problems.length ? 1 : 0;
});
