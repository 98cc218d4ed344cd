/**
 * One worker's isolate through workerd's inspector (Chrome DevTools protocol over a WebSocket,
 * `--inspector-addr`): its JS heap after a forced major GC, and heap snapshots. RSS is the whole
 * workerd process (the site, its cache-off twin, the constant worker, the bench's KV and Cache
 * API helpers); this is the site's own isolate, the thing Cloudflare limits to 128 MB.
 *
 * workerd runs a command that needs the isolate (a GC, a snapshot) only once a request enters
 * the isolate, so each such command is followed by `pump` requests until it is answered: under
 * load the traffic does it anyway, when idle the pump does.
 */
import WebSocket from 'ws';

/** Every command is bounded: a stuck inspector must not hang the run. */
const COMMAND_TIMEOUT_MS = 60_000;
const PUMP_EVERY_MS = 100;

export interface HeapUsage {
  /** bytes of live JS objects (after a major GC: what the isolate retains) */
  usedBytes: number;
  /** bytes V8 has reserved for the heap */
  totalBytes: number;
}

export interface IsolateInspector {
  /** forces a major GC, then reads the heap */
  heapAfterGc(): Promise<HeapUsage>;
  /** a heap snapshot (it forces a GC first), as the JSON text DevTools saves */
  heapSnapshot(): Promise<string>;
  close(): void;
}

export interface InspectorOptions {
  /** `host:port` given to workerd's --inspector-addr */
  address: string;
  /** the worker's service name in the workerd config (`site`) */
  worker: string;
  /** one cheap request into the worker, so workerd runs a pending command */
  pump: () => Promise<void>;
}

interface Reply {
  id?: number;
  method?: string;
  params?: { chunk?: string };
  result?: unknown;
  error?: { message: string };
}

export async function openInspector({ address, worker, pump }: InspectorOptions): Promise<IsolateInspector> {
  const ws = new WebSocket(`ws://${address}/${worker}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', (err) => reject(new Error(`workerd inspector at ${address}/${worker}: ${err.message}`)));
  });
  let nextId = 0;
  const pending = new Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>();
  const chunks: string[] = [];
  ws.on('message', (data: Buffer) => {
    const reply = JSON.parse(data.toString('utf8')) as Reply;
    if (reply.method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push(reply.params?.chunk ?? '');
    const waiter = reply.id === undefined ? undefined : pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id!);
    if (reply.error) waiter.reject(new Error(`inspector: ${reply.error.message}`));
    else waiter.resolve(reply.result);
  });
  ws.on('close', () => {
    for (const waiter of pending.values()) waiter.reject(new Error('workerd inspector closed'));
    pending.clear();
  });

  /** Sends a command and pumps the worker until it is answered (or times out). */
  async function command<T>(method: string, params: object = {}): Promise<T> {
    const id = ++nextId;
    const answer = new Promise<T>((resolve, reject) => pending.set(id, { resolve: resolve as (r: unknown) => void, reject }));
    ws.send(JSON.stringify({ id, method, params }));
    let answered = false;
    const deadline = Date.now() + COMMAND_TIMEOUT_MS;
    const pumping = (async () => {
      while (!answered && Date.now() < deadline) {
        await pump().catch(() => undefined);
        await new Promise((r) => setTimeout(r, PUMP_EVERY_MS));
      }
    })();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`inspector: ${method} had no answer within ${COMMAND_TIMEOUT_MS} ms`)), COMMAND_TIMEOUT_MS);
    });
    try {
      return await Promise.race([answer, timeout]);
    } finally {
      answered = true;
      clearTimeout(timer);
      pending.delete(id);
      await pumping;
    }
  }

  await command('HeapProfiler.enable');
  return {
    async heapAfterGc() {
      await command('HeapProfiler.collectGarbage');
      const usage = await command<{ usedSize: number; totalSize: number }>('Runtime.getHeapUsage');
      return { usedBytes: usage.usedSize, totalBytes: usage.totalSize };
    },
    async heapSnapshot() {
      chunks.length = 0;
      await command('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      const text = chunks.join('');
      chunks.length = 0;
      return text;
    },
    close() {
      ws.close();
    },
  };
}
