/**
 * `npm test`: typecheck, then unit and worker tests, then the browser tests on their own
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

if (run('typecheck', 'npm', ['run', '-s', 'typecheck'])) {
  vitest('unit-and-worker', ['unit', 'worker']);
  vitest('e2e', ['e2e']);
} else {
  failed += 1;
}
rmSync(reports, { recursive: true, force: true });
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(ok && failed === 0 ? 0 : 1);
