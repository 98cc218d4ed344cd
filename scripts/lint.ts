/** `npm run lint`: ESLint, then Prettier's check, over the repository (`--help` lists them). */
import { ROOT } from './lib/bundle';
import { command } from './lib/cli';
import { lint, loadProjects } from './lib/static-checks';
import { runToolSteps, stepLine, type ToolStep } from './lib/tool-steps';

const PRETTIER: ToolStep = ['prettier', '--check', '.'];

command({
  usage: 'npm run lint',
  summary: 'ESLint (the runtime zones, see eslint.config.js), then Prettier in check mode; stops at the first that fails.',
  options: {},
  examples: ['npm run lint', 'npm run format   # what Prettier would change, written'],
  notes: [
    'runs, in order:',
    '  eslint .   (through its API, the type-aware rules reading the programs of the three tsconfigs)',
    `  ${stepLine(PRETTIER)}`,
  ],
});
const eslint = await lint(ROOT, loadProjects(ROOT));
process.stdout.write(eslint.output);
process.exit(eslint.code !== 0 ? eslint.code : await runToolSteps([PRETTIER]));
