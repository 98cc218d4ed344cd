/**
 * The worker, assembled from its steps. Hono runs every step whose method and path match, in
 * the order `appSteps` lists them, and that order is the policy: the steps that wrap every
 * response (the request log, the edge cache's memory, the security headers) come before any
 * step that can answer, refusals of hostile paths included; the preview gate stands before
 * anything that serves content; the browser check and the route rules before the pages.
 * test/worker/app.test.ts holds these relations. Then `notFound` (a method no step answers) and
 * `onError` (error-handler.ts), whose answers go out through the wrapping steps too.
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
import { previewNotes } from './preview/notes';
import { previewShareLink } from './preview/share-link';
import { robotsTxt, sitemapXml } from './routes/seo-files';
import { SEARCH_LOCALE_PARAM, createSearchHandlers } from './search/routes';

/** One step of the worker: a handler, and the requests it sees. */
export interface Step {
  /** the step's name in `appSteps` (function names do not survive the worker's minification) */
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
  const search = createSearchHandlers({ assets });
  const pageCache = edgeCache({ memory: pageMemory });
  const build = currentBuild({ assets });
  const notes = previewNotes();
  const step = (name: string, method: Step['method'], path: string, handler: Step['handler'], hitRule?: HitRule): Step => ({
    name,
    method,
    path,
    handler,
    ...(hitRule ? { hit: hitRule } : {}),
  });
  return [
    // One JSON line per request, written after the rest; the short path writes the same line
    // itself, marked `short`.
    step('requestLog', 'ALL', '/*', requestLog(), 'unchanged'),
    // Keeps a page in isolate memory with its final headers, so it comes before every header writer.
    step('edgeCacheRemember', 'ALL', '/*', partOfApp(pageCache.remember), 'unchanged'),
    // nosniff, HSTS, referrer, permissions and resource policies; CSP and opener policy on HTML.
    // The worker's own inline script (the reload guard in every page's head) is allowed by its hash.
    // A page in memory carries the headers this wrote, for its build and the live host.
    step('securityHeaders', 'ALL', '/*', securityHeaders({ scriptHashes: assets.headScript ? [assets.headScript.hash] : [] }), 'unchanged'),
    // Request id, build store, host kind, and the decoded path: a hostile one is refused (400/404).
    step('requestContext', 'ALL', '/*', requestContext({ memory }), hit.liveHost),
    // The preview host: token -> signed cookie, share link -> its one page, else 401; private, no-store, noindex.
    step('previewGate', 'ALL', '/*', previewGate(), hit.liveHost),
    // Does the live build read back whole? For uptime monitors.
    step('health', 'GET', appEndpoints.health, health({ assets })),
    // The live build (the draft's on the preview host).
    step('latestBuild', 'GET', appEndpoints.latestBuild, latestBuild),
    step('buildManifest', 'GET', appEndpoints.manifestDir + MANIFEST_FILE_ROUTE, buildManifest),
    // The form endpoints need the build, and must not fall to the /_app/ 404 below.
    step('formsBuild', 'POST', appEndpoints.forms, build),
    // Another origin's post is a 403.
    step('sameOriginPosts', 'POST', appEndpoints.forms, sameOriginPosts),
    step('formRateLimit', 'POST', appEndpoints.forms, formRateLimit),
    // Entries of forms without their own endpoint.
    step('receiveForm', 'POST', appEndpoints.forms, receiveForm),
    step('formSentBuild', 'GET', appEndpoints.formSent, build),
    // The thank-you page after a post without JavaScript.
    step('formSent', 'GET', appEndpoints.formSent, formSent),
    // A signed link to one draft page (preview host).
    step('previewShareLink', 'GET', appEndpoints.previewShareLink, previewShareLink()),
    // Review notes (preview host): a share link's reviewer leaves them, editors list, resolve, delete.
    step('previewNotesLeave', 'POST', appEndpoints.previewNotes, notes.leave),
    step('previewNotesList', 'GET', appEndpoints.previewNotes, notes.list),
    step('previewNotesResolve', 'POST', appEndpoints.previewNotesResolve, notes.resolve),
    step('previewNotesDelete', 'POST', appEndpoints.previewNotesDelete, notes.remove),
    // The header field's results as the visitor types (the draft's on the preview host).
    step('searchBuild', 'GET', appEndpoints.searchJsonBase + SEARCH_LOCALE_PARAM, build),
    step('searchJson', 'GET', appEndpoints.searchJsonBase + SEARCH_LOCALE_PARAM, search.searchJson),
    // Client files of earlier deployments, from KV: static assets have only the current ones.
    step('clientFiles', 'GET', `${APP_BASE}*`, clientFiles),
    // Anything else under /_app/ is a 404, published or not.
    step('appNotFound', 'ALL', `${APP_BASE}*`, appNotFound),
    // The complete build to serve from, or the 503 "not published yet". The short path only
    // answers for the build memory says this step would choose (BuildMemory.liveFromMemory).
    step('currentBuild', 'ALL', '/*', build, 'unchanged'),
    // The preview host's media (share links: their page's only) and editor, from ASSETS after the gate.
    step('previewMedia', 'GET', '/media/*', previewAssets),
    step('previewEditor', 'GET', '/editor/*', previewAssets),
    step('robotsTxt', 'GET', '/robots.txt', robotsTxt),
    step('sitemapXml', 'GET', '/sitemap.xml', sitemapXml),
    // {path}/_payload.json, for client navigation.
    step('payloads', 'GET', '/*', payloads, 'unchanged'),
    // Before the browser check, which sends old browsers here.
    step('unsupportedPage', 'GET', '/unsupported', pages.unsupportedPage),
    // An unsupported browser -> 302 /unsupported?lang=..
    step('browserCheck', 'ALL', '/*', browserCheck(), hit.supportedBrowser),
    // site.json redirects, headers and cache lifetimes. Headers depend on the path alone, and a
    // page in memory carries them; a redirect is kept only for a request without a query string.
    step('routeRules', 'ALL', '/*', routeRules(), 'unchanged'),
    // System pages: private, never edge-cached.
    step('previewPage', 'GET', '/preview', pages.previewPage),
    step('resetStoragePage', 'GET', '/reset-storage', pages.resetStoragePage),
    step('resetStorageSlugPage', 'GET', '/reset-storage/*', pages.resetStoragePage),
    // Search results for a full load: private, never edge-cached (worker/search/routes.ts).
    step('searchPage', 'GET', `/${SEARCH_LOCALE_PARAM}/search`, search.searchPage),
    // 304 for a matching ETag; a cached page without rendering.
    step('edgeCacheLookup', 'ALL', '/*', partOfApp(pageCache.lookup), hit.unconditional),
    // Server-rendered from the payload, or the 404 screen.
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
