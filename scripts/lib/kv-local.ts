/**
 * Local Workers KV: the workerd-backed store `wrangler dev` and `wrangler kv --local` use
 * (wrangler.toml's binding, `{persist-to}/v3`), opened through Miniflare (local-state.ts)
 * without a wrangler process per call, so local publishes and their tests take milliseconds
 * a record instead of a second a batch.
 */
import type { KvBulkWriter } from './kv-bulk';
import type { KvClient } from './kv-cli';
import { openLocalBinding } from './local-state';

/** The part of the KV binding used here (scripts build without the Workers runtime types). */
export interface KvBinding {
  list(options: {
    prefix: string;
    cursor?: string;
  }): Promise<{ keys: { name: string; metadata?: unknown }[]; list_complete: boolean; cursor?: string }>;
  get(key: string, type: 'text'): Promise<string | null>;
  get(keys: string[], type: 'text'): Promise<Map<string, string | null>>;
  put(key: string, value: string, options?: { metadata?: Record<string, unknown> }): Promise<void>;
  delete(key: string): Promise<void>;
}

/** The most keys KV's bulk read takes in one call. */
const BULK_GET_KEYS = 100;

/** A local namespace: its binding (through Miniflare's proxy) for reads, its bulk writer for writes. */
export interface LocalNamespace {
  binding: KvBinding;
  bulk: KvBulkWriter;
}

/**
 * A KvClient over a KV namespace of a local workerd, which `open` opens at the first call:
 * localKv's, or one of several namespaces a test opens in one workerd. Writes go in batches
 * (scripts/lib/kv-bulk.ts). A putMany's records land in no promised order, as with `wrangler kv
 * bulk put`; what must come after (the pointer, the marker) is a putMany of its own.
 */
export function kvClientOf(open: () => Promise<LocalNamespace>): KvClient {
  const binding = async () => (await open()).binding;
  async function listWithMetadata(prefix: string): Promise<Map<string, unknown>> {
    const kv = await binding();
    const keys = new Map<string, unknown>();
    let cursor: string | undefined;
    do {
      const page = await kv.list({ prefix, cursor });
      for (const k of page.keys) keys.set(k.name, k.metadata);
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
    return keys;
  }

  return {
    async list(prefix) {
      return [...(await listWithMetadata(prefix)).keys()];
    },
    listWithMetadata,
    async getMany(keys) {
      const kv = await binding();
      const values = new Map<string, string | null>();
      const unique = [...new Set(keys)];
      for (let i = 0; i < unique.length; i += BULK_GET_KEYS) {
        const chunk = unique.slice(i, i + BULK_GET_KEYS);
        // One round trip for up to 100 keys instead of one each (most of a local publish's reads).
        // A chunk the bulk read refuses (over its 25 MB) is read key by key, where a real fault throws.
        const got = await kv.get(chunk, 'text').catch(async () => {
          const one = await Promise.all(chunk.map((key) => kv.get(key, 'text')));
          return new Map(chunk.map((key, j) => [key, one[j] ?? null]));
        });
        for (const key of chunk) values.set(key, got.get(key) ?? null);
      }
      return new Map(keys.map((key) => [key, values.get(key) ?? null]));
    },
    async putMany(records) {
      await (await open()).bulk.put(records);
    },
    async deleteMany(keys) {
      await (await open()).bulk.delete(keys);
    },
  };
}

export function localKv({ env, persistTo }: { env?: string; persistTo?: string } = {}): KvClient & { close(): Promise<void> } {
  let proxy: Promise<LocalNamespace & { dispose: () => Promise<void> }> | null = null;
  const open = () => (proxy ??= openLocalBinding<KvBinding>('SITE_KV', { env, persistTo }));
  return {
    ...kvClientOf(open),
    async close() {
      if (proxy) await (await proxy).dispose();
      proxy = null;
    },
  };
}
