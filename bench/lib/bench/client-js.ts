/**
 * The client JavaScript a page makes the browser load before it is interactive: the files its
 * HTML lists (the entry), what they import statically, the language chunk the entry imports
 * before it hydrates, and how much of that is React itself.
 */
import { build } from 'esbuild';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CLIENT_SYNTAX_TARGET, ROOT } from '../../../scripts/lib/bundle';

export const gzipSize = (data: string | Uint8Array) => gzipSync(data).length;

/** How the browser comes to fetch a file: listed in the HTML, imported statically, or on demand. */
export type LoadedVia = 'html' | 'static import' | 'language chunk';

export interface ClientJs {
  /** the files the browser fetches before the page hydrates */
  files: { url: string; bytes: number; gzipBytes: number; via: LoadedVia }[];
  totalGzipBytes: number;
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

/** The language chunk (`/_app/chunks/{lang}.{hash}.js`) the entry imports for a page in `lang`. */
export async function languageChunk(publicDir: string, lang: string): Promise<string> {
  const names = (await readdir(join(publicDir, '_app', 'chunks'))).filter((n) => new RegExp(`^${lang}\\.[A-Z0-9]+\\.js$`).test(n));
  if (names.length !== 1) throw new Error(`client JS: expected one language chunk for "${lang}", found ${names.length}`);
  return `/_app/chunks/${names[0]!}`;
}

/**
 * `html`'s scripts, `onDemand` (chunks the entry imports before hydrating: the page's language),
 * and every static import reachable from them, each fetched once.
 */
export async function clientJs(html: string, publicDir: string, onDemand: readonly string[] = []): Promise<ClientJs> {
  const load = async (url: string, via: LoadedVia) => {
    const code = await readFile(join(publicDir, url));
    return { url, code: code.toString('utf8'), bytes: code.length, gzipBytes: gzipSize(code), via };
  };
  const listed = scriptsOfHtml(html);
  const files = await Promise.all([
    ...listed.map((url) => load(url, 'html')),
    ...onDemand.filter((url) => !listed.includes(url)).map((url) => load(url, 'language chunk')),
  ]);
  // Walk the static import graph: what a file imports is fetched once the file arrives.
  // Bounded by the file count.
  const seen = new Set(files.map((f) => f.url));
  for (let i = 0; i < files.length && i < 1000; i++) {
    for (const spec of staticImports(files[i]!.code)) {
      const target = new URL(spec, `https://x${files[i]!.url}`).pathname;
      if (seen.has(target)) continue;
      seen.add(target);
      files.push(await load(target, 'static import'));
    }
  }
  const totalGzipBytes = files.reduce((a, f) => a + f.gzipBytes, 0);
  const reactBaselineGzipBytes = await reactBaselineGzip();
  return {
    files: files.map(({ url, bytes, gzipBytes, via }) => ({ url, bytes, gzipBytes, via })),
    totalGzipBytes,
    reactBaselineGzipBytes,
    ownGzipBytes: totalGzipBytes - reactBaselineGzipBytes,
  };
}
