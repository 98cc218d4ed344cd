import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { BuildMemory } from '../build-memory';
import { createBuildStore } from '../build-store';
import { configOf } from '../config';
import { channelOf, isPreviewRequest } from '../hosts';
import { requestIdOf } from '../request-id';
import { RefusedPathError, checkRequestPath, splitRequestUrl } from '../request-path';

/** The request's waitUntil; undefined where there is no execution context (in-process tests). */
function waitUntilOf(c: Context<AppEnv>): ((work: Promise<unknown>) => void) | undefined {
  try {
    const ctx = c.executionCtx;
    return (work) => ctx.waitUntil(work);
  } catch {
    return undefined;
  }
}

export interface RequestContextOptions {
  memory: BuildMemory;
}

/**
 * Gives the request an id, a build store over the shared isolate memory, its host's kind and a
 * decoded path, or refuses it with 400/404 when the path is malformed or hostile. Everything but
 * the path is set before the refusal, so the log line and the headers of a refused request say
 * which host it came to.
 */
export function requestContext({ memory }: RequestContextOptions): MiddlewareHandler<AppEnv> {
  return async function requestContextMiddleware(c, next) {
    c.set('requestId', requestIdOf(c.req.header('cf-ray')));
    const config = configOf(c.env);
    const rawPath = splitRequestUrl(c.req.url).pathname;
    const verdict = checkRequestPath(rawPath);
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
    c.set('store', createBuildStore({ kv: c.env.SITE_KV, memory, pointerTtlMs: config.pointerTtlMs, onFault, waitUntil: waitUntilOf(c) }));
    c.set('preview', isPreviewRequest(config, c.req.url));
    c.set('channel', channelOf(config, c.req.url));
    if (!verdict.ok) throw new RefusedPathError(verdict, rawPath);
    c.set('path', verdict.path);
    await next();
  };
}
