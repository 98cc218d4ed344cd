/**
 * What the bench measures outside the load runs: server render time in Node, and the client
 * JavaScript a page makes the browser load before it is interactive.
 *
 * Render time is taken in Node, on the worker's own `renderView`, because workerd freezes
 * timers during a request (Date.now() and performance.now() only move on I/O), so a worker
 * cannot time its own CPU work.
 */
import { build } from 'esbuild';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { ClientAssets, Payload } from '../../../app/build-records';
import type { View } from '../../../app/view';
import { kvKeys } from '../../../app/kv-keys';
import type { renderView as RenderViewFn } from '../../../worker/render/render-view';
import type { BuildOutput } from '../build-records';
import { CLIENT_SYNTAX_TARGET, ROOT, WORKERD_BUILD_OPTIONS } from '../bundle';
import { percentile } from './load-gen';

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

export const gzipSize = (data: string | Uint8Array) => gzipSync(data).length;

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

export interface ClientJs {
  /**
   * the files the browser fetches before the entry can run: those the HTML lists, and any
   * further static import (listed: false, a waterfall the preloads do not cover)
   */
  files: { url: string; bytes: number; gzipBytes: number; listed: boolean }[];
  totalGzipBytes: number;
  /** static imports reachable from the entry that the HTML does not preload (a waterfall) */
  notPreloaded: string[];
  reactBaselineGzipBytes: number;
  /** total minus the bare React baseline: what the site's own code costs */
  ownGzipBytes: number;
}

/** `<script type="module" src>` and `<link rel="modulepreload" href>` of a page. */
export function scriptsOfHtml(html: string): string[] {
  const urls: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) urls.push(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) urls.push(m[1]!);
  return [...new Set(urls)];
}

/** Static `import … from "./x.js"` / `import "./x.js"` specifiers of a minified ES module. */
export function staticImports(code: string): string[] {
  const out = new Set<string>();
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) out.add(m[1]!);
  return [...out];
}

/**
 * A bare React 19 app: `hydrateRoot` of one element, bundled like the site's client
 * (esbuild, minified, production React, same syntax target). Nearly all of it is react-dom.
 */
export async function reactBaselineGzip(): Promise<number> {
  const result = await build({
    absWorkingDir: ROOT,
    stdin: {
      contents: `import { createElement } from 'react';\nimport { hydrateRoot } from 'react-dom/client';\nhydrateRoot(document.getElementById('app'), createElement('div'));\n`,
      resolveDir: ROOT,
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    minify: true,
    target: CLIENT_SYNTAX_TARGET,
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
  });
  return gzipSize(result.outputFiles[0]!.contents);
}

export async function clientJs(html: string, publicDir: string): Promise<ClientJs> {
  const listed = scriptsOfHtml(html);
  const load = async (url: string, isListed: boolean) => {
    const code = await readFile(join(publicDir, url));
    return { url, code: code.toString('utf8'), bytes: code.length, gzipBytes: gzipSize(code), listed: isListed };
  };
  const files = await Promise.all(listed.map((url) => load(url, true)));
  // Walk the static import graph from what the page lists: anything reachable but not listed
  // is needed too, and fetched only after its importer arrives. Bounded by the file count.
  const seen = new Set(listed);
  for (let i = 0; i < files.length && i < 1000; i++) {
    for (const spec of staticImports(files[i]!.code)) {
      const target = new URL(spec, `https://x${files[i]!.url}`).pathname;
      if (seen.has(target)) continue;
      seen.add(target);
      files.push(await load(target, false));
    }
  }
  const totalGzipBytes = files.reduce((a, f) => a + f.gzipBytes, 0);
  const reactBaselineGzipBytes = await reactBaselineGzip();
  return {
    files: files.map(({ url, bytes, gzipBytes, listed: isListed }) => ({ url, bytes, gzipBytes, listed: isListed })),
    totalGzipBytes,
    notPreloaded: files.filter((f) => !f.listed).map((f) => f.url),
    reactBaselineGzipBytes,
    ownGzipBytes: totalGzipBytes - reactBaselineGzipBytes,
  };
}
