/**
 * esbuild for both sides: the client (hashed, split, minified, production React, lowered for
 * the oldest supported browsers) and the worker (one ESM file for workerd, uploaded as is).
 */
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import type { ClientAssets } from '../../app/build-records';
import { firstLoadInOneChunk, firstLoadSplit } from './first-load-chunk';
import { inputMemo } from './input-memo';

export const ROOT = new URL('../../', import.meta.url).pathname;

/**
 * The language level every supported browser runs (the oldest, Chrome 64 and Safari 12,
 * stop short of ES2018's syntax). Per-browser targets would be finer, but esbuild then refuses
 * destructuring outright because one subtest of its compatibility table fails in an old engine.
 */
export const CLIENT_SYNTAX_TARGET = 'es2017';

const production = { 'process.env.NODE_ENV': '"production"' };

const CLIENT_ENTRY = 'app/client/entry.tsx';

/**
 * `codeLabel`: a comment at the top of every client script. It changes the code (and so every
 * hashed name and the code id) without changing a source file: a deploy label, and how the
 * version-skew tests make "a new client" from the same sources.
 */
export async function bundleClient(
  publicDir: string,
  codeLabel?: string,
): Promise<{ assets: ClientAssets; files: string[]; inputs: string[] }> {
  const outdir = resolve(ROOT, publicDir, '_app');
  const options = {
    absWorkingDir: ROOT,
    entryPoints: { entry: CLIENT_ENTRY },
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
    ...(codeLabel ? { banner: { js: `/* ${codeLabel.replace(/\*\//g, '')} */` } } : {}),
  } satisfies BuildOptions;
  // The first build only finds what the entry shares with lazy parts (./first-load-chunk.ts).
  const probe = await build({ ...options, write: false });
  const result = await build({ ...options, plugins: [firstLoadInOneChunk(ROOT, firstLoadSplit(probe.metafile, CLIENT_ENTRY))] });
  const assets = clientAssetsFrom(result.metafile, publicDir);
  await markCalledOnLoad(resolve(ROOT, publicDir, assets.entry.slice(1)));
  const head = await bundleHeadScript();
  return {
    assets: { ...assets, headScript: { code: head.code, hash: head.hash } },
    files: Object.keys(result.metafile.outputs),
    inputs: [...sourceFiles(result.metafile), ...head.inputs],
  };
}

/**
 * V8's explicit compile hint (Chrome 136+, https://v8.dev/blog/explicit-compile-hints): every
 * function in the file is compiled while the script streams in, on a background thread. The
 * entry holds React, and hydration calls most of it; compiled lazily, React's module wrapper
 * alone took about 20 ms of full parse on the main thread, inside the page's longest task
 * (the one that costs Lighthouse's blocking time). Only the entry is marked: the lazy chunks
 * are small or mostly unused on a given page. Other browsers read a comment. The hint must
 * open the file, so it goes before the code label; the hashed name stays esbuild's.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

async function markCalledOnLoad(file: string): Promise<void> {
  await writeFile(file, COMPILE_HINT + (await readFile(file, 'utf8')));
}

/**
 * The page's first script (app/client/head-script.ts): the chunk-reload guard, which must listen
 * before the stylesheet and preload tags, so it is inlined in <head> rather than fetched. The CSP
 * allows inline scripts only by hash, so the hash is taken here, of the exact text the worker writes.
 */
export async function bundleHeadScript(): Promise<NonNullable<ClientAssets['headScript']> & { inputs: string[] }> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['app/client/head-script.ts'],
    bundle: true,
    format: 'iife',
    minify: true,
    target: CLIENT_SYNTAX_TARGET,
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const code = result.outputFiles[0]!.text.trim();
  // It goes into the HTML as it is: nothing in it may end the element or open a comment.
  if (/<\/script|<!--/i.test(code)) throw new Error('app/client/head-script.ts cannot be inlined: its code holds "</script" or "<!--"');
  return { code, hash: `'sha256-${createHash('sha256').update(code).digest('base64')}'`, inputs: sourceFiles(result.metafile) };
}

/**
 * The files a bundle was read from, as absolute paths. esbuild's metafile also lists inputs that
 * are no file: a plugin's module (`first-load:…`, namespace first) and a define (`<define:…>`).
 * A memo that watched those would find them missing, take that for an edit, and never keep a value.
 */
function sourceFiles(metafile: Metafile): string[] {
  return Object.keys(metafile.inputs)
    .filter((path) => !path.startsWith('<') && !/^[\w-]+:/.test(path))
    .map((path) => resolve(ROOT, path));
}

function clientAssetsFrom(metafile: Metafile, publicDir: string): ClientAssets {
  const url = (file: string) => '/' + relative(resolve(ROOT, publicDir), resolve(ROOT, file)).split('\\').join('/');
  const outputs = Object.entries(metafile.outputs);
  const [entryFile, entryOut] = outputs.find(([, o]) => o.entryPoint === CLIENT_ENTRY)!;
  return {
    entry: url(entryFile),
    css: entryOut.cssBundle ? [url(entryOut.cssBundle)] : [],
  };
}

/** How code that runs in workerd is bundled: the worker, and the bench's copy of its renderer. */
export const WORKERD_BUILD_OPTIONS = {
  absWorkingDir: ROOT,
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  // workerd first: react-dom/server resolves to its edge build (no MessageChannel needed).
  conditions: ['workerd', 'worker', 'browser'],
  mainFields: ['module', 'main'],
  target: 'es2022',
  minify: true,
  jsx: 'automatic',
  define: production,
  external: ['cloudflare:*', 'node:*'],
  legalComments: 'none',
  logLevel: 'warning',
} satisfies BuildOptions;

/** Also returns esbuild's metafile: it names every input, which is how a test proves no browser-only module reaches the worker. */
export async function buildWorker(assets: ClientAssets, outfile: string): Promise<Metafile> {
  const result = await build({
    ...WORKERD_BUILD_OPTIONS,
    entryPoints: ['worker/index.ts'],
    outfile: resolve(ROOT, outfile),
    define: { ...production, __CLIENT_ASSETS__: JSON.stringify(assets) },
    metafile: true,
  });
  return result.metafile;
}

/** A build's code: its client files, by path below the public folder (`_app/...`), and its worker. */
export interface CodeBundles {
  assets: ClientAssets;
  clientFiles: { path: string; text: string }[];
  workerCode: string;
  /** whether this process had bundled the same sources under the same label already (no esbuild run) */
  reused: boolean;
}

/**
 * Kept for the process, and in EDGE_SITE_BUNDLE_CACHE when it names a folder: `npm test` gives
 * its processes one for the run, so each of its servers, CLIs and vitest processes does not
 * bundle the same code again (about 1.6 CPU-seconds each).
 */
const codeBundles = inputMemo<Omit<CodeBundles, 'reused'>>({ store: process.env.EDGE_SITE_BUNDLE_CACHE || undefined });

/**
 * The client bundle into `publicDir` and the worker into `workerOutfile`, as a build writes them.
 * The same sources under the same label are bundled once per process (scripts/lib/input-memo.ts):
 * a later build gets the same files written into its own folders.
 */
export async function bundleCode(publicDir: string, workerOutfile: string, codeLabel?: string): Promise<CodeBundles> {
  const publicRoot = resolve(ROOT, publicDir);
  const workerFile = resolve(ROOT, workerOutfile);
  const { value, reused } = await codeBundles.get(codeLabel ?? '', async () => {
    const client = await bundleClient(publicDir, codeLabel);
    const worker = await buildWorker(client.assets, workerFile);
    const clientFiles = await Promise.all(
      client.files.sort().map(async (file) => ({
        path: relative(publicRoot, resolve(ROOT, file)).split('\\').join('/'),
        text: await readFile(resolve(ROOT, file), 'utf8'),
      })),
    );
    return {
      value: { assets: client.assets, clientFiles, workerCode: await readFile(workerFile, 'utf8') },
      inputs: [...client.inputs, ...sourceFiles(worker)],
    };
  });
  if (reused) {
    const write = async (file: string, text: string) => {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, text);
    };
    await Promise.all([...value.clientFiles.map((f) => write(resolve(publicRoot, f.path), f.text)), write(workerFile, value.workerCode)]);
  }
  return { ...value, reused };
}
