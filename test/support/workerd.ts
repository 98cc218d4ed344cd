/**
 * Runs a built worker in workerd through Miniflare, with a real (in-memory) KV namespace and
 * the build's static assets, the way `wrangler dev` and Cloudflare run it.
 */
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Miniflare } from 'miniflare';
import { kvKeys } from '../../app/kv-keys';
import type { KvRecord } from '../../scripts/lib/build-records';
import { readWranglerToml } from '../../scripts/lib/wrangler-toml';
import type { BuiltSite } from './built-site';

const COMPATIBILITY_DATE = readWranglerToml().compatibility_date;

export const ORIGIN = 'https://www.example.com';

type KvNamespace = Awaited<ReturnType<Miniflare['getKVNamespace']>>;

export interface TestWorker {
  fetch(path: string, init?: RequestInit): Promise<Response>;
  kv(): Promise<KvNamespace>;
  put(records: KvRecord[]): Promise<void>;
  publish(site: BuiltSite): Promise<void>;
  logs: string[];
  close: () => Promise<void>;
  /** with `faults: true`: what the KV wrapper does from now on (see KV_FAULTS_WORKER) */
  setFaults(plan: KvFault[]): Promise<void>;
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

export async function startWorker(
  site: BuiltSite,
  {
    publish = true,
    bindings = {},
    faults = false,
    persist,
    formRateLimit = 1000,
  }: {
    publish?: boolean;
    bindings?: Record<string, string>;
    faults?: boolean;
    persist?: { kv: string; cache: string };
    /** form posts per client per 60 s (the real binding; high by default so tests are not limited) */
    formRateLimit?: number;
  } = {},
): Promise<TestWorker> {
  const logs: string[] = [];
  const main = {
    modules: true,
    scriptPath: join(site.outDir, 'worker/index.js'),
    // Module names are relative to this root; the build lives outside the repository.
    modulesRoot: join(site.outDir, 'worker'),
    compatibilityDate: COMPATIBILITY_DATE,
    // Tests publish new builds mid-test: the pointer must be read on every request.
    bindings: { BUILD_POINTER_TTL_MS: '0', PREVIEW_HOSTS: '', ...bindings },
    assets: { directory: join(site.outDir, 'public'), binding: 'ASSETS', routerConfig: { has_user_worker: true } },
    ratelimits: { FORM_RATE_LIMIT: { simple: { limit: formRateLimit, period: 60 } } },
  };
  const store = faults ? { worker: 'kv-faults', binding: 'INNER' } : { worker: undefined, binding: 'SITE_KV' };
  const mf = new Miniflare({
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      stdout.on('data', (d: Buffer) => logs.push(d.toString()));
      stderr.on('data', (d: Buffer) => logs.push(d.toString()));
    },
    kvPersist: persist?.kv ?? false,
    cachePersist: persist?.cache ?? false,
    workers: faults
      ? [
          { ...main, wrappedBindings: { SITE_KV: { scriptName: 'kv-faults' } } },
          { name: 'kv-faults', modules: true, script: KV_FAULTS_WORKER, kvNamespaces: { INNER: 'site-kv' } },
        ]
      : [{ ...main, kvNamespaces: { SITE_KV: 'site-kv' } }],
  });
  await mf.ready.catch((err: unknown) => {
    throw new Error(`workerd did not start: ${String(err)}\n${logs.join('')}`);
  });
  const kv = () => mf.getKVNamespace(store.binding, store.worker);
  const put = async (records: KvRecord[]) => {
    const ns = await kv();
    for (const r of records) await ns.put(r.key, r.value);
  };
  const worker: TestWorker = {
    // Concatenated, not resolved: `//evil.example` must reach the worker as a path, not a host.
    // A full URL picks the host (the preview host, say).
    fetch: (path, init) =>
      mf.dispatchFetch(/^https?:/.test(path) ? path : ORIGIN + path, {
        redirect: 'manual',
        ...init,
      } as never) as unknown as Promise<Response>,
    kv,
    put,
    // As scripts/lib/publish.ts does it: records, the pointer, then the published marker.
    publish: async (s) => {
      await put(s.build.records);
      await put([s.build.pointer]);
      await put([{ key: kvKeys.published(s.build.id), value: s.build.pointer.value }]);
    },
    logs,
    close: () => mf.dispose(),
    setFaults: async (plan) => (await kv()).put('__faults__', JSON.stringify(plan)),
  };
  if (publish) await worker.publish(site);
  return worker;
}
