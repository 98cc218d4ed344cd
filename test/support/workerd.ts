/**
 * Runs a built worker in workerd through Miniflare, with a real (in-memory) KV namespace, a
 * real D1 database (FORMS_DB, migrated from migrations/), the form delivery queue and its
 * dead-letter queue (Miniflare's broker runs the worker's queue() handler), and the build's
 * static assets, the way `wrangler dev` and Cloudflare run it.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { Miniflare, type MiniflareOptions } from 'miniflare';
import { BuildIndex } from '../../app/build-records';
import { kvKeys } from '../../app/kv-keys';
import type { KvRecord } from '../../scripts/lib/build-records';
import { KV_BULK_WORKER, kvBulkWriter, type KvBulkWriter } from '../../scripts/lib/kv-bulk';
import { applyMigrations } from '../../scripts/lib/migrations';
import { assetsDirInBuild } from '../../scripts/lib/wrangler-config';
import { readWranglerToml } from '../../scripts/lib/wrangler-toml';
import type { BuiltSite } from './built-site';

/**
 * How long a file's teardown waits for Miniflare to dispose of workerd, past which it says so and
 * goes on (Miniflare's exit hook ends workerd with the vitest worker; the file's verdict is its
 * tests'). The waits that full runs hit, two or three a run, were responses whose bodies no test
 * read: `dispose()` closes its undici dispatcher to workerd, and undici counts a request as
 * running until its body is read or cancelled (undici's README, "Garbage Collection"). `close`
 * now cancels those bodies first; this stays for a cause not yet seen.
 */
const DISPOSE_WAIT_MS = 5_000;
/** The ids of the site's KV namespace and of FORMS_DB: Miniflare keeps their files by these. */
const SITE_KV_ID = 'site-kv';
const FORMS_DB_ID = 'forms-db';
/** The worker beside the site's that writes its KV in batches (scripts/lib/kv-bulk.ts). */
const KV_BULK = 'kv-bulk';

/** undici's "fetch failed" for a connection reset while the request was being written. */
function isResetBeforeAnswer(err: unknown): boolean {
  const cause = err instanceof Error ? (err.cause as { code?: string; syscall?: string } | undefined) : undefined;
  return cause?.code === 'ECONNRESET' && cause.syscall === 'write';
}

async function disposeWithin(mf: Miniflare, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  const outcome = await Promise.race([mf.dispose().then(() => 'disposed' as const), late]).finally(() => clearTimeout(timer));
  if (outcome === 'late') process.stderr.write(`workerd was not disposed of within ${ms / 1000} s; going on without it\n`);
}

const WRANGLER = readWranglerToml();
const COMPATIBILITY_DATE = WRANGLER.compatibility_date;
/** The form delivery queue and its dead-letter queue, as wrangler.toml names them. */
export const FORMS_QUEUE = WRANGLER.queues?.producers?.find((p) => p.binding === 'FORMS_QUEUE')?.queue ?? 'edge-site-forms';
const FORMS_CONSUMER = WRANGLER.queues?.consumers?.find((c) => c.queue === FORMS_QUEUE);
export const FORMS_DLQ = FORMS_CONSUMER?.dead_letter_queue ?? `${FORMS_QUEUE}-dlq`;
/** The cron of wrangler.toml [triggers] */
const CRON = (WRANGLER as { triggers?: { crons?: string[] } }).triggers?.crons?.[0] ?? '*/5 * * * *';

export const ORIGIN = 'https://www.example.com';

type KvNamespace = Awaited<ReturnType<Miniflare['getKVNamespace']>>;
export type D1 = Awaited<ReturnType<Miniflare['getD1Database']>>;
type WorkerFetcher = Awaited<ReturnType<Miniflare['getWorker']>>;
export type QueueResult = Awaited<ReturnType<WorkerFetcher['queue']>>;
export type QueueMessageInput = Parameters<WorkerFetcher['queue']>[1][number];

export interface TestWorker {
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** where the worker listens, for a browser (`http://127.0.0.1:PORT`) */
  url: string;
  kv(): Promise<KvNamespace>;
  put(records: KvRecord[]): Promise<void>;
  publish(site: BuiltSite): Promise<void>;
  logs: string[];
  close: () => Promise<void>;
  /** with `faults: true`: what the KV wrapper does from now on (see KV_FAULTS_WORKER) */
  setFaults(plan: KvFault[]): Promise<void>;
  /** FORMS_DB itself (migrated), as the operators' commands see it */
  d1(): Promise<D1>;
  /** runs the worker's scheduled() handler as the cron trigger does, at `time` (ms; now by default) */
  scheduled(time?: number): Promise<void>;
  /** hands messages straight to the worker's queue() handler and says how it answered each */
  queue(queue: string, messages: QueueMessageInput[]): Promise<QueueResult>;
  /** with `storageFaults: true`: whether FORMS_DB and FORMS_QUEUE fail from now on */
  setStorageFaults(plan: StorageFaults): Promise<void>;
  /**
   * A fresh isolate with empty KV, D1 and cache, and no logs (the site published again unless
   * `publish`, by default the start's, is false), on the same Miniflare: workerd restarts with
   * new storage folders. Cheaper than a new worker, for tests that need an isolate that knows
   * nothing. With `keepStorage`, KV, D1 and cache stay as they are (a new isolate of the same
   * deployment) and nothing is published.
   */
  restart(options?: { publish?: boolean; keepStorage?: boolean }): Promise<void>;
  /**
   * A deploy: workerd restarts with this deployment's worker and static files (`site`, by
   * default the one running) and settings, over the same KV, D1 and cache; nothing is published.
   * Settings not given stay as they are. Cheaper than closing and starting another worker.
   */
  redeploy(deployment: Deployment): Promise<void>;
}

/** What a deploy may change: the code and static files, the vars and the rate limits. */
export interface Deployment {
  site?: BuiltSite;
  bindings?: Record<string, string>;
  formRateLimit?: number;
  tokenRateLimit?: number;
  noteRateLimit?: number;
}

/**
 * Fault injection for the form store: wrappers (workerd wrapped bindings) around the REAL
 * D1 database and queue producer, which read a plan from a KV key on every call and throw
 * when it says so. D1 statements are wrapped by what the worker calls: bind, all, run, first.
 */
const STORAGE_FAULTS_WORKER = `
const PLAN_KEY = '__storage_faults__';
const plan = async (env) => JSON.parse((await env.PLAN.get(PLAN_KEY)) ?? '{}');
export function d1(env) {
  const wrap = (statement) => ({
    bind: (...values) => wrap(statement.bind(...values)),
    async all() { if ((await plan(env)).d1 === 'throw') throw new Error('D1_ERROR: injected'); return statement.all(); },
    async run() { if ((await plan(env)).d1 === 'throw') throw new Error('D1_ERROR: injected'); return statement.run(); },
    async first(column) { if ((await plan(env)).d1 === 'throw') throw new Error('D1_ERROR: injected'); return statement.first(column); },
  });
  return { prepare: (sql) => wrap(env.INNER_DB.prepare(sql)) };
}
export function queue(env) {
  return {
    async send(body, options) { if ((await plan(env)).queue === 'throw') throw new Error('Queue send failed (injected)'); return env.INNER_QUEUE.send(body, options); },
    async sendBatch(messages, options) { if ((await plan(env)).queue === 'throw') throw new Error('Queue send failed (injected)'); return env.INNER_QUEUE.sendBatch(messages, options); },
  };
}
export default d1;
`;

export interface StorageFaults {
  d1?: 'throw';
  queue?: 'throw';
}

export interface QueueOptions {
  /** retries before the dead-letter queue (default: wrangler.toml's) */
  maxRetries?: number;
  /** seconds Miniflare waits to fill a batch (default 0: at once) */
  maxBatchTimeout?: number;
  maxBatchSize?: number;
}

/**
 * Fault injection for KV: a wrapper binding (workerd's wrapped bindings) around the REAL
 * namespace, which reads a plan from the key `__faults__` on every call and, for keys with a
 * matching prefix, throws, hangs, waits, or answers a chosen value. Everything else goes to KV.
 */
const KV_FAULTS_WORKER = `
const PLAN_KEY = '__faults__';
const never = () => new Promise(() => {});
export default function (env) {
  const inner = env.INNER;
  async function rule(key) {
    const plan = JSON.parse((await inner.get(PLAN_KEY)) ?? '[]');
    return plan.find((r) => key.startsWith(r.prefix));
  }
  return {
    async get(key, options) {
      const r = await rule(key);
      if (r?.action === 'throw') throw new Error('KV GET failed (injected)');
      if (r?.action === 'hang') return never();
      if (r?.action === 'delay') await new Promise((done) => setTimeout(done, r.ms));
      if (r?.action === 'value') return r.value;
      return inner.get(key, options);
    },
    put: (key, value, options) => inner.put(key, value, options),
    delete: (key) => inner.delete(key),
    list: (options) => inner.list(options),
    getWithMetadata: (key, options) => inner.getWithMetadata(key, options),
  };
}
`;

export interface KvFault {
  prefix: string;
  action: 'throw' | 'hang' | 'delay' | 'value';
  ms?: number;
  value?: string;
}

/**
 * Puts in batches through a worker of the same workerd (scripts/lib/kv-bulk.ts), as local
 * publishes write. The last record of a key wins, as it would one after another; which lands
 * first is not promised, as with KV itself, so what must come later is a put of its own (publishTo).
 */
async function putAll(kv: KvBulkWriter, records: KvRecord[]): Promise<void> {
  await kv.put([...new Map(records.map((r) => [r.key, r.value]))].map(([key, value]) => ({ key, value })));
}

/**
 * As scripts/lib/publish.ts does it: records, the pointer, then the published marker and the
 * pointer of the build's records format.
 */
async function publishTo(kv: KvBulkWriter, site: BuiltSite): Promise<void> {
  await putAll(kv, site.build.records);
  await putAll(kv, [site.build.pointer]);
  await putAll(kv, [
    { key: kvKeys.published(site.build.id), value: site.build.pointer.value },
    { key: kvKeys.latestOfFormat(recordsFormatOfBuild(site)), value: site.build.pointer.value },
  ]);
}

/**
 * A folder tree copied by cp(1): Node's fs.cp walks it in JavaScript, a quarter of a CPU-second
 * for a published site's KV (a file per record), which every restart of the faults file paid.
 */
const copyTree = (from: string, to: string) => promisify(execFile)('cp', ['-R', from, to]);

/** KV (`kv/`, with `site` published) and a migrated D1 (`d1/`) in `dir`, as a restart finds them. */
async function storageTemplate(dir: string, site: BuiltSite | undefined): Promise<string> {
  const mf = new Miniflare({
    kvPersist: join(dir, 'kv'),
    d1Persist: join(dir, 'd1'),
    workers: [
      {
        modules: true,
        script: KV_BULK_WORKER,
        compatibilityDate: COMPATIBILITY_DATE,
        kvNamespaces: { SITE_KV: SITE_KV_ID },
        d1Databases: { FORMS_DB: FORMS_DB_ID },
      },
    ],
  });
  try {
    await applyMigrations(await mf.getD1Database('FORMS_DB'));
    if (site)
      await publishTo(
        kvBulkWriter((url, init) => mf.dispatchFetch(url, init), 'SITE_KV'),
        site,
      );
  } finally {
    // Disposed, workerd has closed the files: they are whole to copy.
    await disposeWithin(mf, DISPOSE_WAIT_MS);
  }
  return dir;
}

/** The paths an environment's worker answers before its static assets, as Miniflare's router takes them. */
function staticRouting(env: string | undefined) {
  if (env === undefined) return {};
  const first = WRANGLER.env?.[env]?.assets?.run_worker_first;
  if (!Array.isArray(first)) throw new Error(`wrangler.toml: env.${env}.assets.run_worker_first is not a list of paths`);
  return {
    static_routing: {
      user_worker: first.filter((p) => !p.startsWith('!')),
      asset_worker: first.filter((p) => p.startsWith('!')).map((p) => p.slice(1)),
    },
  };
}

/** The build's folder of an environment's static assets, as wrangler.toml names it. */
const assetsDirOf = (env: string | undefined) =>
  assetsDirInBuild(((env === undefined ? undefined : WRANGLER.env?.[env]?.assets) ?? WRANGLER.assets)?.directory ?? 'dist/public');

/** The records format the build's index says (1 when it records none). */
function recordsFormatOfBuild(site: BuiltSite): number {
  const index = site.build.records.find((r) => r.key === kvKeys.index(site.build.id));
  return index ? (BuildIndex.parse(JSON.parse(index.value)).code?.recordsFormat ?? 1) : 1;
}

/**
 * The build's worker as Miniflare's module list. Given only a script path, Miniflare parses the
 * whole bundle (about 1 MB) with acorn on every start to find its imports: half a second of CPU
 * per worker, and the suite starts hundreds. The build writes one self-contained file, so it is
 * named as the only module; anything else in the folder (a split bundle) goes back to discovery.
 */
async function workerModules(dir: string) {
  // Module names are relative to this root; the build lives outside the repository.
  const discovered = { modules: true, scriptPath: join(dir, 'index.js'), modulesRoot: dir };
  const files = await readdir(dir);
  if (files.length !== 1 || files[0] !== 'index.js') return discovered;
  const path = join(dir, 'index.js');
  return { modules: [{ type: 'ESModule' as const, path, contents: await readFile(path, 'utf8') }], modulesRoot: dir };
}

export async function startWorker(
  site: BuiltSite,
  {
    publish = true,
    bindings = {},
    faults = false,
    persist,
    formRateLimit = 1000,
    tokenRateLimit = 1000,
    noteRateLimit = 1000,
    assetsOf,
    outbound,
    queue = {},
    storageFaults = false,
    port,
    devRegistry,
  }: {
    publish?: boolean;
    bindings?: Record<string, string>;
    faults?: boolean;
    persist?: { kv: string; cache: string };
    /** form posts per client per 60 s (the real binding; high by default so tests are not limited) */
    formRateLimit?: number;
    /** preview token attempts per client per 60 s (the real binding; high by default) */
    tokenRateLimit?: number;
    /** review notes per share link and client per 60 s (the real binding; high by default) */
    noteRateLimit?: number;
    /** route static assets as this wrangler.toml environment does (its `run_worker_first`) */
    assetsOf?: string;
    /**
     * Where the worker's own fetches go (webhook deliveries): Miniflare's outbound service, a
     * function in Node. Tests route the webhook's https URL to a receiver on 127.0.0.1 with it,
     * so the worker keeps its https-only rule and needs no test switch.
     */
    outbound?: (request: Request) => Promise<Response>;
    queue?: QueueOptions;
    storageFaults?: boolean;
    /** serve HTTP on this port of 127.0.0.1 (for a browser; `url` names it), else an ephemeral one */
    port?: number;
    /** register the worker under this name in a dev registry folder, as `wrangler dev` does */
    devRegistry?: { path: string; name: string };
  } = {},
): Promise<TestWorker> {
  const logs: string[] = [];
  /** The deployment running now: the start's, until a redeploy. */
  let deployed: Required<Deployment> = { site, bindings, formRateLimit, tokenRateLimit, noteRateLimit };
  const mainOf = async (d: Required<Deployment>) => ({
    ...(devRegistry ? { name: devRegistry.name } : {}),
    ...(await workerModules(join(d.site.outDir, 'worker'))),
    compatibilityDate: COMPATIBILITY_DATE,
    // Tests publish new builds mid-test: the pointer must be read on every request.
    bindings: { BUILD_POINTER_TTL_MS: '0', PREVIEW_HOSTS: '', ...d.bindings },
    assets: {
      directory: join(d.site.outDir, assetsDirOf(assetsOf)),
      binding: 'ASSETS',
      routerConfig: { has_user_worker: true, ...staticRouting(assetsOf) },
    },
    ratelimits: {
      FORM_RATE_LIMIT: { simple: { limit: d.formRateLimit, period: 60 } },
      PREVIEW_TOKEN_RATE_LIMIT: { simple: { limit: d.tokenRateLimit, period: 60 } },
      NOTE_RATE_LIMIT: { simple: { limit: d.noteRateLimit, period: 60 } },
    },
    queueConsumers: {
      [FORMS_QUEUE]: {
        maxBatchSize: queue.maxBatchSize ?? FORMS_CONSUMER?.max_batch_size ?? 10,
        maxBatchTimeout: queue.maxBatchTimeout ?? 0,
        maxRetries: queue.maxRetries ?? FORMS_CONSUMER?.max_retries ?? 10,
        deadLetterQueue: FORMS_DLQ,
      },
      [FORMS_DLQ]: { maxBatchSize: 10, maxBatchTimeout: queue.maxBatchTimeout ?? 0 },
    },
    ...(outbound ? { outboundService: (request: unknown) => outbound(request as Request) } : {}),
  });
  const formStore = storageFaults
    ? {
        wrappedBindings: {
          FORMS_DB: { scriptName: 'storage-faults', entrypoint: 'd1' },
          FORMS_QUEUE: { scriptName: 'storage-faults', entrypoint: 'queue' },
        },
      }
    : { d1Databases: { FORMS_DB: FORMS_DB_ID }, queueProducers: { FORMS_QUEUE: { queueName: FORMS_QUEUE } } };
  const storageFaultsWorker = {
    name: 'storage-faults',
    modules: true,
    script: STORAGE_FAULTS_WORKER,
    d1Databases: { INNER_DB: FORMS_DB_ID },
    queueProducers: { INNER_QUEUE: { queueName: FORMS_QUEUE } },
    kvNamespaces: { PLAN: 'storage-faults-plan' },
  };
  const store = faults ? { worker: 'kv-faults', binding: 'INNER' } : { worker: undefined, binding: 'SITE_KV' };
  // Storage of restarts (each a fresh set of folders), removed on close.
  let restarts: string | undefined;
  let restartCount = 0;
  const optionsOf = (main: Awaited<ReturnType<typeof mainOf>>) => ({
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      stdout.on('data', (d: Buffer) => logs.push(d.toString()));
      stderr.on('data', (d: Buffer) => logs.push(d.toString()));
    },
    kvPersist: persist?.kv ?? false,
    cachePersist: persist?.cache ?? false,
    ...(port !== undefined ? { host: '127.0.0.1', port } : {}),
    // As `wrangler dev` starts its runtime: registered, and answering /cdn-cgi/handler/scheduled.
    ...(devRegistry ? { unsafeDevRegistryPath: devRegistry.path, unsafeTriggerHandlers: true } : {}),
    workers: [
      ...(faults
        ? [
            { ...main, ...formStore, wrappedBindings: { ...formStore.wrappedBindings, SITE_KV: { scriptName: 'kv-faults' } } },
            { name: 'kv-faults', modules: true, script: KV_FAULTS_WORKER, kvNamespaces: { INNER: SITE_KV_ID } },
          ]
        : [{ ...main, ...formStore, kvNamespaces: { SITE_KV: SITE_KV_ID } }]),
      ...(storageFaults ? [storageFaultsWorker] : []),
      // Where the tests' publishes write, in batches: the site's namespace, bound by its id.
      { name: KV_BULK, modules: true, script: KV_BULK_WORKER, kvNamespaces: { SITE_KV: SITE_KV_ID } },
    ],
  });
  let options = optionsOf(await mainOf(deployed));
  const mf = new Miniflare(options);
  /** The options with the storage the worker uses now (the start's, or a restart's folders). */
  let storage: MiniflareOptions = options;
  const url = await mf.ready.catch((err: unknown) => {
    throw new Error(`workerd did not start: ${String(err)}\n${logs.join('')}`);
  });
  const kv = () => mf.getKVNamespace(store.binding, store.worker);
  const d1 = () => (storageFaults ? mf.getD1Database('INNER_DB', 'storage-faults') : mf.getD1Database('FORMS_DB'));
  await applyMigrations(await d1());
  const bulk = kvBulkWriter(async (url, init) => (await mf.getWorker(KV_BULK)).fetch(url, init), 'SITE_KV');
  const put = (records: KvRecord[]) => putAll(bulk, records);
  /**
   * The storage folders of a fresh restart (migrated D1, and KV with the site published or empty),
   * made once per kind by a Miniflare of a worker that only binds them: the same namespace and
   * database ids, so the same files. Copying them saves every restart the migrations and the puts.
   * The empty kind, once the published one exists, is its D1 alone: no second Miniflare.
   */
  const templates = new Map<boolean, Promise<string>>();
  const freshStorage = (published: boolean) => {
    let made = templates.get(published);
    if (made) return made;
    const dir = join(restarts!, published ? 'published' : 'empty');
    const withSite = templates.get(true);
    made =
      published || !withSite
        ? storageTemplate(dir, published ? site : undefined)
        : withSite.then(async (from) => {
            await mkdir(dir);
            await copyTree(join(from, 'd1'), join(dir, 'd1'));
            return dir;
          });
    templates.set(published, made);
    return made;
  };
  // Responses whose bodies may still be unread, cancelled before dispose (see DISPOSE_WAIT_MS).
  // Read ones are dropped now and then, so a file of thousands of requests keeps few.
  const unread = new Set<Response>();
  const keepUnread = (res: Response) => {
    if (unread.size >= 256) for (const r of unread) if (r.bodyUsed) unread.delete(r);
    unread.add(res);
  };
  const cancelUnread = async () => {
    for (const res of unread) if (!res.bodyUsed) await res.body?.cancel().catch(() => {});
    unread.clear();
  };
  const worker: TestWorker = {
    // Concatenated, not resolved: `//evil.example` must reach the worker as a path, not a host.
    // A full URL picks the host (the preview host, say).
    fetch: async (path, init) => {
      const send = () =>
        mf.dispatchFetch(/^https?:/.test(path) ? path : ORIGIN + path, {
          redirect: 'manual',
          ...init,
        } as never) as unknown as Promise<Response>;
      let res: Response;
      try {
        res = await send();
      } catch (err) {
        if (!isResetBeforeAnswer(err) || init?.body instanceof ReadableStream) throw err;
        // A keep-alive connection workerd had closed (after answering a request whose body it
        // did not read, a 413 or 415) was reused for this one: it never reached the worker, so
        // it is sent again, as a browser does. A stream body cannot be sent twice.
        res = await send();
      }
      keepUnread(res);
      return res;
    },
    url: url.origin,
    kv,
    put,
    publish: (s) => publishTo(bulk, s),
    logs,
    close: async () => {
      await cancelUnread();
      await disposeWithin(mf, DISPOSE_WAIT_MS);
      if (restarts) await rm(restarts, { recursive: true, force: true });
    },
    setFaults: async (plan) => (await kv()).put('__faults__', JSON.stringify(plan)),
    d1,
    scheduled: async (time = Date.now()) => {
      await (await mf.getWorker()).scheduled({ scheduledTime: new Date(time), cron: CRON });
    },
    queue: async (name, messages) => (await mf.getWorker()).queue(name, messages),
    setStorageFaults: async (plan) => (await mf.getKVNamespace('PLAN', 'storage-faults')).put('__storage_faults__', JSON.stringify(plan)),
    restart: async ({ publish: republish = publish, keepStorage = false } = {}) => {
      logs.length = 0;
      if (keepStorage) {
        await mf.setOptions(storage);
        return;
      }
      restarts ??= await mkdtemp(join(tmpdir(), 'edge-site-restarts-'));
      const dir = join(restarts, String(++restartCount));
      // KV and D1 as a migration (and the publish) left them, copied from a template made once.
      await copyTree(await freshStorage(republish), dir);
      storage = { ...options, kvPersist: join(dir, 'kv'), cachePersist: join(dir, 'cache'), d1Persist: join(dir, 'd1') };
      await mf.setOptions(storage);
    },
    redeploy: async (deployment) => {
      logs.length = 0;
      deployed = { ...deployed, ...deployment };
      options = optionsOf(await mainOf(deployed));
      // The storage in use stays: the start's (in memory or persisted), or a restart's folders.
      storage = { ...options, kvPersist: storage.kvPersist, cachePersist: storage.cachePersist, d1Persist: storage.d1Persist };
      await mf.setOptions(storage);
    },
  };
  if (publish) await worker.publish(site);
  return worker;
}
