/**
 * A reference, not the site: the smallest Hono worker that server-renders the bench's fixture
 * page with the site's own renderView, byte for byte the HTML the site sends, with none of the
 * site's policies (no KV, no browser check, no route rules, no security headers, no log). The
 * "minimal Hono worker with React renderToString" of the reference figures (REFERENCE in
 * bench/lib/bench/budgets.ts), measured in the same run. Bundled by the bench
 * (bench/lib/bench/references.ts); CASE is a JSON binding holding { view, buildId, assets }.
 */
import { Hono } from 'hono';
import type { RenderCase } from '../../bench/render-time';
import { renderView } from '../../../../worker/render/render-view';

const app = new Hono<{ Bindings: { CASE: RenderCase } }>();
app.get('*', (c) => {
  const { view, buildId, assets } = c.env.CASE;
  return c.html(renderView(view, { buildId, assets }));
});

export default app;
