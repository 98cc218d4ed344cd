/**
 * How `npm start` and `npm run dev` end on SIGINT or SIGTERM, whether it reaches them alone (a
 * process manager, a container runtime, `kill PID`) or their whole process group (Ctrl-C):
 * wrangler dev gets the same signal and is waited for, so nothing is left holding the port, and
 * the script then exits 128 + the signal's number, as a process the signal ended would.
 */
import type { ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { descendantsOf } from './process-table';

/** How long wrangler dev has to stop its workerd after a signal (it takes 1-3 s) before its processes are killed. */
export const WRANGLER_STOP_GRACE_MS = 10_000;

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
type StopSignal = (typeof STOP_SIGNALS)[number];

export interface Stopper {
  /** stops the child as if the script had been sent `signal`, then ends the script */
  stop(signal: StopSignal): Promise<void>;
  /** whether a stop has begun: the script's own "wrangler exited" paths then leave the ending to it */
  readonly signalled: boolean;
  /** never settles: what a script awaits instead of ending on its own once a stop has begun */
  readonly ending: Promise<never>;
}

interface StopOptions {
  /** what the script closes before it exits (its watchers, its proxy, its local KV) */
  beforeExit?: () => Promise<void>;
  graceMs?: number;
  exit?: (code: number) => void;
}

/**
 * The stop of `child` on a signal, not yet bound to any: a second signal while the first stop
 * waits kills at once (a second Ctrl-C is a user out of patience).
 */
export function stopperFor(
  child: ChildProcess,
  { beforeExit, graceMs = WRANGLER_STOP_GRACE_MS, exit = (code) => process.exit(code) }: StopOptions = {},
): Stopper {
  let signalled = false;
  const ended = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const stop = async (signal: StopSignal) => {
    if (signalled) {
      killTree(child);
      return;
    }
    signalled = true;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    const timer = setTimeout(() => killTree(child), graceMs);
    await ended;
    clearTimeout(timer);
    await beforeExit?.().catch(() => undefined);
    exit(128 + constants.signals[signal]);
  };
  return {
    stop,
    get signalled() {
      return signalled;
    },
    ending: new Promise<never>(() => {}),
  };
}

/**
 * Binds the stop of `child` to this process's SIGINT and SIGTERM, in place of the handlers
 * libraries added: Miniflare, which opens the local KV and D1 (local-state.ts), adds one that
 * exits 143, and wrangler's module, where a script loads it, ones that call process.exit() at
 * once (exit 0, for its `pages dev`). Either ended the script before its own handler ran, and
 * wrangler dev and workerd kept serving with no parent. So: call it once the local state has
 * been opened. (tsx's own handler, which tells its parent process of the signal, is hidden from
 * process.listeners() and stays.)
 */
export function stopOnSignals(child: ChildProcess, options: StopOptions = {}): Stopper {
  const stopper = stopperFor(child, options);
  for (const signal of STOP_SIGNALS) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, () => void stopper.stop(signal));
  }
  return stopper;
}

/**
 * SIGKILLs `child` and every process under it. The child alone would not do: wrangler killed
 * leaves its workerd running with no parent, still serving the port.
 */
export function killTree(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  // Listed before any kill: once the child is gone, its children's parent is pid 1.
  for (const pid of [...descendantsOf(child.pid), child.pid]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
}
