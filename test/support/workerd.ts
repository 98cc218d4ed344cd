/**
 * Runs a built worker in workerd through Miniflare, with a real (in-memory) KV namespace and
 * the build's static assets, the way `wrangler dev` and Cloudflare run it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Miniflare } from 'miniflare';
import type { KvRecord } from '../../scripts/lib/build-records';
import type { BuiltSite } from './built-site';
import { REPO_ROOT } from './built-site';

const COMPATIBILITY_DATE = readFileSync(join(REPO_ROOT, 'wrangler.toml'), 'utf8').match(/^compatibility_date = "([^"]+)"/m)![1]!;

export const ORIGIN = 'https://www.example.com';

type KvNamespace = Awaited<ReturnType<Miniflare['getKVNamespace']>>;

export interface TestWorker {
  fetch(path: string, init?: RequestInit): Promise<Response>;
  kv(): Promise<KvNamespace>;
  put(records: KvRecord[]): Promise<void>;
  publish(site: BuiltSite): Promise<void>;
  logs: string[];
  close(): Promise<void>;
}

export async function startWorker(
  site: BuiltSite,
  { publish = true, bindings = {} }: { publish?: boolean; bindings?: Record<string, string> } = {},
): Promise<TestWorker> {
  const logs: string[] = [];
  const mf = new Miniflare({
    modules: true,
    scriptPath: join(site.outDir, 'worker/index.js'),
    // Module names are relative to this root; the build lives outside the repository.
    modulesRoot: join(site.outDir, 'worker'),
    compatibilityDate: COMPATIBILITY_DATE,
    kvNamespaces: ['SITE_KV'],
    // Tests publish new builds mid-test: the pointer must be read on every request.
    bindings: { BUILD_POINTER_TTL_MS: '0', PREVIEW_HOSTS: '', ...bindings },
    assets: { directory: join(site.outDir, 'public'), binding: 'ASSETS', routerConfig: { has_user_worker: true } },
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      stdout.on('data', (d: Buffer) => logs.push(d.toString()));
      stderr.on('data', (d: Buffer) => logs.push(d.toString()));
    },
  });
  await mf.ready.catch((err: unknown) => {
    throw new Error(`workerd did not start: ${String(err)}\n${logs.join('')}`);
  });
  const kv = () => mf.getKVNamespace('SITE_KV');
  const put = async (records: KvRecord[]) => {
    const ns = await kv();
    for (const r of records) await ns.put(r.key, r.value);
  };
  const worker: TestWorker = {
    // Concatenated, not resolved: `//evil.example` must reach the worker as a path, not a host.
    // A full URL picks the host (the preview host, say).
    fetch: (path, init) =>
      mf.dispatchFetch(/^https?:/.test(path) ? path : ORIGIN + path, { redirect: 'manual', ...init } as never) as unknown as Promise<Response>,
    kv,
    put,
    publish: async (s) => {
      await put(s.build.records);
      await put([s.build.pointer]);
    },
    logs,
    close: () => mf.dispose(),
  };
  if (publish) await worker.publish(site);
  return worker;
}
