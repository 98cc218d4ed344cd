/**
 * Empty local KV namespaces for the tests of one file, all in one workerd (wrangler's
 * getPlatformProxy, as localKv opens it): each test takes a namespace nobody has written to,
 * instead of emptying a shared one first. Emptying costs a round trip to workerd for every key
 * the previous test wrote (a publish writes a build's client files, payloads and search
 * records, and most tests publish two or three builds), and starting a workerd per test costs
 * about a second and a half. The clients are scripts/lib/kv-local.ts's own (kvClientOf).
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { kvClientOf, type KvBinding } from '../../scripts/lib/kv-local';
import type { KvClient } from '../../scripts/lib/kv-cli';
import { platformProxy } from '../../scripts/lib/wrangler';
import { readWranglerToml } from '../../scripts/lib/wrangler-toml';
import { tempDir } from './built-site';

export interface KvNamespaces {
  /** A namespace no test has taken before: empty. Throws once all `count` are taken. */
  next(): KvClient;
  close(): Promise<void>;
}

/** `count` namespaces, opened at the first call of any of them; `close` stops the workerd and removes its state. */
export function emptyKvNamespaces(count: number): KvNamespaces {
  let taken = 0;
  let opened: Promise<{ env: Record<string, KvBinding>; dispose: () => Promise<void>; dir: string }> | null = null;
  const open = () =>
    (opened ??= (async () => {
      const dir = await tempDir('kv-namespaces');
      const date = readWranglerToml().compatibility_date;
      // Only the namespaces: the repository's wrangler.toml would also start its D1, queues and rate limits.
      const namespaces = Array.from(
        { length: count },
        (_, i) => `[[kv_namespaces]]\nbinding = "KV_${i}"\nid = "${(i + 1).toString(16).padStart(32, '0')}"\n`,
      );
      await writeFile(
        join(dir, 'wrangler.toml'),
        [`name = "kv-namespaces"`, `compatibility_date = "${date}"`, '', ...namespaces].join('\n'),
      );
      const proxy = await platformProxy<Record<string, KvBinding>>({
        configPath: join(dir, 'wrangler.toml'),
        persist: { path: join(dir, 'v3') },
      });
      return { env: proxy.env, dispose: proxy.dispose, dir };
    })());
  return {
    next() {
      if (taken >= count) throw new Error(`all ${count} KV namespaces are taken: ask for more`);
      const binding = `KV_${taken++}`;
      return kvClientOf(async () => (await open()).env[binding]!);
    },
    async close() {
      if (!opened) return;
      const { dispose, dir } = await opened;
      opened = null;
      await dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
