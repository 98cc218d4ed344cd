/** `npm run lint`: ESLint, then Prettier's check, over the repository (`--help` lists them). */
import { command } from './lib/cli';
import { runToolSteps, stepLine, type ToolStep } from './lib/tool-steps';

const STEPS: readonly ToolStep[] = [
  ['eslint', '.'],
  ['prettier', '--check', '.'],
];

command({
  usage: 'npm run lint',
  summary: 'ESLint (the runtime zones, see eslint.config.js), then Prettier in check mode; stops at the first that fails.',
  options: {},
  examples: ['npm run lint', 'npm run format   # what Prettier would change, written'],
  notes: ['runs, in order:', ...STEPS.map((s) => `  ${stepLine(s)}`)],
});
process.exit(await runToolSteps(STEPS));
