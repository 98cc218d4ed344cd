/**
 * Runs a built worker under plain `workerd serve`, for the bench and the load test: no
 * wrangler, no Miniflare and no Node proxy in the request path, so what is measured is the
 * worker and the runtime. Plain workerd has no KV and no Cache API storage of its own, so small
 * helper workers (./workers/) provide them in the same process; ./config.ts lists the sockets.
 *
 * This module puts the pieces together: a temp dir with the config and the helper workers,
 * the process (./process.ts), KV writes, and memory and CPU readings (./proc-stats.ts).
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KvRecord } from '../../../scripts/lib/kv-cli';
import { readMigrations } from '../../../scripts/lib/migrations';
import type { WranglerSettings } from '../../../scripts/lib/wrangler-toml';
import {
  D1_STORAGE_DIR,
  HELPER_WORKERS,
  REFERENCE_SOCKETS,
  RUN_SOCKETS,
  workerdConfig,
  type Ports,
  type ReferenceSocket,
  type ReferenceWorkers,
  type SocketName,
} from './config';
import { freePorts, spawnWorkerd, type WorkerdProcess } from './process';
import { readCpuMs, readRss } from './proc-stats';
import { readStaticAssets } from './static-assets';

const HELPERS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'workers');
/** KV records per bulk request: keeps each request body a few MB at most. */
const KV_BULK_CHUNK = 500;

/**
 * V8 grows an isolate's young generation step by step while it allocates: a fresh workerd's
 * RSS under load climbs for 30-50 s on this machine (a constant worker alone from ~110 to
 * ~550 MB, then flat). Starting with the semi-spaces at the size they grow to (measured:
 * --min=--max=32 MB reaches the same ~550-600 MB plateau in 2-4 s) puts every measurement at
 * steady state: the first bench runs are not slowed by heap growth, and the load test's
 * memory check sees retention, not heap sizing.
 */
export const STEADY_STATE_V8_FLAGS = ['--min-semi-space-size=32', '--max-semi-space-size=32'];

export interface RuntimeOptions {
  /** the worker bundle to run (the file `wrangler deploy --dry-run` wrote) */
  scriptPath: string;
  /** the build's static assets directory (dist/public) */
  publicDir: string;
  wrangler: WranglerSettings;
  /** overrides of [vars] */
  vars?: Record<string, string>;
  /** V8 flags for every isolate; default STEADY_STATE_V8_FLAGS */
  v8Flags?: string[];
  /** `host:port` for workerd's inspector (Chrome DevTools protocol), to profile the worker */
  inspectorAddress?: string;
  /** run the reference workers too (the bench) */
  references?: ReferenceWorkers;
  /** a command workerd runs under (process.ts), such as valgrind for instruction counts */
  runUnder?: string[];
}

export interface Runtime {
  /** the reference workers' URLs only when they were asked for */
  urls: { site: string; nocache: string; constant: string; edge: string } & Partial<Record<ReferenceSocket, string>>;
  pid: number;
  /** Writes KV records in order (records first, pointer last is the caller's order to keep). */
  putKv(records: KvRecord[]): Promise<void>;
  /** While on, every KV read the worker makes fails (the helper KV answers 503): a KV outage. */
  setKvReadsFailing(failing: boolean): Promise<void>;
  /** Runs one statement on FORMS_DB (migrated at start) and gives its rows. */
  queryD1<T = Record<string, unknown>>(sql: string, params?: (string | number | null)[]): Promise<T[]>;
  /** Resident memory of the workerd process, in bytes. */
  rss(): Promise<number>;
  /** CPU time (user + system) the workerd process has used, ms (10 ms ticks). */
  cpuMs(): Promise<number>;
  /** The last lines workerd wrote to stderr (errors and warnings), for failure messages. */
  stderrTail(): string;
  stop(): Promise<void>;
}

const url = (port: number) => `http://127.0.0.1:${port}`;

export async function startRuntime({
  scriptPath,
  publicDir,
  wrangler,
  vars = {},
  v8Flags = STEADY_STATE_V8_FLAGS,
  inspectorAddress,
  references,
  runUnder,
}: RuntimeOptions): Promise<Runtime> {
  const dir = await mkdtemp(join(tmpdir(), 'edge-site-workerd-'));
  let workerd: WorkerdProcess | undefined;
  let ports: Ports;
  try {
    for (const f of HELPER_WORKERS) await copyFile(join(HELPERS_DIR, f), join(dir, f));
    await mkdir(join(dir, D1_STORAGE_DIR));
    // Chosen together, so that no two sockets are given the same port.
    const names: SocketName[] = [...RUN_SOCKETS, ...(references ? REFERENCE_SOCKETS : [])];
    const free = await freePorts(names.length);
    ports = Object.fromEntries(names.map((name, i) => [name, free[i]!])) as Ports;
    const assets = await readStaticAssets(publicDir);
    const configPath = join(dir, 'config.capnp');
    await writeFile(
      configPath,
      workerdConfig({
        dir,
        scriptPath: resolve(scriptPath),
        publicDir,
        wrangler,
        vars: { ...wrangler.vars, ...vars },
        assets,
        ports,
        v8Flags,
        references,
      }),
    );
    workerd = spawnWorkerd(configPath, { cwd: dir, inspectorAddress, runUnder });
    await workerd.waitForPorts(Object.values(ports));
  } catch (err) {
    workerd?.kill();
    await rm(dir, { recursive: true, force: true });
    throw err;
  }

  const running = workerd;
  const kvAdmin = url(ports.kvAdmin);
  const d1Admin = url(ports.d1Admin);
  async function queryD1<T>(sql: string, params: (string | number | null)[] = []): Promise<T[]> {
    const res = await fetch(d1Admin + '/query', { method: 'POST', body: JSON.stringify({ sql, params }) });
    const answer = (await res.json()) as { success: boolean; error?: string; results?: T[] }[] | { success: false; error: string };
    if (!res.ok || !Array.isArray(answer)) throw new Error(`FORMS_DB: ${Array.isArray(answer) ? res.status : answer.error}`);
    return answer[0]!.results ?? [];
  }
  try {
    for (const { statements } of await readMigrations()) for (const statement of statements) await queryD1(statement);
  } catch (err) {
    running.kill();
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    urls: {
      site: url(ports.site),
      nocache: url(ports.nocache),
      constant: url(ports.constant),
      edge: url(ports.edge),
      ...Object.fromEntries(REFERENCE_SOCKETS.flatMap((name) => (ports[name] ? [[name, url(ports[name])]] : []))),
    },
    pid: running.pid,
    async putKv(records) {
      for (let i = 0; i < records.length; i += KV_BULK_CHUNK) {
        const res = await fetch(kvAdmin + '/_bulk', { method: 'POST', body: JSON.stringify(records.slice(i, i + KV_BULK_CHUNK)) });
        if (!res.ok) throw new Error(`KV bulk write failed: ${res.status} ${await res.text()}`);
        await res.body?.cancel();
      }
    },
    async setKvReadsFailing(failing) {
      const res = await fetch(kvAdmin + '/_faults', { method: 'POST', body: JSON.stringify({ failReads: failing }) });
      if (!res.ok) throw new Error(`KV fault switch failed: ${res.status} ${await res.text()}`);
      await res.body?.cancel();
    },
    queryD1,
    rss: () => readRss(running.pid),
    cpuMs: () => readCpuMs(running.pid),
    stderrTail: () => running.stderrTail(),
    async stop() {
      await running.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
