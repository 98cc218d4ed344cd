import type { MiddlewareHandler } from 'hono';
import type { ClientAssets } from '../../app/build-records';
import { pagePathOfPayload } from '../../app/content/paths';
import { NOT_PUBLISHED_RETRY_AFTER_S } from '../../app/constants';
import type { AppEnv } from '../app-env';
import { CACHE_NONE } from '../cache-control';
import { notPublishedResponse } from '../routes/not-published';

/**
 * Resolves the build to serve from and puts it on the context, or answers 503 when no
 * complete build is known (nothing published yet, or KV unreadable): an HTML page for
 * pages, JSON for payloads.
 */
export function currentBuild({ assets }: { assets: ClientAssets }): MiddlewareHandler<AppEnv> {
  return async function currentBuildMiddleware(c, next) {
    const store = c.get('store');
    const build = await store.current(c.get('channel'));
    if (!build) {
      const cause = store.noBuildCause();
      if (pagePathOfPayload(c.get('path')) === null) return notPublishedResponse(c, assets, cause);
      return c.json({ error: cause === 'unavailable' ? 'unavailable' : 'not_published' }, 503, { 'Cache-Control': CACHE_NONE, 'Retry-After': String(NOT_PUBLISHED_RETRY_AFTER_S) });
    }
    c.set('build', build);
    await next();
  };
}
