/** `npm run typecheck`: tsc's check of each runtime's tsconfig, one after the other (`--help` lists them). */
import { ROOT } from './lib/bundle';
import { command } from './lib/cli';
import { loadProject, TSCONFIGS, typecheck } from './lib/static-checks';

command({
  usage: 'npm run typecheck',
  summary: 'Type-check the app, the worker and the scripts and tests, each against its own runtime, stopping at the first that fails.',
  options: {},
  examples: ['npm run typecheck'],
  notes: [
    'checks, in order, what `tsc -p` would (same messages, same exit code), through the TypeScript API:',
    ...TSCONFIGS.map((t) => `  tsc -p ${t}`),
  ],
});
for (const tsconfig of TSCONFIGS) {
  const { code, output } = typecheck(ROOT, loadProject(ROOT, tsconfig));
  process.stdout.write(output);
  if (code !== 0) process.exit(code);
}
