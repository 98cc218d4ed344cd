/**
 * What a request that throws answers. Three kinds of error reach here:
 *
 *   HTTPException  a step refused the request (hono's own middleware refuse this way too):
 *                  its response, or its status with its message as plain text
 *   DomainError    the worker's own errors, which say what they call for: a 4xx with its
 *                  message, 503 when the site's storage did not answer, or 500
 *   anything else  a bug: the 500 screen with the request id
 *
 * Faults go to the log with their cause's name and message (no content, no secrets), never to
 * the page: no stack trace, no internal message ever reaches a client.
 */
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ClientAssets } from '../app/build-records';
import type { AppEnv } from './app-env';
import type { BuildMemory, CompleteBuild } from './build-memory';
import { CACHE_NONE } from './cache-control';
import { DomainError } from './domain-error';
import { notPublishedResponse } from './render/not-published';
import { renderView } from './render/render-view';
import { chooseLocale } from './visitor-locale';

/** A refusal as the step that threw it built it, or its message; never cached unless it says so. */
function refusal(c: Context<AppEnv>, err: HTTPException): Response {
  const res = err.res ? err.getResponse() : c.text(err.message || 'Error', err.status, { 'Cache-Control': CACHE_NONE });
  if (!res.headers.has('cache-control')) res.headers.set('Cache-Control', CACHE_NONE);
  return res;
}

function logFault(err: Error, requestId: string, path: string, build: CompleteBuild | null) {
  console.error(
    JSON.stringify({
      type: 'error',
      requestId,
      path,
      build: build?.record.id ?? null,
      fault: err.name,
      message: err.message,
    }),
  );
}

export function errorHandler({ memory, assets }: { memory: BuildMemory; assets: ClientAssets }): ErrorHandler<AppEnv> {
  return function onError(err, c) {
    if (err instanceof HTTPException) return refusal(c, err);
    const status = err instanceof DomainError ? err.status : 500;
    if (status < 500) return c.text(err.message, status, { 'Cache-Control': CACHE_NONE });
    // A step may have thrown before the ones that set these ran.
    const known: { requestId?: string; path?: string; build?: CompleteBuild } = {
      requestId: c.get('requestId'),
      path: c.get('path'),
      build: c.get('build'),
    };
    const requestId = known.requestId ?? 'unknown';
    const path = known.path ?? new URL(c.req.url).pathname;
    const build = memory.lastComplete;
    logFault(err, requestId, path, known.build ?? build);
    // KV that does not answer is an outage, not a bug: 503 with Retry-After. Without any
    // complete build there is no site to render the 500 screen with either.
    if (status === 503 || !build) return notPublishedResponse(c, assets, 'unavailable');
    const chrome = chooseLocale(build.index, path, undefined, undefined);
    const view = { kind: 'error', status: 500, path, chrome, requestId } as const;
    const body = renderView(view, {
      buildId: build.record.id,
      assets,
      preview: c.get('preview') ? { buildId: build.record.id, liveUrl: chrome.origin + path } : undefined,
    });
    return c.html(body, 500, { 'Cache-Control': CACHE_NONE });
  };
}
