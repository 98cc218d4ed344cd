/**
 * Runs a command of scripts/ (`npm run NAME`) inside the test's own process: its module is
 * evaluated afresh with the arguments in process.argv, and what it writes and the code it exits
 * with are recorded. A spawned `tsx` costs seconds of CPU per call on the shared CI machine;
 * tests of what a command decides (usage, refusals) need only its code, and one spawn per file
 * is left to prove the real CLI wiring.
 */
import { join } from 'node:path';
import { vi } from 'vitest';
import { REPO_ROOT } from './built-site';

/** Thrown by the stubbed process.exit: nothing of the command runs after it exits. */
class Exited extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}

export interface ScriptRun {
  /** the exit code (0 when the module finished without calling process.exit) */
  status: number;
  stdout: string;
  stderr: string;
  ms: number;
}

export async function runScriptInProcess(script: string, args: string[], { unsetEnv = [] as string[] } = {}): Promise<ScriptRun> {
  const argv = process.argv;
  const savedEnv = new Map(unsetEnv.map((name) => [name, process.env[name]]));
  let status: number | null = null;
  let stdout = '';
  let stderr = '';
  // What a command writes after it exits never reaches anyone: only what comes before counts.
  const record = (to: 'stdout' | 'stderr') => (chunk: string | Uint8Array) => {
    if (status !== null) return true;
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    if (to === 'stdout') stdout += text;
    else stderr += text;
    return true;
  };
  const exit = vi.spyOn(process, 'exit').mockImplementation((code?: string | number | null) => {
    status ??= Number(code ?? 0);
    throw new Exited(status);
  });
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(record('stdout'));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(record('stderr'));
  // `gc` is scripts/gc.ts; a path (`bench/load.ts`) is taken from the repository's root.
  const scriptPath = script.includes('/') ? join(REPO_ROOT, script) : join(REPO_ROOT, 'scripts', `${script}.ts`);
  process.argv = [argv[0]!, scriptPath, ...args];
  for (const name of unsetEnv) delete process.env[name];
  const started = Date.now();
  try {
    // A fresh module each time: a command does its work when its module is evaluated.
    vi.resetModules();
    await import(/* @vite-ignore */ scriptPath);
  } catch (error) {
    if (!(error instanceof Exited) && status === null) throw error;
  } finally {
    exit.mockRestore();
    out.mockRestore();
    err.mockRestore();
    process.argv = argv;
    for (const [name, value] of savedEnv) if (value !== undefined) process.env[name] = value;
  }
  return { status: status ?? Number(process.exitCode ?? 0), stdout, stderr, ms: Date.now() - started };
}
