import { wranglerKv, type KvClient, type KvTarget } from './kv-cli';
import { localKv } from './kv-local';

/** The KV a command works on: local state through workerd, or the real namespace through wrangler. */
export function kvClient(target: KvTarget): KvClient & { close(): Promise<void> } {
  if (target.mode === 'local') return localKv(target);
  return { ...wranglerKv(target), close: async () => {} };
}

/** Runs a command against KV and always lets go of it (the local store runs a workerd). */
export async function withKv<T>(target: KvTarget, run: (kv: KvClient) => Promise<T>): Promise<T> {
  const kv = kvClient(target);
  try {
    return await run(kv);
  } finally {
    await kv.close();
  }
}
