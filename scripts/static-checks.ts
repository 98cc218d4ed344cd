/**
 * The typecheck and the lint of `npm test` in one process: each tsconfig's program is built once,
 * checked as `npm run typecheck` checks it, and handed to ESLint's type-aware rules as `npm run
 * lint` does (scripts/lib/static-checks.ts); then Prettier's check.
 */
import { writeFileSync } from 'node:fs';
import { ROOT } from './lib/bundle';
import { command } from './lib/cli';
import { lint, loadProjects, typecheck } from './lib/static-checks';
import { captureToolStep, stepLine, type ToolStep } from './lib/tool-steps';

const PRETTIER: ToolStep = ['prettier', '--check', '.'];

const { values } = command({
  usage: 'tsx scripts/static-checks.ts [--report FILE]',
  summary:
    'What `npm run typecheck` and `npm run lint` check, on one build of the three TypeScript programs instead of two; every tsconfig is checked even after one fails, and the lint runs whatever the typecheck found. Exits 1 when either fails.',
  options: {
    report: {
      type: 'string',
      value: 'FILE',
      description: 'write each check as JSON to FILE ([{ label, ok, seconds, output }], what npm test reads) instead of to stdout',
    },
  },
  examples: ['tsx scripts/static-checks.ts', 'tsx scripts/static-checks.ts --report /tmp/static.json'],
  notes: ['checks, in order: typecheck (tsc -p of each tsconfig), lint (eslint ., then ' + stepLine(PRETTIER) + ')'],
});

interface Check {
  label: 'typecheck' | 'lint';
  ok: boolean;
  seconds: number;
  output: string;
}

let started = Date.now();
const projects = loadProjects(ROOT);
const typechecks = projects.map((project) => typecheck(ROOT, project, values.report ? { pretty: false } : {}));
const checks: Check[] = [
  {
    label: 'typecheck',
    ok: typechecks.every((t) => t.code === 0),
    seconds: Math.round((Date.now() - started) / 1000),
    output: typechecks.map((t) => t.output).join(''),
  },
];
started = Date.now();
const eslint = await lint(ROOT, projects);
const prettier = eslint.code === 0 ? await captureToolStep(PRETTIER) : undefined;
checks.push({
  label: 'lint',
  ok: eslint.code === 0 && prettier?.code === 0,
  seconds: Math.round((Date.now() - started) / 1000),
  output: eslint.output + (prettier?.output ?? ''),
});

if (values.report) writeFileSync(values.report, JSON.stringify(checks));
else for (const check of checks) process.stdout.write(`== ${check.label} (${check.ok ? 'passed' : 'FAILED'})\n${check.output}`);
process.exit(checks.every((c) => c.ok) ? 0 : 1);
