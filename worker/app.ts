/**
 * The worker, assembled from its steps. Hono runs every step whose method and path match, in
 * the order of the list below, and that order is the policy:
 *
 *   requestContext        request id, build store, decoded path (400/404 for hostile paths), preview?
 *   requestLog            one JSON line per request (after next)
 *   edgeCacheRemember     keeps a page in isolate memory with its final headers (after next)
 *   securityHeaders       nosniff, HSTS, referrer and permissions policy; CSP on HTML (after next)
 *   previewGate           preview host: token -> signed cookie, share link -> its one page, else 401; private, no-store, noindex
 *   health                /_app/health: does the live build read back whole? for uptime monitors
 *   latestBuild           /_app/builds/latest.json: the live build (the draft's on the preview host)
 *   buildManifest         /_app/builds/meta/{id}.json: a build's manifest
 *   formsBuild            POST /_app/forms: the build its forms are looked up in, or the 503
 *   sameOriginPosts       POST /_app/forms: another origin's post is a 403
 *   formRateLimit         POST /_app/forms: over 10 posts a minute from one client is a 429
 *   receiveForm           POST /_app/forms: form entries for forms without their own endpoint
 *   formSentBuild         /_app/forms/sent: the build its page is looked up in, or the 503
 *   formSent              /_app/forms/sent: the thank-you page after a post without JavaScript
 *   previewShareLink      /_app/preview/share-link: a signed link to one draft page (preview host)
 *   clientFiles           /_app/ client files of earlier deployments (static assets lack them), from KV
 *   appNotFound           anything else under /_app/ that static assets did not serve: 404
 *   currentBuild          the complete build to serve from, or the 503 "not published yet"
 *   previewMedia          /media/* on the preview host: from ASSETS after the gate (share links: their page's only)
 *   previewEditor         /editor/* on the preview host: the example editor, from ASSETS after the gate
 *   robotsTxt             robots.txt
 *   sitemapXml            sitemap.xml
 *   payloads              {path}/_payload.json, for client navigation
 *   unsupportedPage       /unsupported, before the browser check, which sends old browsers there
 *   browserCheck          unsupported browser -> 302 /unsupported?lang=..
 *   routeRules            site.json redirects, headers, cache lifetimes
 *   previewPage           /preview (private, never edge-cached)
 *   resetStoragePage      /reset-storage (private, never edge-cached)
 *   resetStorageSlugPage  /reset-storage/{slug}
 *   edgeCacheLookup       304 for a matching ETag; a cached page without rendering
 *   contentPage           server-rendered from the payload, or the 404 screen
 *
 * Then `notFound` (a method no step answers) and `onError` (error-handler.ts).
 *
 * Before the chain, the short path for memory hits (memory-hit.ts) answers a GET for a page the
 * isolate holds, built from this same list: each step that sees every path says in `hit` what
 * it means for such a page (`'unchanged'`, or a guard the request must pass). Static files
 * (public/, hashed client bundles, media) never reach this code: Workers static assets serve
 * them first (wrangler.toml [assets]); except that the preview environment runs the worker
 * first for media and the editor, so the gate stands before them ([env.preview.assets]).
 */
import { Hono, type Env, type Handler, type MiddlewareHandler } from 'hono';
import type { ClientAssets } from '../app/build-records';
import { APP_BASE, appEndpoints } from '../app/endpoints';
import type { AppEnv } from './app-env';
import { browserVerdictFromHeaders } from './browser-support/verdict-from-headers';
import { BuildMemory } from './build-memory';
import { CACHE_NONE } from './cache-control';
import { errorHandler } from './error-handler';
import { isPreviewRequest } from './hosts';
import { memoryHit, type HitGuard, type HitRule } from './memory-hit';
import { browserCheck } from './browser-support/browser-check';
import { currentBuild } from './middleware/current-build';
import { PageMemory, edgeCache } from './middleware/edge-cache';
import { previewGate } from './preview/gate';
import { requestContext } from './middleware/request-context';
import { requestLog } from './middleware/request-log';
import { routeRules } from './middleware/route-rules';
import { securityHeaders } from './middleware/security-headers';
import { appNotFound } from './routes/app-not-found';
import { clientFiles } from './routes/client-files';
import { MANIFEST_FILE_ROUTE, buildManifest, latestBuild } from './routes/build-files';
import { formRateLimit, sameOriginPosts } from './forms/guards';
import { formSent, receiveForm } from './forms/routes';
import { health } from './routes/health';
import { createPageHandlers } from './routes/pages';
import { payloads } from './routes/payloads';
import { previewAssets } from './preview/assets';
import { previewShareLink } from './preview/share-link';
import { robotsTxt, sitemapXml } from './routes/seo-files';

/** One step of the worker: a handler, and the requests it sees. */
export interface Step {
  /** the step's name in the list above (function names do not survive the worker's minification) */
  readonly name: string;
  /** `ALL` for middleware every request passes through */
  readonly method: 'ALL' | 'GET' | 'POST';
  /** a Hono route pattern; `/*` matches every path */
  readonly path: string;
  readonly handler: MiddlewareHandler<AppEnv> | Handler<AppEnv>;
  /** for steps bound to `/*`: what the step means for a page in isolate memory (memory-hit.ts) */
  readonly hit?: HitRule;
}

export interface AppOptions {
  assets: ClientAssets;
}

/** The guards steps put on the short path: when a page in memory is what the chain would send. */
const hit = {
  /** the preview host has its gate, drafts and no cache */
  liveHost: (_request, config, url) => !isPreviewRequest(config, url),
  /** an unsupported browser is redirected, whatever the page */
  supportedBrowser: (request) => browserVerdictFromHeaders(request.headers).supported,
  /** a conditional request may be a 304, which the edge cache's lookup decides */
  unconditional: (request) => !request.headers.has('if-none-match'),
} satisfies Record<string, HitGuard>;

/**
 * A middleware typed with only the part of the environment it uses, as a step of the app. The
 * edge cache is typed so because AppEnv includes its variables (it cannot import AppEnv back);
 * this compiles only when AppEnv provides every binding and variable it uses.
 */
function partOfApp<E extends Env>(handler: MiddlewareHandler<E>, ..._fits: AppEnv extends E ? [] : [never]): MiddlewareHandler<AppEnv> {
  return handler as unknown as MiddlewareHandler<AppEnv>;
}

/**
 * The steps in policy order, for `memory`, the isolate's knowledge of builds, and `pageMemory`,
 * the pages it keeps (the edge cache's first layer, which the short path reads too).
 */
export function appSteps({ assets, memory, pageMemory }: AppOptions & { memory: BuildMemory; pageMemory: PageMemory }): readonly Step[] {
  const pages = createPageHandlers({ assets });
  const pageCache = edgeCache({ memory: pageMemory });
  const build = currentBuild({ assets });
  const step = (name: string, method: Step['method'], path: string, handler: Step['handler'], hitRule?: HitRule): Step => ({
    name,
    method,
    path,
    handler,
    ...(hitRule ? { hit: hitRule } : {}),
  });
  return [
    step('requestContext', 'ALL', '/*', requestContext({ memory }), hit.liveHost),
    // The short path writes the same line itself, marked `short`.
    step('requestLog', 'ALL', '/*', requestLog(), 'unchanged'),
    step('edgeCacheRemember', 'ALL', '/*', partOfApp(pageCache.remember), 'unchanged'),
    // The worker's own inline script (the reload guard in every page's head) is allowed by its hash.
    // A page in memory carries the headers this wrote, for its build and the live host.
    step('securityHeaders', 'ALL', '/*', securityHeaders({ scriptHashes: assets.headScript ? [assets.headScript.hash] : [] }), 'unchanged'),
    step('previewGate', 'ALL', '/*', previewGate(), hit.liveHost),
    step('health', 'GET', appEndpoints.health, health),
    step('latestBuild', 'GET', appEndpoints.latestBuild, latestBuild),
    step('buildManifest', 'GET', appEndpoints.manifestDir + MANIFEST_FILE_ROUTE, buildManifest),
    // The form endpoints need the build, and must not fall to the /_app/ 404 below.
    step('formsBuild', 'POST', appEndpoints.forms, build),
    step('sameOriginPosts', 'POST', appEndpoints.forms, sameOriginPosts),
    step('formRateLimit', 'POST', appEndpoints.forms, formRateLimit),
    step('receiveForm', 'POST', appEndpoints.forms, receiveForm),
    step('formSentBuild', 'GET', appEndpoints.formSent, build),
    step('formSent', 'GET', appEndpoints.formSent, formSent),
    step('previewShareLink', 'GET', appEndpoints.previewShareLink, previewShareLink()),
    step('clientFiles', 'GET', `${APP_BASE}*`, clientFiles),
    step('appNotFound', 'ALL', `${APP_BASE}*`, appNotFound),
    // The short path only answers for the build memory says this step would choose (BuildMemory.liveFromMemory).
    step('currentBuild', 'ALL', '/*', build, 'unchanged'),
    step('previewMedia', 'GET', '/media/*', previewAssets),
    step('previewEditor', 'GET', '/editor/*', previewAssets),
    step('robotsTxt', 'GET', '/robots.txt', robotsTxt),
    step('sitemapXml', 'GET', '/sitemap.xml', sitemapXml),
    step('payloads', 'GET', '/*', payloads, 'unchanged'),
    step('unsupportedPage', 'GET', '/unsupported', pages.unsupportedPage),
    step('browserCheck', 'ALL', '/*', browserCheck(), hit.supportedBrowser),
    // Headers depend on the path alone, and a page in memory carries them; a redirect is kept
    // only for a request without a query string (route-rules.ts).
    step('routeRules', 'ALL', '/*', routeRules(), 'unchanged'),
    step('previewPage', 'GET', '/preview', pages.previewPage),
    step('resetStoragePage', 'GET', '/reset-storage', pages.resetStoragePage),
    step('resetStorageSlugPage', 'GET', '/reset-storage/*', pages.resetStoragePage),
    step('edgeCacheLookup', 'ALL', '/*', partOfApp(pageCache.lookup), hit.unconditional),
    step('contentPage', 'GET', '/*', pages.contentPage, 'unchanged'),
  ];
}

export function createApp({ assets }: AppOptions) {
  const memory = new BuildMemory();
  const pageMemory = new PageMemory();
  const app = new Hono<AppEnv>();
  const steps = appSteps({ assets, memory, pageMemory });
  for (const { method, path, handler } of steps) app.on(method, path, handler);
  app.notFound(function notFound(c) {
    return c.text('Not Found', 404, { 'Cache-Control': CACHE_NONE });
  });
  app.onError(errorHandler({ memory, assets }));
  const shortPath = memoryHit({ steps, memory, pages: pageMemory });
  const chain = app.fetch;
  app.fetch = (request, env, ctx) => shortPath(request, env) ?? chain(request, env, ctx);
  return app;
}
