/**
 * HTML pages and the payloads beside them: content pages of any depth, the locale homes,
 * the system pages, and the error screens.
 */
import { Hono, type Context } from 'hono';
import type { ClientAssets } from '../../app/build-records';
import { isContentPath, pagePathOfPayload } from '../../app/content/paths';
import type { SystemPageName, View } from '../../app/view';
import type { AppEnv } from '../app-env';
import type { CompleteBuild } from '../build-store';
import { CACHE_IMMUTABLE, CACHE_NONE, CACHE_PRIVATE, CACHE_REVALIDATE, CACHE_SHORT } from '../cache-control';
import { renderView } from '../render/render-view';
import { chooseLocale } from '../visitor-locale';
import { NOT_PUBLISHED_RETRY_AFTER_S } from '../../app/constants';
import { notPublishedResponse } from './not-published';

export interface PageRoutesOptions {
  assets: ClientAssets;
}

type Ctx = Context<AppEnv>;

export function pageRoutes({ assets }: PageRoutesOptions) {
  const routes = new Hono<AppEnv>();

  function html(c: Ctx, build: CompleteBuild, view: View, status: number, cacheControl: string) {
    const body = renderView(view, { buildId: build.record.id, assets });
    return c.html(body, status as 200, { 'Cache-Control': cacheControl });
  }

  function localeChrome(c: Ctx, build: CompleteBuild, path: string) {
    return chooseLocale(build.index, path, c.req.query('lang'), c.req.header('accept-language'));
  }

  function system(name: SystemPageName) {
    return async (c: Ctx) => {
      const build = await c.var.store.current();
      if (!build) return notPublishedResponse(c, assets);
      const slug = name === 'reset-storage' ? c.var.path.slice('/reset-storage'.length) || undefined : undefined;
      if (slug !== undefined && !isContentPath(slug)) return notFound(c, build);
      const chrome = localeChrome(c, build, slug ?? '');
      return html(c, build, { kind: 'system', name, path: c.var.path, slug, chrome }, 200, CACHE_PRIVATE);
    };
  }

  function notFound(c: Ctx, build: CompleteBuild) {
    const path = c.var.path;
    const view: View = { kind: 'error', status: 404, path, chrome: localeChrome(c, build, path) };
    return html(c, build, view, 404, CACHE_REVALIDATE);
  }

  routes.get('/unsupported', system('unsupported'));
  routes.get('/preview', system('preview'));
  routes.get('/reset-storage', system('reset-storage'));
  routes.get('/reset-storage/*', system('reset-storage'));

  routes.get('*', async (c) => {
    const build = await c.var.store.current();
    const payloadOf = pagePathOfPayload(c.var.path);
    if (!build) return payloadOf === null ? notPublishedResponse(c, assets) : c.json({ error: 'not_published' }, 503, { 'Cache-Control': CACHE_NONE, 'Retry-After': String(NOT_PUBLISHED_RETRY_AFTER_S) });

    if (payloadOf !== null) {
      const payload = isContentPath(payloadOf) ? await c.var.store.payload(build, payloadOf) : null;
      if (!payload) return c.json({ error: 'not_found', message: `Page not found: ${payloadOf}` }, 404, { 'Cache-Control': CACHE_SHORT });
      // The query is the build id the client runs (`?{buildId}`): a match can be cached for good.
      const current = new URL(c.req.url).search.slice(1) === build.record.id;
      return c.json(payload, 200, { 'Cache-Control': current ? CACHE_IMMUTABLE : CACHE_SHORT });
    }

    const path = c.var.path;
    if (path.length > 1 && path.endsWith('/') && isContentPath(path.slice(0, -1))) {
      // A single canonical URL per page; the target is a validated content path, never another host.
      return c.redirect(path.slice(0, -1) + new URL(c.req.url).search, 308);
    }
    const payload = isContentPath(path) ? await c.var.store.payload(build, path) : null;
    if (!payload) return notFound(c, build);
    return html(c, build, { kind: 'page', payload }, 200, CACHE_REVALIDATE);
  });

  return routes;
}
