/**
 * Empty local KV namespaces for the tests of one file, all in one workerd (Miniflare, as
 * localKv opens it, scripts/lib/local-state.ts): each test takes a namespace nobody has written to,
 * instead of emptying a shared one first. Emptying costs a round trip to workerd for every key
 * the previous test wrote (a publish writes a build's client files, payloads and search
 * records, and most tests publish two or three builds), and starting a workerd per test costs
 * about a second and a half. The clients are scripts/lib/kv-local.ts's own (kvClientOf).
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { kvClientOf, type KvBinding } from '../../scripts/lib/kv-local';
import type { KvClient } from '../../scripts/lib/kv-cli';
import { openMiniflare, type LocalState } from '../../scripts/lib/local-state';
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
  let opened: Promise<LocalState<Record<string, KvBinding>> & { dir: string }> | null = null;
  const open = () =>
    (opened ??= (async () => {
      const dir = await tempDir('kv-namespaces');
      const kvNamespaces = Object.fromEntries(Array.from({ length: count }, (_, i) => [`KV_${i}`, (i + 1).toString(16).padStart(32, '0')]));
      const proxy = await openMiniflare<Record<string, KvBinding>>({
        compatibilityDate: readWranglerToml().compatibility_date,
        defaultPersistRoot: join(dir, 'v3'),
        kvNamespaces,
      });
      return { ...proxy, dir };
    })());
  return {
    next() {
      if (taken >= count) throw new Error(`all ${count} KV namespaces are taken: ask for more`);
      const binding = `KV_${taken++}`;
      return kvClientOf(async () => {
        const state = await open();
        return { binding: state.env[binding]!, bulk: state.kvBulk(binding) };
      });
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
