/**
 * What a request that throws answers. Three kinds of error reach here:
 *
 *   HTTPException  a step refused the request (hono's own middleware refuse this way too):
 *                  its response, or its status with its message as plain text
 *   RefusedPathError  the request's path was refused: for a browser the site's error screen
 *                  (no page is at such a path), else the status with its message as text
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
import { RefusedPathError } from './request-path';
import { BASE_SECURITY_HEADERS } from './security-header-values';
import { chooseLocale } from './visitor-locale';

/** A refusal as the step that threw it built it, or its message; never cached unless it says so. */
function refusal(c: Context<AppEnv>, err: HTTPException): Response {
  const res = err.res ? err.getResponse() : c.text(err.message || 'Error', err.status, { 'Cache-Control': CACHE_NONE });
  if (!res.headers.has('cache-control')) res.headers.set('Cache-Control', CACHE_NONE);
  return res;
}

/** Whether the client takes HTML: a browser's navigation, rather than a script or a probe. */
function acceptsHtml(c: Context<AppEnv>): boolean {
  return c.req.header('accept')?.includes('text/html') === true;
}

/**
 * The live build to show a refused path's error screen with, whatever the host: the preview
 * gate has not run yet, so the draft is not shown. Null when none can be read: then the plain
 * answer, since a refusal is no reason for a 503.
 */
async function liveBuildFor(c: Context<AppEnv>, memory: BuildMemory): Promise<CompleteBuild | null> {
  if (memory.lastComplete) return memory.lastComplete;
  try {
    return (await c.get('store')?.current('live')) ?? null;
  } catch {
    return null;
  }
}

/** A refused path: the site's error screen for a browser (400 or 404 as the path check said), else text. */
async function refusedPath(c: Context<AppEnv>, err: RefusedPathError, memory: BuildMemory, assets: ClientAssets): Promise<Response> {
  const build = acceptsHtml(c) ? await liveBuildFor(c, memory) : null;
  if (!build) return c.text(err.message, err.status, { 'Cache-Control': CACHE_NONE });
  // The CSP the security headers write names this build's script hashes.
  c.set('build', build);
  const chrome = chooseLocale(build.index, err.rawPath, undefined, undefined);
  const body = renderView({ kind: 'error', status: err.status, path: err.rawPath, chrome }, { buildId: build.record.id, assets });
  return c.html(body, err.status, { 'Cache-Control': CACHE_NONE });
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

/**
 * The error handler's answers carry the base security headers themselves: the security headers
 * step writes them again on the way out, but a fault in a step outside it (the log, the edge
 * cache's remember) is answered here after that step has run.
 */
function withBaseHeaders(res: Response): Response {
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) if (!res.headers.has(name)) res.headers.set(name, value);
  return res;
}

export function errorHandler({ memory, assets }: { memory: BuildMemory; assets: ClientAssets }): ErrorHandler<AppEnv> {
  const answer = answerFor({ memory, assets });
  return async function onError(err, c) {
    return withBaseHeaders(await answer(err, c));
  };
}

function answerFor({ memory, assets }: { memory: BuildMemory; assets: ClientAssets }) {
  return function answer(err: Error, c: Context<AppEnv>): Response | Promise<Response> {
    if (err instanceof HTTPException) return refusal(c, err);
    if (err instanceof RefusedPathError) return refusedPath(c, err, memory, assets);
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
