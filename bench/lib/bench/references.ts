/**
 * The bench's reference workers, run in the same workerd process as the site so that the
 * reference figures (a route returning the saved HTML, a minimal Hono worker with
 * renderToString) are measured on this machine in the same run instead of quoted:
 *
 *   saved-html       the site's own response for the fixture page, as stored bytes
 *   minimal-render   Hono + the site's renderView for the same page, and nothing else
 *   kv-render        minimal-render reading the page from KV first (cold start, reported only)
 */
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKERD_BUILD_OPTIONS } from '../../../scripts/lib/bundle';
import type { ReferenceWorkers } from '../workerd/config';
import type { RenderCase } from './render-time';

const WORKERS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../workerd/workers');

export interface References extends ReferenceWorkers {
  renderCase: RenderCase;
}

/** Bundles a reference from workers/{name}.tsx with the worker's own esbuild settings; returns the file. */
async function bundleReference(outDir: string, name: string): Promise<string> {
  const outfile = join(outDir, `${name}.js`);
  await build({ ...WORKERD_BUILD_OPTIONS, entryPoints: [join(WORKERS_DIR, `${name}.tsx`)], outfile });
  return outfile;
}

export const bundleMinimalRender = (outDir: string) => bundleReference(outDir, 'minimal-render');
export const bundleKvRender = (outDir: string) => bundleReference(outDir, 'kv-render');
