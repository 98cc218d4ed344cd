/**
 * Server render time, taken in Node on the worker's own `renderView`: workerd freezes timers
 * during a request (Date.now() and performance.now() only move on I/O), so a worker cannot
 * time its own CPU work.
 */
import { build } from 'esbuild';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ClientAssets, Payload } from '../../../app/build-records';
import type { View } from '../../../app/view';
import { kvKeys } from '../../../app/kv-keys';
import type { renderView as RenderViewFn } from '../../../worker/render/render-view';
import type { BuildOutput } from '../../../scripts/lib/build-records';
import { ROOT, WORKERD_BUILD_OPTIONS } from '../../../scripts/lib/bundle';
import { percentile } from '../load-generator';

export type RenderView = typeof RenderViewFn;

/**
 * `renderView` bundled the way scripts/lib/bundle.ts bundles the worker (same export
 * conditions, so the same react-dom/server build; production React; minified), then imported.
 * Importing the .tsx source directly would time React's development build (NODE_ENV is unset
 * in Node), several times slower than what the worker runs.
 */
export async function loadRenderView(): Promise<RenderView> {
  const dir = await mkdtemp(join(tmpdir(), 'edge-site-render-'));
  try {
    const outfile = join(dir, 'render-view.mjs');
    await build({
      ...WORKERD_BUILD_OPTIONS,
      stdin: { contents: `export { renderView } from './worker/render/render-view';`, resolveDir: ROOT, loader: 'ts' },
      outfile,
    });
    const mod = (await import(pathToFileURL(outfile).href)) as { renderView: RenderView };
    return mod.renderView;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One page of a build, as the worker renders it. */
export interface RenderCase {
  view: View;
  buildId: string;
  assets: ClientAssets;
}

export function renderCase(build: BuildOutput, assets: ClientAssets, path: string): RenderCase {
  const value = (key: string) => {
    const record = build.records.find((r) => r.key === key);
    if (!record) throw new Error(`build ${build.id} has no record ${key}`);
    return record.value;
  };
  const index = JSON.parse(value(kvKeys.index(build.id))) as { pages: Record<string, string> };
  const hash = index.pages[path];
  if (!hash) throw new Error(`build ${build.id} has no page ${path}`);
  const payload = JSON.parse(value(kvKeys.payload(hash))) as Payload;
  return { view: { kind: 'page', payload }, buildId: build.id, assets };
}

export interface RenderTiming {
  renders: number;
  /** wall-clock per render, ms */
  medianMs: number;
  p99Ms: number;
  /** process CPU (user + system) per render, ms */
  cpuMs: number;
  htmlBytes: number;
}

export interface RenderTimingOptions {
  warmup?: number;
  renders?: number;
  /** stop early after this long (a busy machine): the loop is bounded by both */
  maxMs?: number;
}

/**
 * Times renders of several cases, interleaved round by round, so a neighbour's burst of CPU
 * slows all cases alike instead of one (this is what makes the "render time does not grow with
 * the number of pages" comparison meaningful on a shared machine).
 */
export function timeRenders(
  renderView: RenderView,
  cases: RenderCase[],
  { warmup = 300, renders = 3000, maxMs = 15_000 }: RenderTimingOptions = {},
): RenderTiming[] {
  const render = (c: RenderCase) => renderView(c.view, { buildId: c.buildId, assets: c.assets });
  for (let i = 0; i < warmup; i++) for (const c of cases) render(c);
  const samples = cases.map(() => new Float64Array(renders));
  const cpu = cases.map(() => 0);
  const started = performance.now();
  let done = 0;
  for (; done < renders && performance.now() - started < maxMs; done++) {
    cases.forEach((c, k) => {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      render(c);
      samples[k]![done] = performance.now() - t0;
      const used = process.cpuUsage(cpu0);
      cpu[k]! += (used.user + used.system) / 1000;
    });
  }
  return cases.map((c, k) => {
    const sorted = samples[k]!.subarray(0, done).sort();
    return {
      renders: done,
      medianMs: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      cpuMs: cpu[k]! / done,
      htmlBytes: Buffer.byteLength(render(c)),
    };
  });
}
