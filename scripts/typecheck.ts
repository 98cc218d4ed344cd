/** `npm run typecheck`: tsc over each runtime's tsconfig, one after the other (`--help` lists them). */
import { command } from './lib/cli';
import { runToolSteps, stepLine, type ToolStep } from './lib/tool-steps';

// One tsconfig per place code runs, so each is checked against its own runtime's types.
const STEPS: readonly ToolStep[] = [
  ['tsc', '-p', 'app/tsconfig.json'],
  ['tsc', '-p', 'worker/tsconfig.json'],
  ['tsc', '-p', 'tsconfig.json'],
];

command({
  usage: 'npm run typecheck',
  summary: 'Type-check the app, the worker and the scripts and tests, each against its own runtime, stopping at the first that fails.',
  options: {},
  examples: ['npm run typecheck'],
  notes: ['runs, in order:', ...STEPS.map((s) => `  ${stepLine(s)}`)],
});
process.exit(await runToolSteps(STEPS));
