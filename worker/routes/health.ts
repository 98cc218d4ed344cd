import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { CACHE_NONE } from '../cache-control';
import { CorruptRecordError, KvUnavailableError } from '../kv-records';

/**
 * What a failed read tells a monitor: the kind of failure and the key, which are the site's
 * own words. What the runtime said, or which field of a record was wrong, goes to the log only,
 * since the endpoint is public.
 */
function failureReason(err: unknown): string {
  if (err instanceof KvUnavailableError) return `KV did not answer for ${err.key}`;
  if (err instanceof CorruptRecordError) return `${err.key} is corrupt`;
  return 'unexpected error';
}

/**
 * `GET /_app/health` for uptime monitors: 200 `{ build, kv: "ok" }` when the live build reads
 * back whole from KV right now (no memory involved), else 503 with the reason (the detail of
 * a failed read is logged, not sent). A live build in
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
    const { name, message } = err as Error;
    console.error(JSON.stringify({ type: 'error', requestId: c.get('requestId'), path: c.get('path'), fault: name, message }));
    return c.json({ build: null, kv: 'error', reason: failureReason(err) }, 503, headers);
  }
}
