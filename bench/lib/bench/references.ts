/**
 * The bench's reference workers, run in the same workerd process as the site so that the
 * reference figures (a route returning the saved HTML, a minimal Hono worker with
 * renderToString) are measured on this machine in the same run instead of quoted:
 *
 *   saved-html       the site's own response for the fixture page, as stored bytes
 *   minimal-render   Hono + the site's renderView for the same page, and nothing else
 */
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKERD_BUILD_OPTIONS } from '../../../scripts/lib/bundle';
import type { ReferenceWorkers } from '../workerd/config';
import type { RenderCase } from './render-time';

const MINIMAL_RENDER_SOURCE = join(dirname(fileURLToPath(import.meta.url)), '../workerd/workers/minimal-render.tsx');

export interface References extends ReferenceWorkers {
  renderCase: RenderCase;
}

/** Bundles workers/minimal-render.tsx with the worker's own esbuild settings; returns the file. */
export async function bundleMinimalRender(outDir: string): Promise<string> {
  const outfile = join(outDir, 'minimal-render.js');
  await build({ ...WORKERD_BUILD_OPTIONS, entryPoints: [MINIMAL_RENDER_SOURCE], outfile });
  return outfile;
}
