/**
 * HTML: the system pages, content pages of any depth, and the 404 screen. Runs after the
 * current build is known; the policies around it (browser check, route rules, edge cache) are
 * middleware assembled in worker/app.ts.
 */
import type { Context } from 'hono';
import type { ClientAssets } from '../../app/build-records';
import { isContentPath, withoutTrailingSlash } from '../../app/content/paths';
import { chromeOf } from '../../app/render/view-facts';
import type { PreviewInfo, SystemPageName, View } from '../../app/view';
import type { AppEnv } from '../app-env';
import { CACHE_PRIVATE, CACHE_REVALIDATE } from '../cache-control';
import { configOf } from '../config';
import { previewOrigins } from '../hosts';
import { renderView } from '../render/render-view';
import { splitRequestUrl } from '../request-path';
import { chooseLocale } from '../visitor-locale';

type Ctx = Context<AppEnv>;

/** On the preview host, what the banner shows: the build editors see and the live page. */
export function previewInfo(c: Ctx, view: View): PreviewInfo | undefined {
  if (!c.get('preview')) return undefined;
  const chrome = chromeOf(view);
  const path = view.kind === 'page' ? view.payload.path : view.path;
  return { buildId: c.get('build').record.id, liveUrl: chrome.origin + path, editorOrigins: previewOrigins(configOf(c.env), c.req.url) };
}

export function createPageHandlers({ assets }: { assets: ClientAssets }) {
  function html(c: Ctx, view: View, status: number, cacheControl: string) {
    const body = renderView(view, { buildId: c.get('build').record.id, assets, preview: previewInfo(c, view) });
    return c.html(body, status as 200, { 'Cache-Control': cacheControl });
  }

  /** 404s take their language from the path alone, so the same URL always renders the same. */
  function notFound(c: Ctx) {
    const build = c.get('build'),
      path = c.get('path');
    const chrome = chooseLocale(build.index, path, undefined, undefined);
    return html(c, { kind: 'error', status: 404, path, chrome }, 404, CACHE_REVALIDATE);
  }

  /** System pages speak the visitor's language: the slug's, `?lang=`, or Accept-Language. */
  async function systemPage(c: Ctx, name: SystemPageName) {
    const build = c.get('build'),
      path = c.get('path'),
      store = c.get('store');
    const slug = name === 'reset-storage' ? path.slice('/reset-storage'.length) || undefined : undefined;
    if (slug !== undefined && !isContentPath(slug)) return notFound(c);
    const chrome = chooseLocale(build.index, slug ?? '', c.req.query('lang'), c.req.header('accept-language'));
    const view: View = { kind: 'system', name, path, slug, chrome };
    if (name === 'preview') {
      view.origins = previewOrigins(configOf(c.env), c.req.url);
      // Only behind the gate is there an editor to make share links, and an endpoint for them.
      if (c.get('preview')) view.shareLinks = true;
      // `/preview?path=/et/foo` starts from that page of the build this host serves.
      const start = c.req.query('path');
      const payload = start && isContentPath(start) ? await store.payload(build, start) : null;
      if (payload) {
        view.payload = payload;
        view.chrome = payload.chrome;
      }
    }
    const res = html(c, view, 200, CACHE_PRIVATE);
    res.headers.set('Vary', 'Accept-Language');
    // An editing tool may open /preview as a window and post drafts to it, which a
    // Cross-Origin-Opener-Policy of same-origin would cut off (docs/behaviour.md#15-preview-page).
    if (name === 'preview') res.headers.set('Cross-Origin-Opener-Policy', 'unsafe-none');
    return res;
  }

  async function contentPage(c: Ctx) {
    const build = c.get('build'),
      path = c.get('path'),
      store = c.get('store');
    const canonical = withoutTrailingSlash(path);
    // One canonical URL per page; the target is a validated content path, never another host.
    if (canonical !== null) return c.redirect(canonical + splitRequestUrl(c.req.url).search, 308);
    const found = isContentPath(path) ? await store.pagePayload(build, path) : null;
    if (!found) return notFound(c);
    // The page may come from the previous build while the newer one propagates.
    c.set('build', found.build);
    return html(c, { kind: 'page', payload: found.payload }, 200, CACHE_REVALIDATE);
  }

  // Named handlers, so the list of the app's steps reads as what each one answers.
  return {
    unsupportedPage: (c: Ctx) => systemPage(c, 'unsupported'),
    previewPage: (c: Ctx) => systemPage(c, 'preview'),
    resetStoragePage: (c: Ctx) => systemPage(c, 'reset-storage'),
    contentPage,
  };
}
