import type { MiddlewareHandler } from 'hono';
import type { ClientAssets } from '../../app/build-records';
import { pagePathOfPayload } from '../../app/content/paths';
import type { AppEnv } from '../app-env';
import { draftNameOf } from '../build-memory';
import { noSuchDraft } from '../preview/no-draft';
import { notPublishedJson, notPublishedResponse } from '../render/not-published';

/**
 * Resolves the build to serve from and puts it on the context, or answers 503 when no
 * complete build is known (nothing published yet, or KV unreadable): an HTML page for
 * pages, JSON for payloads.
 */
export function currentBuild({ assets }: { assets: ClientAssets }): MiddlewareHandler<AppEnv> {
  return async function currentBuildMiddleware(c, next) {
    const store = c.get('store');
    const build = await store.current(c.get('channel'));
    const draft = draftNameOf(c.get('channel'));
    if (!build && draft !== null) return noSuchDraft(c, draft);
    if (!build) {
      const cause = store.noBuildCause();
      if (pagePathOfPayload(c.get('path')) === null) return notPublishedResponse(c, assets, cause);
      return notPublishedJson(c, cause);
    }
    c.set('build', build);
    await next();
  };
}
