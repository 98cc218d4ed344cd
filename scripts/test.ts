/**
 * `npm test`: typecheck, lint (ESLint and Prettier) and the import-cycle check, then unit and
 * worker tests, then the browser tests on their own
 * (a wrangler dev server and Chromium should not share two cores with the other suites).
 * Ends with one plain line, `N passed, N failed`, that CI reads.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/bundle';

const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'edge-site-test-'));
let passed = 0;
let failed = 0;
let ok = true;

function run(label: string, command: string, args: string[]) {
  process.stdout.write(`\n== ${label}\n`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) ok = false;
  return result.status === 0;
}

function vitest(label: string, projects: string[]) {
  const report = join(reports, `${label}.json`);
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  run(label, bin('vitest'), args);
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
  } catch {
    failed += 1; // the runner died before it could report
  }
}

// The static checks come first and are cheap; each one that fails counts as a failed test.
// Code that does not typecheck is not worth running; lint and cycle findings still let the
// tests run, so one run shows everything that is wrong.
const typed = run('typecheck', 'npm', ['run', '-s', 'typecheck']);
const linted = run('lint', 'npm', ['run', '-s', 'lint']);
const acyclic = run('cycles', 'npm', ['run', '-s', 'cycles']);
failed += [typed, linted, acyclic].filter((passedCheck) => !passedCheck).length;
if (typed) {
  vitest('unit-and-worker', ['unit', 'worker']);
  vitest('e2e', ['e2e']);
}
rmSync(reports, { recursive: true, force: true });
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(ok && failed === 0 ? 0 : 1);
