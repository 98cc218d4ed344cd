/**
 * The worker, assembled. Hono runs matching handlers in the order they are registered here,
 * and the order is the policy:
 *
 *   requestContext   request id, build store, decoded path (400/404 for hostile paths), preview?
 *   requestLog       one JSON line per request (after next)
 *   edge cache       remember: keeps a page in isolate memory with its final headers (after next)
 *   securityHeaders  nosniff, HSTS, referrer and permissions policy; CSP on HTML (after next)
 *   previewGate      preview host: token -> signed cookie, else 401; private, no-store, noindex
 *   /_app/health     the live build reads back whole? for uptime monitors
 *   /_app/builds/*   the live-build pointer (the draft's on the preview host) and manifests
 *   /_app/*          anything else under the app base that static assets did not serve: 404
 *   currentBuild     the complete build to serve from, or the 503 "not published yet"
 *   POST /_app/forms form entries for forms without their own endpoint
 *   /_app/forms/sent the thank-you page after a post from a browser without JavaScript
 *   seo files        robots.txt, sitemap.xml
 *   payloads         {path}/_payload.json, for client navigation
 *   /unsupported     before the browser check, which sends old browsers there
 *   browserCheck     unsupported browser -> 302 /unsupported?lang=..
 *   routeRules       site.json redirects, headers, cache lifetimes
 *   system pages     /preview, /reset-storage[/{slug}] (private, never edge-cached)
 *   edge cache       lookup: 304 for a matching ETag; a cached page without rendering
 *   content pages    server-rendered from the payload, or the 404 screen
 *   onError          500 screen with the request id; the cause goes to the log, never the page
 *
 * Static files (public/, hashed client bundles, media) never reach this code: Workers static
 * assets serve them first (wrangler.toml [assets]).
 */
import { Hono } from 'hono';
import type { ClientAssets } from '../app/build-records';
import { pagePathOfPayload } from '../app/content/paths';
import type { AppEnv } from './app-env';
import { BuildMemory, KvUnavailableError } from './build-store';
import { CACHE_NONE } from './cache-control';
import { browserCheck } from './middleware/browser-check';
import { currentBuild } from './middleware/current-build';
import { edgeCache } from './middleware/edge-cache';
import { previewGate } from './middleware/preview';
import { requestLog } from './middleware/request-log';
import { requestContext } from './middleware/request-context';
import { routeRules } from './middleware/route-rules';
import { securityHeaders } from './middleware/security-headers';
import { renderView } from './render/render-view';
import { buildFileRoutes } from './routes/build-files';
import { formRateLimit, sameOriginPosts } from './routes/form-guards';
import { FORM_SENT_PATH, formSent, receiveForm } from './routes/forms';
import { health } from './routes/health';
import { notPublishedResponse } from './routes/not-published';
import { createPageHandlers } from './routes/pages';
import { servePayload } from './routes/payloads';
import { seoFileRoutes } from './routes/seo-files';
import { chooseLocale } from './visitor-locale';

export interface AppOptions {
  assets: ClientAssets;
}

export function createApp({ assets }: AppOptions) {
  const memory = new BuildMemory();
  const pages = createPageHandlers({ assets });
  const pageCache = edgeCache({ enabled: (c) => !c.get('preview') });
  const app = new Hono<AppEnv>();

  app.use(requestContext({ memory }));
  app.use(requestLog());
  app.use(pageCache.remember);
  app.use(securityHeaders());
  app.use(previewGate());
  app.get('/_app/health', health);
  app.route('/_app/builds', buildFileRoutes());
  app.use(currentBuild({ assets }));
  app.post('/_app/forms', sameOriginPosts, formRateLimit, receiveForm);
  app.get(FORM_SENT_PATH, formSent);
  app.all('/_app/*', (c) => c.json({ error: 'not_found' }, 404, { 'Cache-Control': CACHE_NONE }));
  app.route('/', seoFileRoutes());
  app.get('*', (c, next) => {
    const pagePath = pagePathOfPayload(c.get('path'));
    return pagePath === null ? next() : servePayload(c, pagePath);
  });
  app.get('/unsupported', pages.system('unsupported'));
  app.use(browserCheck());
  app.use(routeRules());
  app.get('/preview', pages.system('preview'));
  app.get('/reset-storage', pages.system('reset-storage'));
  app.get('/reset-storage/*', pages.system('reset-storage'));
  app.use(pageCache.lookup);
  app.get('*', pages.content);

  app.notFound((c) => c.text('Not Found', 404, { 'Cache-Control': CACHE_NONE }));

  app.onError((err, c) => {
    const requestId = c.get('requestId') ?? 'unknown';
    const path = c.get('path') ?? new URL(c.req.url).pathname;
    const build = memory.lastComplete;
    // The cause goes to the log (no content, no secrets), never to the page.
    console.error(
      JSON.stringify({
        type: 'error',
        requestId,
        path,
        build: c.get('build')?.record.id ?? build?.record.id ?? null,
        fault: err.name,
        message: err.message,
      }),
    );
    // KV that does not answer is an outage, not a bug: 503 with Retry-After.
    if (!build || err instanceof KvUnavailableError) return notPublishedResponse(c, assets, 'unavailable');
    const chrome = chooseLocale(build.index, path, undefined, undefined);
    const view = { kind: 'error', status: 500, path, chrome, requestId } as const;
    const body = renderView(view, {
      buildId: build.record.id,
      assets,
      preview: c.get('preview') ? { buildId: build.record.id, liveUrl: chrome.origin + path } : undefined,
    });
    return c.html(body, 500, { 'Cache-Control': CACHE_NONE });
  });

  return app;
}
