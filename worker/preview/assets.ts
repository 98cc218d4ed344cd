/**
 * Static files behind the preview gate. Workers static assets answer before the worker, so on
 * their own they would show the draft's media and the example editor to anyone; the preview
 * environment runs the worker first for those paths (`run_worker_first` in wrangler.toml
 * [env.preview.assets]), and this step serves them from ASSETS once the gate has let the
 * request in. On the live host the worker never sees a file that exists, and this step passes;
 * the example editor is not in the live assets at all (the build writes it to the preview
 * host's, dist/preview-public), so /editor/* there is the 404 of any unknown path.
 */
import type { Context, Next } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Payload } from '../../app/build-records';
import { variantUrlsOf } from '../../app/images/image-variants';
import type { AppEnv } from '../app-env';
import { CACHE_NONE } from '../cache-control';

/** Whether a page document shows `src` somewhere (images are `{ src: '/media/…' }` at any depth). */
export function pageShows(value: unknown, src: string): boolean {
  if (value === src) return true;
  if (Array.isArray(value)) return value.some((v) => pageShows(v, src));
  if (value !== null && typeof value === 'object') return Object.values(value).some((v) => pageShows(v, src));
  return false;
}

/**
 * Whether the page of `payload` shows the file at `src`: a media path in its document, or one
 * of the resized variants the build made of its raster images (`/media/_v/…`, listed in the
 * payload's `images`), which are the URLs its <img>, <source> and preload actually request.
 * Exact URLs only: a variant of another image stays closed. Placeholders are data: URLs.
 */
export function payloadShows(payload: Payload, src: string): boolean {
  if (pageShows(payload.page, src)) return true;
  return Object.entries(payload.images ?? {}).some(([path, info]) => variantUrlsOf(path, info).includes(src));
}

export async function previewAssets(c: Context<AppEnv>, next: Next) {
  const assets = (c.env as Partial<Env> | undefined)?.ASSETS;
  if (!c.get('preview') || !assets) return next();
  const shared = c.get('previewShare');
  if (shared !== undefined) {
    // A share link reads its page's media only: the file must be one the page shows.
    const found = await c.get('store').pagePayload(c.get('build'), shared);
    if (!found || !(payloadShows(found.payload, c.get('path')) || payloadShows(found.payload, c.req.path)))
      throw new HTTPException(404, { res: c.text('Not Found', 404, { 'Cache-Control': CACHE_NONE }) });
  }
  const res = await assets.fetch(c.req.raw);
  c.set('staticFile', true);
  // The asset's headers cannot be changed, and the gate makes every preview answer private.
  return new Response(res.body, res);
}
