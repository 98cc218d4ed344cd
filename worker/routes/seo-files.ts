/**
 * robots.txt and sitemap.xml, from the live build. Preview requests (a preview host, or the
 * whole worker with PREVIEW_MODE) disallow everything: drafts must never be indexed.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { CACHE_NONE } from '../cache-control';
import { configOf } from '../config';
import { etagMatches, recordEtag } from '../etag';
import { isPreviewRequest } from '../hosts';

const SEO_CACHE = 'public, max-age=3600';

export function robotsTxt(c: Context<AppEnv>) {
  if (isPreviewRequest(configOf(c.env), c.req.url)) return c.text('User-agent: *\nDisallow: /\n', 200, { 'Cache-Control': CACHE_NONE });
  const origin = Object.values(c.get('build').index.chrome)[0]?.origin ?? new URL(c.req.url).origin;
  return c.text(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`, 200, { 'Cache-Control': SEO_CACHE });
}

export async function sitemapXml(c: Context<AppEnv>) {
  const build = c.get('build'),
    store = c.get('store');
  const etag = recordEtag(`sitemap-${build.record.id}`);
  if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, { ETag: etag, 'Cache-Control': SEO_CACHE });
  const xml = await store.sitemap(build.record.id);
  if (xml === null) return c.text('Not Found', 404, { 'Cache-Control': CACHE_NONE });
  return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', ETag: etag, 'Cache-Control': SEO_CACHE });
}
