/**
 * The workerd process's life: started in a process group of its own, so that stopping it ends
 * everything it started; ready once every socket answers; stopped with SIGTERM, then SIGKILL.
 * An exit hook kills the group too if the caller dies without stopping it: a workerd left
 * behind would hold its ports and load both cores.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from '../../../scripts/lib/bundle';

export const WORKERD_BIN = join(ROOT, 'node_modules/.bin/workerd');

const STDERR_TAIL_CHARS = 16_000;
const READY_TIMEOUT_MS = 20_000;
const STOP_GRACE_MS = 3_000;

/** A server listening on a port the OS chose on 127.0.0.1, and that port. */
function listenOnFreePort(): Promise<{ port: number; close: () => Promise<void> }> {
  return new Promise((resolveListener, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolveListener({ port, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

/**
 * `count` distinct free TCP ports on 127.0.0.1, asked of the OS; workerd binds them a moment
 * later. Every listener stays open until all are chosen: asked for one at a time, the OS gave
 * the same port twice in 8 of 1 000 batches of ten here, and workerd then failed to start
 * ("Address already in use").
 */
export async function freePorts(count: number): Promise<number[]> {
  const listeners = await Promise.all(Array.from({ length: count }, listenOnFreePort));
  await Promise.all(listeners.map((l) => l.close()));
  return listeners.map((l) => l.port);
}

/** One free TCP port on 127.0.0.1 (see freePorts for several). */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}

export interface WorkerdProcess {
  pid: number;
  /** The last lines workerd wrote to stderr (errors and warnings), for failure messages. */
  stderrTail(): string;
  /** Resolves once every port answers; throws if workerd exits first or takes too long. */
  waitForPorts(ports: number[]): Promise<void>;
  /** SIGTERM to the group, SIGKILL after a grace period; resolves when workerd has exited. */
  stop(): Promise<void>;
  /** SIGKILL to the group at once, for failures during start-up. */
  kill(): void;
}

export interface SpawnOptions {
  cwd: string;
  /** `host:port` for workerd's inspector (Chrome DevTools protocol), to profile the worker */
  inspectorAddress?: string;
  /**
   * A command workerd runs under, workerd's path and arguments appended (valgrind, for the
   * instruction counts). Start-up is then slower, so it is given longer.
   */
  runUnder?: string[];
}

/** How much longer start-up may take under `runUnder` (valgrind: about 11 s here, against 1). */
const RUN_UNDER_READY_FACTOR = 6;

export function spawnWorkerd(configPath: string, { cwd, inspectorAddress, runUnder = [] }: SpawnOptions): WorkerdProcess {
  const inspector = inspectorAddress ? [`--inspector-addr=${inspectorAddress}`] : [];
  const readyTimeoutMs = READY_TIMEOUT_MS * (runUnder.length > 0 ? RUN_UNDER_READY_FACTOR : 1);
  // stdout carries the worker's one-line-per-request log: under load that is megabytes, and
  // reading it would put Node on the cores being measured, so it goes to /dev/null.
  // stderr (errors, warnings) is kept, bounded, for failure messages.
  const [command, ...args] = [...runUnder, WORKERD_BIN, 'serve', configPath, ...inspector];
  const child = spawn(command!, args, { cwd, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-STDERR_TAIL_CHARS);
  });
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid && running()) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
  };
  const onExit = () => killGroup('SIGKILL');
  process.on('exit', onExit);
  let stopped = false;

  return {
    pid: child.pid!,
    stderrTail: () => stderr,
    async waitForPorts(ports) {
      const deadline = Date.now() + readyTimeoutMs;
      for (const port of ports) {
        for (;;) {
          if (!running()) throw new Error(`workerd exited during start-up:\n${stderr}`);
          if (Date.now() > deadline) throw new Error(`workerd did not listen on 127.0.0.1:${port} within ${readyTimeoutMs} ms:\n${stderr}`);
          const ok = await fetch(`http://127.0.0.1:${port}/_app/health`, { signal: AbortSignal.timeout(1000) }).then(
            (r) => (r.body?.cancel(), true),
            () => false,
          );
          if (ok) break;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
      process.off('exit', onExit);
    },
    kill() {
      stopped = true;
      killGroup('SIGKILL');
      process.off('exit', onExit);
    },
  };
}
