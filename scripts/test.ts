/**
 * `npm test`: everything at once, by priority. The browser tests (a wrangler dev server and
 * Chromium, timing-sensitive) run at normal priority; the unit and worker tests and the static
 * checks (typecheck, lint, the import-cycle check) run beside them at a lower one (nice), in the
 * CPU the browser tests leave idle while they wait on pages, timers and the server: they use
 * about 0.8 of the 2 cores. The repository's content is built first, alone, so a clean clone
 * encodes its images once, not once per test run. Ends with one plain line, `N passed, N failed`,
 * that CI reads.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/bundle';
import { chromiumSetup, probeChromiumMachine } from './lib/chromium';
import { command, fail } from './lib/cli';
import { tallyOf } from './lib/test-report';

command({
  usage: 'npm test',
  summary:
    "The whole suite: typecheck, lint and the import-cycle check beside the unit and worker tests, then the browser tests; ends with one line, `N passed, N failed`. Installs Debian's chromium first when it is missing and this user may (root, or sudo without a password).",
  options: {},
  examples: ['npm test', 'npm run test:unit -- test/scripts/cli.test.ts   # one file'],
  notes: ["one project at a time: npm run test:unit, test:worker, test:e2e (vitest run --project NAME; their --help is vitest's)"],
});

// The browser tests need Chromium: set up (or the one command to run) before any test starts.
const chromium = chromiumSetup(probeChromiumMachine());
if (chromium.action === 'stop') fail(chromium.message);
if (chromium.action === 'install') {
  process.stderr.write("installing Debian's chromium for the browser tests (apt-get, a minute or two)\n");
  for (const [tool, ...args] of chromium.steps) {
    const r = spawnSync(tool!, args, { stdio: ['ignore', 2, 2], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) fail(`\`${[tool, ...args].join(' ')}\` failed: run \`sudo apt-get install chromium\`, then npm test again`);
  }
}

const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'edge-site-test-'));
// One bundle of the code per run, not one per process that builds (scripts/lib/input-memo.ts).
process.env.EDGE_SITE_BUNDLE_CACHE = join(reports, 'bundles');
let passed = 0;
let failed = 0;
let ok = true;

/** Runs a command; `quiet` keeps its output to print later, so it does not cut through the tests' output. */
function run(
  label: string,
  command: string,
  args: string[],
  quiet = false,
  env: Record<string, string> = {},
): Promise<{ ok: boolean; report: string }> {
  const started = Date.now();
  if (!quiet) process.stdout.write(`\n== ${label}\n`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (err) => (output += `${String(err)}\n`));
    child.on('close', (code) => {
      const passedRun = code === 0;
      if (!passedRun) ok = false;
      const seconds = Math.round((Date.now() - started) / 1000);
      resolve({ ok: passedRun, report: `\n== ${label} (${passedRun ? 'passed' : 'FAILED'}, ${seconds} s)\n${output}` });
    });
  });
}

async function vitest(label: string, projects: string[], { quiet = false, niced = false } = {}) {
  const report = join(reports, `${label}.json`);
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const command = niced ? (['nice', ['-n', '10', bin('vitest'), ...args]] as const) : ([bin('vitest'), args] as const);
  const result = await run(label, command[0], [...command[1]], quiet, { PREBUILD_REPO_CONTENT: '1' });
  if (quiet) process.stdout.write(result.report);
  try {
    const tally = tallyOf(readFileSync(report, 'utf8'), { exitedOk: result.ok });
    passed += tally.passed;
    failed += tally.failed;
    for (const file of tally.failedOutsideTests)
      process.stdout.write(`\n${label}: ${file} failed outside its tests (counted as 1 failed)\n`);
    if (tally.failedOutsideFiles) process.stdout.write(`\n${label}: vitest failed outside any test file (counted as 1 failed)\n`);
  } catch {
    failed += 1; // the runner died before it could report
  }
}

// The static checks: each one that fails counts as a failed test. One at a time, beside the
// tests, and at a lower priority (nice): they take the CPU the tests leave idle, not the CPU
// the tests' timeouts count on (workerd under a starved CPU missed a 60 s hook in a run without).
// The typecheck and the lint share one build of the TypeScript programs (scripts/static-checks.ts),
// which reports each of the two as its own check.
async function staticChecks() {
  const report = join(reports, 'static-checks.json');
  // A young generation of 64 MB: the TypeScript programs and ESLint allocate short-lived objects
  // by the million, and fewer, larger scavenges took about 7 of their 117 CPU-seconds off
  // (measured alone, in turn, 2026-11-28; 32 and 128 MB did not). The test processes did not gain.
  const youngGeneration = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-semi-space-size=64`.trim() };
  const both = await run(
    'typecheck and lint',
    'nice',
    ['-n', '10', bin('tsx'), 'scripts/static-checks.ts', '--report', report],
    true,
    youngGeneration,
  );
  let results: { ok: boolean; report: string }[];
  try {
    const checks = JSON.parse(readFileSync(report, 'utf8')) as { label: string; ok: boolean; seconds: number; output: string }[];
    results = checks.map((c) => ({ ok: c.ok, report: `\n== ${c.label} (${c.ok ? 'passed' : 'FAILED'}, ${c.seconds} s)\n${c.output}` }));
  } catch {
    // it died before it could report: both checks count as failed, with what it wrote
    results = [both, { ok: false, report: '' }];
  }
  results.push(await run('cycles', 'nice', ['-n', '10', 'npm', 'run', '-s', 'cycles'], true));
  return results;
}

/**
 * The repository's content, built once before the test runs start: its images go to the image
 * cache (.cache/images), which each run's own build of it then reads instead of encoding them
 * again at the same moment. A content that does not build fails the tests that need it, saying why.
 */
async function warmImageCache() {
  const out = mkdtempSync(join(tmpdir(), 'edge-site-test-build-'));
  try {
    const result = await run('build the repository content', bin('tsx'), ['scripts/build.ts', '--out', out], true);
    if (!result.ok) process.stdout.write(result.report);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const [checks] = await Promise.all([
  staticChecks(),
  warmImageCache().then(() =>
    Promise.all([
      vitest('browser', ['e2e-repo', 'e2e-others'], { quiet: true }),
      vitest('unit-and-worker', ['unit', 'unit-isolated', 'worker'], { niced: true }),
    ]),
  ),
]);
for (const check of checks) process.stdout.write(check.report);
failed += checks.filter((check) => !check.ok).length;
rmSync(reports, { recursive: true, force: true });
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(ok && failed === 0 ? 0 : 1);
