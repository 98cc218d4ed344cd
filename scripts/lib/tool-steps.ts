/**
 * Commands that chain tools (typecheck, lint): each tool runs in turn from the project's own
 * node_modules/.bin, with the terminal, and the first that fails ends the chain with its code,
 * as `a && b` did, but only after the command has read its own options (so `--help` answers
 * before any tool starts).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './bundle';

export type ToolStep = readonly [tool: string, ...args: string[]];

/** One step as a shell would show it, for the help and for the line naming a failed step. */
export const stepLine = ([tool, ...args]: ToolStep): string => [tool, ...args].join(' ');

function runStep([tool, ...args]: ToolStep): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(join(ROOT, 'node_modules/.bin', tool), args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', (err) => {
      process.stderr.write(`error: ${tool} did not start: ${err.message}\n`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs one step with its output kept (stdout and stderr, in the order written) instead of shown. */
export function captureToolStep([tool, ...args]: ToolStep): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(ROOT, 'node_modules/.bin', tool), args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (err) => resolve({ code: 1, output: `${output}error: ${tool} did not start: ${err.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** Runs the steps in order; resolves with 0, or the exit code of the first that failed. */
export async function runToolSteps(steps: readonly ToolStep[]): Promise<number> {
  for (const step of steps) {
    const code = await runStep(step);
    if (code !== 0) return code;
  }
  return 0;
}
