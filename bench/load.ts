/**
 * `npm run load [-- --seconds N --connections C --warmup N --snapshots]`: a bounded load test
 * on loopback, with a publish halfway through. Measures (lib/load/run.ts), judges
 * (lib/load/analyse.ts) and prints (lib/load/report.ts); bench/README.md says what it does and
 * what fails it.
 *
 * Exit 1 on any 5xx, socket error or timeout, wrong status for a request, the site isolate's
 * heap after GC growing over 10% after warm-up, or a page naming neither build / the new build
 * not taking over after the pointer TTL. Stops by itself; everything started is stopped, even
 * on failure.
 */
import { flags } from '../scripts/lib/cli';
import { Cleanup, runToExit } from './lib/cleanup';
import { analyseLoad } from './lib/load/analyse';
import { printLoad } from './lib/load/report';
import { runLoadTest } from './lib/load/run';
import { numberOption } from './lib/options';

const { values } = flags({
  seconds: { type: 'string', default: '60' },
  connections: { type: 'string', default: '20' },
  warmup: { type: 'string' },
  snapshots: { type: 'boolean', default: false },
});
const settings = {
  seconds: numberOption(values.seconds, 'seconds', 4, 600),
  connections: numberOption(values.connections, 'connections', 1, 200),
  warmup: numberOption(values.warmup ?? 4, 'warmup', 1, 60),
  heapEverySeconds: 15,
  snapshots: values.snapshots,
};

const log = (s: string) => process.stdout.write(s + '\n');
const step = (s: string) => process.stderr.write(`load: ${s}\n`);

const cleanup = new Cleanup();
await runToExit('load', cleanup, async () => {
  const measurements = await runLoadTest(settings, cleanup, step);
  const analysis = analyseLoad(measurements);
  printLoad(measurements, analysis, log);
  return analysis.problems.length ? 1 : 0;
});
