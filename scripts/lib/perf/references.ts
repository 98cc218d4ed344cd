/**
 * The bench's reference workers, run in the same workerd process as the site so that the
 * issue's reference figures (a route returning the saved HTML, a minimal Hono worker with
 * renderToString) are measured on this machine in the same run instead of quoted:
 *
 *   saved-html       the site's own response for the fixture page, as stored bytes
 *   minimal-render   Hono + the site's renderView for the same page, and nothing else
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import { WORKERD_BUILD_OPTIONS } from '../bundle';
import type { RenderCase } from './measure';

export interface References {
  /** the bundled minimal-render worker (bundleMinimalRender) */
  minimalRenderScript: string;
  /** the page minimal-render renders: the fixture's view, build id and assets */
  renderCase: RenderCase;
  /** the User-Agent saved-html sends when it fetches the page from the site */
  userAgent: string;
}

/** Bundles workers/minimal-render.tsx with the worker's own esbuild settings; returns the file. */
export async function bundleMinimalRender(outDir: string): Promise<string> {
  const outfile = join(outDir, 'minimal-render.js');
  await build({ ...WORKERD_BUILD_OPTIONS, entryPoints: ['scripts/lib/perf/workers/minimal-render.tsx'], outfile });
  return outfile;
}
