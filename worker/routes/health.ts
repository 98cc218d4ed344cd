import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { CACHE_NONE } from '../cache-control';

/**
 * `GET /_app/health` for uptime monitors: 200 `{ build, kv: "ok" }` when the live build reads
 * back whole from KV right now (no memory involved), else 503 with the reason. A live build in
 * a records format this worker cannot read is `kv: "unreadable"`, with the build the worker
 * serves instead (`serving`): code and content are out of step. Never cached, never redirected.
 */
export async function health(c: Context<AppEnv>) {
  const headers = { 'Cache-Control': CACHE_NONE };
  try {
    const result = await c.get('store').check();
    if (result.ok) return c.json({ build: result.id, kv: 'ok' }, 200, headers);
    if (result.unreadable) {
      const serving = await c
        .get('store')
        .current()
        .catch(() => null);
      return c.json({ build: result.id, kv: 'unreadable', reason: result.reason, serving: serving?.record.id ?? null }, 503, headers);
    }
    return c.json({ build: result.id, kv: 'incomplete', reason: result.reason }, 503, headers);
  } catch (err) {
    return c.json({ build: null, kv: 'error', reason: (err as Error).message }, 503, headers);
  }
}
