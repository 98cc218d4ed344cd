/**
 * The short path for memory hits: a GET for a page this isolate already holds, of the build it
 * already serves, answered before Hono composes the middleware chain. A hit needs none of the
 * chain's work: the page was remembered with the exact headers the chain sent it with
 * (edge-cache.ts), so what is left is to be sure the chain would send that page again. The
 * same memory keeps the current build's payloads asked for with its id (routes/payloads.ts)
 * and route-rule redirects asked for without a query string (middleware/route-rules.ts), each
 * for that one query string.
 *
 * That certainty comes from the steps themselves (app.ts). Every step that sees every path
 * declares what it means for a page in memory: `'unchanged'` (it adds nothing the remembered
 * headers lack and answers nothing else for a path whose page is in memory), or a guard, a test
 * of the request that must hold for that to be true (the host is not a preview host, the
 * browser is supported, the request is not conditional). Steps bound to other paths need no
 * rule: a page is only in memory for a path the whole chain answered with it, and those steps
 * decide by path. When anything is unsure (a pointer past its TTL, a build switch, a guard that
 * fails or throws) the request takes the full chain, which then answers it exactly as before.
 */
import type { Context } from 'hono';
import { PAGE_EDGE_TTL_S } from '../app/constants';
import type { AppEnv } from './app-env';
import type { BuildMemory } from './build-memory';
import { configOf, type ConfigSource, type WorkerConfig } from './config';
import type { PageMemory } from './middleware/edge-cache';
import { formatRequestLog } from './middleware/request-log';
import { requestIdOf } from './request-id';
import { checkRequestPath, splitRequestUrl } from './request-path';

/**
 * What a guard reads: the request, the configuration parsed from the bindings, and the
 * request's URL (read once: each read of `request.url` makes a new string in workerd).
 */
export type HitGuard = (request: Request, config: WorkerConfig, url: string) => boolean;

/** A step's rule for pages in memory: nothing to do, or a guard the request must pass. */
export type HitRule = 'unchanged' | HitGuard;

/** The part of a step the short path reads (app.ts Step). */
export interface HitStep {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly hit?: HitRule;
}

/** The steps a GET for a page passes through whatever its path: those bound to `/*`. */
export function pageSteps<S extends HitStep>(steps: readonly S[]): S[] {
  return steps.filter((s) => s.path === '/*' && s.method !== 'POST');
}

export interface MemoryHitOptions {
  steps: readonly HitStep[];
  /** the isolate's builds: the live one, and whether its pointer is fresh */
  memory: BuildMemory;
  /** the isolate's pages, shared with the edge cache that fills it */
  pages: PageMemory;
  now?: () => number;
}

/** The short path's answer: a response, or undefined for "take the full chain". */
export type MemoryHit = (request: Request, env: ConfigSource | undefined) => Response | undefined;

/**
 * The short path for these steps. Throws when a step that sees every page declares no rule,
 * so that a step added to the chain is a decision about hits too, made where it is added.
 */
export function memoryHit({ steps, memory, pages, now = Date.now }: MemoryHitOptions): MemoryHit {
  // A Set: steps that share a guard (requestContext and previewGate both ask for the live host) run it once.
  const guardSet = new Set<HitGuard>();
  for (const step of pageSteps(steps)) {
    if (step.hit === undefined) throw new Error(`step ${step.name} sees every page but declares no rule for pages in memory (hit)`);
    if (step.hit !== 'unchanged') guardSet.add(step.hit);
  }
  const guards = [...guardSet];

  return function memoryHitAnswer(request, env) {
    if (request.method !== 'GET') return undefined;
    const config = configOf(env);
    if (!config.memoryShortcut) return undefined;
    const started = now();
    const build = memory.liveFromMemory(started, config.pointerTtlMs);
    if (!build) return undefined;
    const url = request.url;
    const { pathname, search } = splitRequestUrl(url);
    const verdict = checkRequestPath(pathname);
    if (!verdict.ok) return undefined;
    const page = pages.get(build.record.id, verdict.path, started, search);
    if (!page) return undefined;
    try {
      for (const guard of guards) if (!guard(request, config, url)) return undefined;
    } catch {
      // The full chain meets the same failure, and its error handler answers it.
      return undefined;
    }
    const response = new Response(page.body, { status: page.status ?? 200, headers: page.headers });
    console.log(
      formatRequestLog({
        requestId: requestIdOf(request.headers.get('cf-ray') ?? undefined),
        method: 'GET',
        path: verdict.path,
        status: page.status ?? 200,
        build: build.record.id,
        cache: 'hit',
        // Pages are only remembered from the live host, and the liveHost guard holds here.
        preview: false,
        ms: now() - started,
        short: true,
      }),
    );
    return response;
  };
}

/**
 * For a step whose answer is the same for every request for this build, path and query string
 * (a payload asked for with its build id, a route-rule redirect without a query string): hands
 * it to the edge cache's `remember`, which keeps it with its final headers for the short path.
 * Kept for that one query string only, never on the preview host, and only when the short
 * path is on.
 */
export function keepForShortPath(
  c: Context<AppEnv>,
  answer: { body: Uint8Array<ArrayBuffer> | null; search: string; status?: number },
): void {
  if (c.get('preview') || !configOf(c.env).memoryShortcut) return;
  c.set('pendingPage', {
    ...answer,
    buildId: c.get('build').record.id,
    path: c.get('path'),
    expires: Date.now() + PAGE_EDGE_TTL_S * 1000,
  });
}
