/**
 * Every `npm run` script answers `--help` with exit 0 and a usage line, before any work. A
 * command of scripts/ or bench/ (`tsx FILE.ts`) runs in this process (its help comes from
 * command() before anything heavy is loaded); a thin tool alias answers with the tool's own
 * help, spawned once per alias (a fraction of a second each). A script that chains tools
 * (`a && b`) is refused: `--help` would only reach the last tool, after the others had run.
 */
import type * as ChildProcess from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { REPO_ROOT } from './support/built-site';
import { runScriptInProcess } from './support/script-in-process';

// A command that ignored --help would start its work here: `npm test` the whole suite again,
// typecheck three compilers. Any process a command starts is refused, so that is a failure
// naming the cause, not a run.
vi.mock('node:child_process', async (importActual) => {
  const actual = await importActual<typeof ChildProcess>();
  const refuse = () => {
    throw new Error('the command started a process before answering --help');
  };
  // bench/lib/workerd/proc-stats.ts asks `getconf CLK_TCK` when it is loaded: a query, not work.
  const spawnSync = (command: string, args: readonly string[], options: object) =>
    command === 'getconf' ? actual.spawnSync(command, args, options) : refuse();
  return {
    ...actual,
    spawn: refuse,
    spawnSync,
    exec: refuse,
    execSync: refuse,
    execFile: refuse,
    execFileSync: refuse,
    fork: refuse,
  };
});
const { spawnSync } = await vi.importActual<typeof ChildProcess>('node:child_process');

const SCRIPTS = new Map(
  Object.entries((JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts),
);

/** Tools whose `--help` prints their usage and exits 0 without doing any work, whatever else is on the line. */
const TOOLS_WITH_HELP = new Set(['vitest', 'prettier', 'dpdm', 'wrangler']);

/** Why `npm run NAME -- --help` would not answer with a usage line and exit 0, or null when it does. */
async function helpProblem(line: string): Promise<string | null> {
  if (/&&|\|\||[;|]/.test(line))
    return 'it chains tools, so --help would reach only the last one: make it a command of scripts/ (scripts/lib/tool-steps.ts)';
  const own = /^(?:exec )?tsx ([\w/.-]+\.ts)((?: [^\s$`'"]+)*)$/.exec(line);
  if (own) {
    const run = await runScriptInProcess(own[1]!, [...(own[2] ?? '').split(' ').filter(Boolean), '--help']).catch((error: Error) => ({
      status: -1,
      stdout: '',
      stderr: error.message,
    }));
    if (run.status !== 0) return `--help exited ${run.status}: ${run.stderr.trim()}`;
    return /^usage: /.test(run.stdout) ? null : `--help printed no usage line first: ${JSON.stringify(run.stdout.slice(0, 80))}`;
  }
  const tool = /^(?:\w+=(?:\$\{[^}]*\}|\S)+ )*([\w-]+)/.exec(line)?.[1] ?? '';
  if (!TOOLS_WITH_HELP.has(tool))
    return `${tool || line} is not a tool known to answer --help at once: make it a command of scripts/ (scripts/lib/cli.ts, command())`;
  const r = spawnSync('sh', ['-c', `${line} --help`], {
    cwd: REPO_ROOT,
    env: { ...process.env, PATH: `${join(REPO_ROOT, 'node_modules/.bin')}:${process.env.PATH}` },
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (r.status !== 0) return `${tool} --help exited ${r.status}: ${r.stderr.trim().slice(0, 200)}`;
  return new RegExp(`^\\s*(?:usage:\\s*|\\$\\s*)?${tool}\\b`, 'im').test(r.stdout) ? null : `${tool} --help printed no usage line`;
}

describe('npm run SCRIPT -- --help', () => {
  test.each([...SCRIPTS])('npm run %s -- --help answers with a usage line and exit 0', async (_name, line) => {
    expect(await helpProblem(line)).toBeNull();
  });
});

describe('a new package script', () => {
  test('one whose command does not answer --help fails this test', async () => {
    expect(await helpProblem('tsx test/scripts/fixtures/command-without-help.ts')).toMatch(/no usage line/);
  });

  test('one whose command starts a process instead of answering fails this test, and the process is never started', async () => {
    expect(await helpProblem('tsx test/scripts/fixtures/command-that-spawns.ts')).toMatch(
      /exited -1: the command started a process before answering --help/,
    );
  });

  test('one that runs a tool without known help fails this test', async () => {
    expect(await helpProblem('node tools/report.js')).toMatch(/node is not a tool known to answer --help/);
  });

  test('one that chains tools fails this test, before any tool runs', async () => {
    expect(await helpProblem('eslint . && prettier --check .')).toMatch(/chains tools/);
  });
});
