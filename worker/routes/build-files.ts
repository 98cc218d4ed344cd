/**
 * The build files the client reads: the live-build pointer and a build's manifest.
 * Served from KV with the build store's checks, so they only ever name complete builds.
 */
import { Hono } from 'hono';
import { BuildId } from '../../app/build-records';
import type { AppEnv } from '../app-env';
import { CACHE_IMMUTABLE, CACHE_NONE, CACHE_REVALIDATE } from '../cache-control';

export function buildFileRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get('/latest.json', async (c) => {
    const build = await c.var.store.current();
    if (!build) return c.json({ error: 'not_published' }, 503, { 'Cache-Control': CACHE_NONE });
    const { id, timestamp } = build.record;
    return c.json({ id, timestamp }, 200, { 'Cache-Control': CACHE_REVALIDATE });
  });

  routes.get('/meta/:file{[a-f0-9]{16}\\.json}', async (c) => {
    const id = BuildId.parse(c.req.param('file').slice(0, -'.json'.length));
    const manifest = await c.var.store.manifest(id);
    if (!manifest) return c.json({ error: 'not_found' }, 404, { 'Cache-Control': CACHE_REVALIDATE });
    return c.json(manifest, 200, { 'Cache-Control': CACHE_IMMUTABLE });
  });

  return routes;
}
