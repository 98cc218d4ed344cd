/**
 * The worker, assembled. Request flow:
 *
 *   requestContext   request id, build store, decoded path (400/404 for hostile paths)
 *   /_app/builds/*   the live-build pointer and build manifests (JSON from KV)
 *   /_app/*          anything else under the app base that static assets did not serve: 404
 *   pages            system pages, payloads, content pages, 404 screen (HTML from KV + React)
 *   onError          500 screen with the request id; the cause goes to the log, never the page
 *
 * Static files (public/, hashed client bundles, media) never reach this code: Workers static
 * assets serve them first (wrangler.toml [assets]).
 */
import { Hono } from 'hono';
import type { Chrome, ClientAssets } from '../app/build-records';
import type { AppEnv } from './app-env';
import { BuildMemory } from './build-store';
import { CACHE_NONE } from './cache-control';
import { requestContext } from './middleware/request-context';
import { renderView } from './render/render-view';
import { buildFileRoutes } from './routes/build-files';
import { pageRoutes } from './routes/pages';
import { chooseLocale } from './visitor-locale';
import { notPublishedResponse } from './routes/not-published';

export interface AppOptions {
  assets: ClientAssets;
}

export function createApp({ assets }: AppOptions) {
  const memory = new BuildMemory();
  const app = new Hono<AppEnv>();

  app.use(requestContext({ memory }));
  app.route('/_app/builds', buildFileRoutes());
  app.all('/_app/*', (c) => c.json({ error: 'not_found' }, 404, { 'Cache-Control': CACHE_NONE }));
  app.route('/', pageRoutes({ assets }));

  app.notFound((c) => c.text('Not Found', 404));

  app.onError((err, c) => {
    const requestId = c.get('requestId') ?? 'unknown';
    const path = c.get('path') ?? new URL(c.req.url).pathname;
    const build = memory.lastComplete;
    console.error(
      JSON.stringify({ level: 'error', requestId, path, build: build?.record.id ?? null, error: err.name, message: err.message }),
    );
    if (!build) return notPublishedResponse(c, assets);
    const chrome: Chrome = chooseLocale(build.index, path, undefined, c.req.header('accept-language'));
    const body = renderView({ kind: 'error', status: 500, path, chrome, requestId }, { buildId: build.record.id, assets });
    return c.html(body, 500, { 'Cache-Control': CACHE_NONE });
  });

  return app;
}
