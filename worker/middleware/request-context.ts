import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { BuildMemory, createBuildStore } from '../build-store';
import { isPreviewRequest } from '../hosts';
import { requestIdOf } from '../request-id';
import { checkRequestPath, splitRequestUrl } from '../request-path';

export interface RequestContextOptions {
  memory: BuildMemory;
}

/**
 * First middleware: gives the request an id, a build store over the shared isolate memory,
 * and a decoded path, or ends it with 400/404 when the path is malformed or hostile.
 */
export function requestContext({ memory }: RequestContextOptions): MiddlewareHandler<AppEnv> {
  return async function requestContextMiddleware(c, next) {
    c.set('requestId', requestIdOf(c.req.header('cf-ray')));
    const ttl = Number(c.env.BUILD_POINTER_TTL_MS);
    const verdict = checkRequestPath(splitRequestUrl(c.req.url).pathname);
    const onFault = (key: string, err: Error) =>
      console.warn(
        JSON.stringify({
          type: 'fault',
          requestId: c.get('requestId'),
          path: verdict.ok ? verdict.path : null,
          key,
          fault: err.name,
          message: err.message,
        }),
      );
    c.set(
      'store',
      createBuildStore({ kv: c.env.SITE_KV, memory, pointerTtlMs: Number.isFinite(ttl) && ttl >= 0 ? ttl : undefined, onFault }),
    );
    if (!verdict.ok) {
      return c.text(verdict.status === 400 ? 'Bad Request' : 'Not Found', verdict.status, { 'Cache-Control': 'no-store' });
    }
    c.set('path', verdict.path);
    c.set('preview', isPreviewRequest(c.env, c.req.url));
    c.set('channel', c.get('preview') ? 'draft' : 'live');
    await next();
  };
}
