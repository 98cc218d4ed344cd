/**
 * The build files the client reads: the live-build pointer and a build's manifest.
 * Served from KV with the build store's checks, so they only ever name complete builds.
 */
import { Hono } from 'hono';
import { BuildId } from '../../app/build-records';
import type { AppEnv } from '../app-env';
import type { BuildStore } from '../build-store';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from '../cache-control';
import { etagMatches, recordEtag } from '../etag';
import { notPublishedJson } from './not-published';

async function servedLive(store: BuildStore, id: string): Promise<boolean> {
  return (await store.current('live'))?.record.id === id || (await store.wasPublished(id));
}

export function buildFileRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get('/latest.json', async (c) => {
    const store = c.get('store');
    const build = await store.current(c.get('channel'));
    if (!build) return notPublishedJson(c, store.noBuildCause());
    const { id, timestamp } = build.record;
    const headers = { ETag: recordEtag(`${id}-${timestamp}`), 'Cache-Control': CACHE_REVALIDATE };
    if (etagMatches(c.req.header('if-none-match'), headers.ETag)) return c.body(null, 304, headers);
    return c.json({ id, timestamp }, 200, headers);
  });

  routes.get('/meta/:file{[a-f0-9]{16}\\.json}', async (c) => {
    const id = BuildId.parse(c.req.param('file').slice(0, -'.json'.length));
    const store = c.get('store');
    const notFound = () => c.json({ error: 'not_found' }, 404, { 'Cache-Control': CACHE_REVALIDATE });
    // A manifest lists every page of its build: on the live host only builds that have been
    // live may be read (tabs still on an earlier live build need theirs), never a draft.
    if (!c.get('preview') && !(await servedLive(store, id))) return notFound();
    const manifest = await store.manifest(id);
    if (!manifest) return notFound();
    const headers = { ETag: recordEtag(id), 'Cache-Control': CACHE_IMMUTABLE };
    if (etagMatches(c.req.header('if-none-match'), headers.ETag)) return c.body(null, 304, headers);
    return c.json(manifest, 200, headers);
  });

  return routes;
}
