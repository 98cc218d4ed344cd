/**
 * `npm run load [-- --seconds N --connections C --warmup N --rate R --snapshots]`: a bounded load test
 * on loopback, with a publish halfway through. Measures (lib/load/run.ts), judges
 * (lib/load/analyse.ts) and prints (lib/load/report.ts); bench/README.md says what it does and
 * what fails it.
 *
 * Exit 1 on any 5xx, socket error or timeout, wrong status for a request, the site isolate's
 * heap after GC growing over 10% after warm-up, or a page naming neither build / the new build
 * not taking over after the pointer TTL. Stops by itself; everything started is stopped, even
 * on failure.
 */
import { command } from '../scripts/lib/cli';
import { Cleanup, runToExit } from './lib/cleanup';
import { numberOption } from './lib/options';

const { values } = command({
  usage: 'npm run load -- [--seconds N] [--connections C] [--warmup N] [--rate R] [--snapshots]',
  summary:
    'A bounded load test on loopback with a publish halfway through; exit 1 on any 5xx, socket error, wrong status, heap growth or a build not taking over (bench/README.md).',
  options: {
    seconds: { type: 'string', default: '60', value: 'N', description: 'seconds of load, 4 to 600' },
    connections: { type: 'string', default: '20', value: 'C', description: 'concurrent connections, 1 to 200' },
    warmup: { type: 'string', default: '4', value: 'N', description: 'seconds of warm-up before the heap baseline, 1 to 60' },
    rate: {
      type: 'string',
      value: 'R',
      description: 'requests per second over all connections together, 10 to 10000 (default: as fast as workerd answers)',
    },
    snapshots: { type: 'boolean', default: false, description: 'heap snapshots after the warm-up and at the end, compared (slow)' },
  },
  examples: ['npm run load -- --seconds 4 --connections 2'],
});
const settings = {
  seconds: numberOption(values.seconds, 'seconds', 4, 600),
  connections: numberOption(values.connections, 'connections', 1, 200),
  warmup: numberOption(values.warmup, 'warmup', 1, 60),
  ...(values.rate !== undefined ? { rate: numberOption(values.rate, 'rate', 10, 10_000) } : {}),
  heapEverySeconds: 15,
  snapshots: values.snapshots,
};

const log = (s: string) => process.stdout.write(s + '\n');
const step = (s: string) => process.stderr.write(`load: ${s}\n`);

// The runtime, autocannon and the build load for seconds: only after the options are read.
const [{ analyseLoad }, { printLoad }, { runLoadTest }] = await Promise.all([
  import('./lib/load/analyse'),
  import('./lib/load/report'),
  import('./lib/load/run'),
]);

const cleanup = new Cleanup();
await runToExit('load', cleanup, async () => {
  const measurements = await runLoadTest(settings, cleanup, step);
  const analysis = analyseLoad(measurements);
  printLoad(measurements, analysis, log);
  return analysis.problems.length ? 1 : 0;
});
