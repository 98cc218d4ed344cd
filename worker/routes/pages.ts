/**
 * HTML: the system pages, content pages of any depth, and the 404 screen. Runs after the
 * current build is known; the policies around it (browser check, route rules, edge cache) are
 * middleware assembled in worker/app.ts.
 */
import type { Context } from 'hono';
import type { ClientAssets } from '../../app/build-records';
import { isContentPath } from '../../app/content/paths';
import type { SystemPageName, View } from '../../app/view';
import type { AppEnv } from '../app-env';
import { CACHE_PRIVATE, CACHE_REVALIDATE } from '../cache-control';
import { renderView } from '../render/render-view';
import { chooseLocale } from '../visitor-locale';

type Ctx = Context<AppEnv>;

export function createPageHandlers({ assets }: { assets: ClientAssets }) {
  function html(c: Ctx, view: View, status: number, cacheControl: string) {
    const body = renderView(view, { buildId: c.var.build.record.id, assets });
    return c.html(body, status as 200, { 'Cache-Control': cacheControl });
  }

  /** 404s take their language from the path alone, so the same URL always renders the same. */
  function notFound(c: Ctx) {
    const { build, path } = c.var;
    const chrome = chooseLocale(build.index, path, undefined, undefined);
    return html(c, { kind: 'error', status: 404, path, chrome }, 404, CACHE_REVALIDATE);
  }

  /** System pages speak the visitor's language: the slug's, `?lang=`, or Accept-Language. */
  function system(name: SystemPageName) {
    return (c: Ctx) => {
      const { build, path } = c.var;
      const slug = name === 'reset-storage' ? path.slice('/reset-storage'.length) || undefined : undefined;
      if (slug !== undefined && !isContentPath(slug)) return notFound(c);
      const chrome = chooseLocale(build.index, slug ?? '', c.req.query('lang'), c.req.header('accept-language'));
      const res = html(c, { kind: 'system', name, path, slug, chrome }, 200, CACHE_PRIVATE);
      res.headers.set('Vary', 'Accept-Language');
      return res;
    };
  }

  async function content(c: Ctx) {
    const { build, path, store } = c.var;
    if (path.length > 1 && path.endsWith('/') && isContentPath(path.slice(0, -1))) {
      // One canonical URL per page; the target is a validated content path, never another host.
      return c.redirect(path.slice(0, -1) + new URL(c.req.url).search, 308);
    }
    const payload = isContentPath(path) ? await store.payload(build, path) : null;
    if (!payload) return notFound(c);
    return html(c, { kind: 'page', payload }, 200, CACHE_REVALIDATE);
  }

  return { system, content };
}
