/**
 * `npm run soak [-- --minutes 10 --connections C --snapshots]`: the load mix for ten minutes,
 * a publish every two minutes and KV reads failing for 20 s in the middle, judged like
 * `npm run load` (lib/load/analyse.ts) with two differences: the site isolate's heap after GC
 * is read every 30 s, and 503s are allowed inside the fault window (the README's fault table
 * says a KV outage answers 503 where no build or page is in memory) and nowhere else.
 */
import { flags } from '../scripts/lib/cli';
import { Cleanup, runToExit } from './lib/cleanup';
import { analyseLoad } from './lib/load/analyse';
import { printLoad } from './lib/load/report';
import { runLoadTest } from './lib/load/run';
import { numberOption } from './lib/options';

/** A publish this often, and KV reads failing this long, as the soak's definition says. */
const PUBLISH_EVERY_S = 120;
const FAULT_S = 20;
const HEAP_EVERY_S = 30;

const { values } = flags({
  minutes: { type: 'string', default: '10' },
  connections: { type: 'string', default: '20' },
  warmup: { type: 'string' },
  snapshots: { type: 'boolean', default: false },
});
const settings = {
  seconds: numberOption(values.minutes, 'minutes', 3, 240) * 60,
  connections: numberOption(values.connections, 'connections', 1, 200),
  warmup: numberOption(values.warmup ?? 4, 'warmup', 1, 60),
  publishEverySeconds: PUBLISH_EVERY_S,
  faultSeconds: FAULT_S,
  heapEverySeconds: HEAP_EVERY_S,
  snapshots: values.snapshots,
};

const log = (s: string) => process.stdout.write(s + '\n');
const step = (s: string) => process.stderr.write(`soak: ${s}\n`);

const cleanup = new Cleanup();
await runToExit('soak', cleanup, async () => {
  const measurements = await runLoadTest(settings, cleanup, step);
  const analysis = analyseLoad(measurements);
  printLoad(measurements, analysis, log);
  return analysis.problems.length ? 1 : 0;
});
