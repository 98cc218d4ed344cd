/**
 * A reference for the cold start only, reported beside the budget and not judged: the minimal
 * render (minimal-render.tsx) plus the reads any worker serving pages from Workers KV makes
 * before it can render, the site's own: the live pointer, then the build's manifest and index
 * together, then the page's payload. JSON.parse and nothing else (no schema checks, no
 * warm-up, no edge cache, no policies). It answers the question the 2x budget against the
 * no-I/O reference leaves open: how much of the site's first request is KV. CASE is the same
 * JSON binding as minimal-render's; only its client assets are read.
 */
import { Hono } from 'hono';
import type { Payload } from '../../../../app/build-records';
import type { RenderCase } from '../../bench/render-time';
import { kvKeys } from '../../../../app/kv-keys';
import { renderView } from '../../../../worker/render/render-view';

/** The part of the KV binding read here (the bench's tsconfig has no Workers types). */
interface KvText {
  get(key: string, type: 'text'): Promise<string | null>;
}

const app = new Hono<{ Bindings: { CASE: RenderCase; SITE_KV: KvText } }>();
app.get('*', async (c) => {
  const kv = c.env.SITE_KV;
  const read = async (key: string): Promise<unknown> => JSON.parse((await kv.get(key, 'text')) ?? 'null');
  const pointer = (await read(kvKeys.latest)) as { id: string };
  const [, index] = (await Promise.all([read(kvKeys.manifest(pointer.id)), read(kvKeys.index(pointer.id))])) as [
    unknown,
    { pages: Record<string, string> },
  ];
  const payload = (await read(kvKeys.payload(index.pages[c.req.path]!))) as Payload;
  return c.html(renderView({ kind: 'page', payload }, { buildId: pointer.id, assets: c.env.CASE.assets }));
});

export default app;
