/**
 * How `npm start` and `npm run dev` end on a signal (scripts/lib/stop-on-signal.ts), with real
 * child processes standing in for wrangler dev and its workerd: the stop is called as the
 * signal's handler would, and the script's exit is caught instead of ending the test.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, expect, test } from 'vitest';
import { stopOnSignals, stopperFor } from '../../scripts/lib/stop-on-signal';

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

/** A Node process running `code`, once it has printed its first line (its handlers are set by then). */
async function nodeRunning(code: string): Promise<{ child: ChildProcess; firstLine: string; output: () => string }> {
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(child);
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  while (!output.includes('\n')) await once(child.stdout, 'data');
  return { child, firstLine: output.split('\n')[0]!, output: () => output };
}

/** Whether `pid` is a running process (a zombie waiting to be reaped is not). */
function running(pid: number): boolean {
  const state = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return state !== '' && !state.startsWith('Z');
}

async function gone(pid: number, withinMs = 3_000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (running(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

test('the child gets the signal the script got, and the script exits 128 + its number after the child and its own cleanup', async () => {
  const { child, output } = await nodeRunning(
    `process.on('SIGINT', () => { console.log('child got SIGINT'); process.exit(0); }); console.log('ready'); setInterval(() => {}, 1000);`,
  );
  const events: string[] = [];
  const stopper = stopperFor(child, {
    beforeExit: async () => void events.push(`cleanup after the child ${child.exitCode === null ? 'is running' : 'ended'}`),
    exit: (code) => void events.push(`exit ${code}`),
  });
  await stopper.stop('SIGINT');
  expect(output()).toContain('child got SIGINT');
  expect(events).toEqual(['cleanup after the child ended', 'exit 130']);
  expect(stopper.signalled).toBe(true);
});

test('a child that outlasts the grace period is killed with every process under it, which would otherwise keep the port', async () => {
  // The child ignores SIGTERM, as a stuck wrangler would, and has a process of its own (its workerd).
  const { child, firstLine } = await nodeRunning(
    `const { spawn } = require('node:child_process');
     process.on('SIGTERM', () => {});
     const grandchild = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: 'ignore' });
     console.log(grandchild.pid);
     setInterval(() => {}, 1000);`,
  );
  const grandchild = Number(firstLine);
  const codes: number[] = [];
  await stopperFor(child, { graceMs: 300, exit: (code) => void codes.push(code) }).stop('SIGTERM');
  expect(child.signalCode).toBe('SIGKILL');
  expect(await gone(grandchild)).toBe(true);
  expect(codes).toEqual([143]);
});

test('the stop takes SIGTERM over from a handler a library added that would end the script at once', async () => {
  const { child, output } = await nodeRunning(
    `process.on('SIGTERM', () => { console.log('child got SIGTERM'); process.exit(0); }); console.log('ready'); setInterval(() => {}, 1000);`,
  );
  // This test process's own handlers, put back after: the stop replaces every visible one.
  const own = new Map((['SIGINT', 'SIGTERM'] as const).map((signal) => [signal, process.listeners(signal)]));
  const calls: string[] = [];
  // What loading wrangler's module adds (for its pages dev), without the process.exit().
  const exitAtOnce = () => void calls.push('a library handler exited the script');
  process.on('SIGTERM', exitAtOnce);
  try {
    const codes: number[] = [];
    stopOnSignals(child, { exit: (code) => void codes.push(code) });
    process.emit('SIGTERM', 'SIGTERM');
    await expect.poll(() => codes).toEqual([143]);
    expect(output()).toContain('child got SIGTERM');
    expect(calls).toEqual([]);
  } finally {
    for (const [signal, listeners] of own) {
      process.removeAllListeners(signal);
      for (const listener of listeners) process.on(signal, listener);
    }
  }
});
