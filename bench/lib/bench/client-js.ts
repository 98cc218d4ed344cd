/**
 * The client JavaScript a page makes the browser load before it is interactive: the files its
 * HTML lists, anything they still import statically, and how much of that is React itself.
 */
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CLIENT_SYNTAX_TARGET, ROOT } from '../../../scripts/lib/bundle';

export const gzipSize = (data: string | Uint8Array) => gzipSync(data).length;

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
