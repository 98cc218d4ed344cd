/**
 * esbuild for both sides: the client (hashed, split, minified, production React, lowered for
 * the oldest supported browsers) and the worker (one ESM file for workerd, uploaded as is).
 */
import { build, type Metafile } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { ClientAssets } from '../../app/build-records';
import { MIN_SUPPORTED_MAJOR } from '../../app/browser-support';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const APP_BASE = '/_app/';

/**
 * The language level every supported browser runs (the oldest, Chrome 64 and Safari 12,
 * stop short of ES2018's syntax). Per-browser targets would be finer, but esbuild then refuses
 * destructuring outright because one subtest of its compatibility table fails in an old engine.
 */
export const CLIENT_SYNTAX_TARGET = 'es2017';
/** For the record in build.json: the browsers CLIENT_SYNTAX_TARGET is chosen for. */
export const CLIENT_BROWSERS = Object.entries(MIN_SUPPORTED_MAJOR)
  .filter(([, v]) => Number.isFinite(v))
  .map(([name, v]) => `${name}${v}`);

const production = { 'process.env.NODE_ENV': '"production"' };

export async function bundleClient(publicDir: string): Promise<{ assets: ClientAssets; files: string[] }> {
  const outdir = resolve(ROOT, publicDir, '_app');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { entry: 'app/client/entry.tsx' },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: CLIENT_SYNTAX_TARGET,
    outdir,
    entryNames: '[name].[hash]',
    chunkNames: 'chunks/[name].[hash]',
    assetNames: 'assets/[name].[hash]',
    jsx: 'automatic',
    define: production,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return { assets: clientAssetsFrom(result.metafile, publicDir), files: Object.keys(result.metafile.outputs) };
}

function clientAssetsFrom(metafile: Metafile, publicDir: string): ClientAssets {
  const url = (file: string) => '/' + relative(resolve(ROOT, publicDir), resolve(ROOT, file)).split('\\').join('/');
  const [entryFile, entryOut] = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === 'app/client/entry.tsx')!;
  return {
    entry: url(entryFile),
    css: entryOut.cssBundle ? [url(entryOut.cssBundle)] : [],
    // Static imports of the entry are needed before it can run: preload them in parallel.
    preload: entryOut.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => url(i.path)),
  };
}

export async function bundleWorker(assets: ClientAssets, outfile: string): Promise<string> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['worker/index.ts'],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    // workerd first: react-dom/server resolves to its edge build (no MessageChannel needed).
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    target: 'es2022',
    minify: true,
    outfile: resolve(ROOT, outfile),
    jsx: 'automatic',
    define: { ...production, __CLIENT_ASSETS__: JSON.stringify(assets) },
    external: ['cloudflare:*', 'node:*'],
    legalComments: 'none',
    logLevel: 'warning',
  });
  return readFile(resolve(ROOT, outfile), 'utf8');
}
