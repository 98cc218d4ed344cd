import type { Context } from 'hono';
import type { ClientAssets } from '../../app/build-records';
import type { AppEnv } from '../app-env';
import { READABLE_RECORDS_FORMATS } from '../build-store';
import { CACHE_NONE } from '../cache-control';
import { deepRequest } from '../health/access';
import { deepHealth, deepOk } from '../health/deep';
import type { Health, HealthRefusal } from '../health/schema';
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
 * `GET /_app/health` for uptime monitors: 200 `{ build, kv: "ok", recordsFormat, code }` when
 * the live build reads back whole from KV right now (no memory involved), else 503 with the
 * reason (the detail of a failed read is logged, not sent). A live build in a records format
 * this worker cannot read is `kv: "unreadable"`, with the build the worker serves instead
 * (`serving`): code and content are out of step. `code` names this worker's code (its client
 * entry, a content hash) and the formats it reads. `?deep=1`, for a token holder
 * (health/access.ts), adds the form store and the live build's files (health/deep.ts); any
 * failed check makes it a 503. The shape is health/schema.ts. Never cached, never redirected.
 */
export function health({ assets }: { assets: ClientAssets }) {
  return async function healthHandler(c: Context<AppEnv>) {
    const headers = { 'Cache-Control': CACHE_NONE };
    const request = await deepRequest(c);
    if ('refused' in request) {
      const refusal: HealthRefusal = { error: request.error };
      const auth: Record<string, string> = request.refused === 401 ? { 'WWW-Authenticate': 'Bearer realm="health"' } : {};
      return c.json(refusal, request.refused, { ...headers, ...auth });
    }
    const code = (buildCode: string | null): Health['code'] => ({
      clientEntry: assets.entry,
      readsRecordsFormats: [...READABLE_RECORDS_FORMATS],
      buildCode,
    });
    let body: Health;
    let build = null;
    try {
      const result = await c.get('store').check();
      if (result.ok) {
        build = result.build;
        const index = result.build.index;
        body = { build: result.id, kv: 'ok', recordsFormat: index.code?.recordsFormat ?? 1, code: code(index.code?.id ?? null) };
      } else if (result.unreadable) {
        const serving = await c
          .get('store')
          .current()
          .catch(() => null);
        body = {
          build: result.id,
          kv: 'unreadable',
          reason: result.reason,
          serving: serving?.record.id ?? null,
          recordsFormat: null,
          code: code(null),
        };
      } else body = { build: result.id, kv: 'incomplete', reason: result.reason, recordsFormat: null, code: code(null) };
    } catch (err) {
      const { name, message } = err as Error;
      console.error(JSON.stringify({ type: 'error', requestId: c.get('requestId'), path: c.get('path'), fault: name, message }));
      body = { build: null, kv: 'error', reason: failureReason(err), recordsFormat: null, code: code(null) };
    }
    let ok = body.kv === 'ok';
    if (request.deep) {
      body.deep = await deepHealth(c.env ?? {}, c.get('store'), build, new URL(c.req.url).origin);
      ok &&= deepOk(body.deep);
    }
    return c.json(body, ok ? 200 : 503, headers);
  };
}
