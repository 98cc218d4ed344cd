/**
 * The build files the client reads: the live-build pointer and a build's manifest.
 * Served from KV with the build store's checks, so they only ever name complete builds.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { BuildId } from '../../app/build-records';
import type { AppEnv } from '../app-env';
import type { BuildStore } from '../build-store';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from '../cache-control';
import { etagMatches, recordEtag } from '../etag';
import { notPublishedJson } from '../render/not-published';

/** The route parameter of a manifest's file name, `{id}.json`. */
export const MANIFEST_FILE_ROUTE = ':file{[a-f0-9]{16}\\.json}';

async function servedLive(store: BuildStore, id: string): Promise<boolean> {
  return (await store.current('live'))?.record.id === id || (await store.wasPublished(id));
}

/** `GET /_app/builds/latest.json`: the build this host serves, `{ id, timestamp }`. */
export async function latestBuild(c: Context<AppEnv>) {
  const store = c.get('store');
  const build = await store.current(c.get('channel'));
  if (!build) return notPublishedJson(c, store.noBuildCause());
  const { id, timestamp } = build.record;
  const headers = { ETag: recordEtag(`${id}-${timestamp}`), 'Cache-Control': CACHE_REVALIDATE };
  if (etagMatches(c.req.header('if-none-match'), headers.ETag)) return c.body(null, 304, headers);
  return c.json({ id, timestamp }, 200, headers);
}

/** `GET /_app/builds/meta/{id}.json`: a build's manifest, which the client navigates with. */
export async function buildManifest(c: Context<AppEnv>) {
  const id = BuildId.parse(c.req.param('file')!.slice(0, -'.json'.length));
  const store = c.get('store');
  // Revalidated, not immutable: the build may yet become live, or be published after all.
  const notFound = () => new HTTPException(404, { res: c.json({ error: 'not_found' }, 404, { 'Cache-Control': CACHE_REVALIDATE }) });
  // A manifest lists every page of its build: on the live host only builds that have been
  // live may be read (tabs still on an earlier live build need theirs), never a draft.
  if (!c.get('preview') && !(await servedLive(store, id))) throw notFound();
  const manifest = await store.manifest(id);
  if (!manifest) throw notFound();
  const headers = { ETag: recordEtag(id), 'Cache-Control': CACHE_IMMUTABLE };
  if (etagMatches(c.req.header('if-none-match'), headers.ETag)) return c.body(null, 304, headers);
  return c.json(manifest, 200, headers);
}
