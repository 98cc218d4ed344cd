/**
 * esbuild splits code by the set of entry points that reach it, and counts every dynamic import
 * as an entry point. A module the entry and a lazy part both import therefore lands in a chunk
 * per combination (the entry with the gallery, the entry with the router, ...): the first page
 * fetched 17 small chunks, each gzipped alone, about 3 KB more than the same code in one file.
 * esbuild does not know that a lazy part only ever runs after the entry, when everything the
 * entry imports is already there.
 *
 * So the client is built twice. The first build finds the modules the entry shares with lazy
 * parts; the second has the entry and every lazy part import them all (a lazy part runs after
 * the entry evaluated them, so the import costs nothing at run time), which gives them one
 * reaching set and so one chunk. The entry imports them too, so that the import's own code
 * (esbuild's wrappers of CommonJS modules such as React) lands in that chunk and not in one
 * of its own.
 */
import type { Metafile, Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';

/** The entry's output file in a metafile, and the outputs it imports statically, transitively. */
function firstLoadOutputs(metafile: Metafile, entryPoint: string): { entry: string; shared: string[] } {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file]!.entryPoint === entryPoint);
  if (!entry) throw new Error(`client bundle: no output for ${entryPoint}`);
  const seen = new Set([entry]);
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const { path, kind } of outputs[file]!.imports) {
      if (kind !== 'import-statement' || seen.has(path)) continue;
      seen.add(path);
      queue.push(path);
    }
  }
  seen.delete(entry);
  return { entry, shared: [...seen] };
}

export interface FirstLoadSplit {
  /** source modules (relative to the build's working directory) the entry shares with lazy parts */
  shared: string[];
  /** the sources of the entry and the lazy parts (every dynamic import's target) */
  entryPoints: string[];
}

/** From a first build's metafile: what the entry shares, and which sources start a chunk. */
export function firstLoadSplit(metafile: Metafile, entryPoint: string): FirstLoadSplit {
  const { shared } = firstLoadOutputs(metafile, entryPoint);
  const inputs = new Set(shared.flatMap((file) => Object.keys(metafile.outputs[file]!.inputs)));
  return {
    // esbuild's own helpers (`<runtime>`) come along by themselves.
    shared: [...inputs].filter((input) => !input.startsWith('<')).sort(),
    entryPoints: Object.values(metafile.outputs)
      .map((o) => o.entryPoint)
      .filter((p) => p !== undefined)
      .sort(),
  };
}

const SHARED_MODULE = 'first-load:shared';
const LOADERS = { '.ts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.jsx': 'jsx' } as const;

/** The second build's plugin: the entry and every lazy part open with an import of everything in `split.shared`. */
export function firstLoadInOneChunk(root: string, split: FirstLoadSplit): Plugin {
  const starts = new Set(split.entryPoints.map((p) => resolve(root, p)));
  return {
    name: 'first-load-in-one-chunk',
    setup(build) {
      build.onResolve({ filter: /^first-load:shared$/ }, () => ({ path: SHARED_MODULE, namespace: 'first-load' }));
      build.onLoad({ filter: /.*/, namespace: 'first-load' }, () => ({
        contents: split.shared.map((p) => `import ${JSON.stringify(resolve(root, p))};`).join('\n'),
        resolveDir: root,
        loader: 'js',
      }));
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        if (!starts.has(args.path)) return undefined;
        const loader = Object.hasOwn(LOADERS, extname(args.path)) ? LOADERS[extname(args.path) as keyof typeof LOADERS] : undefined;
        if (!loader) return undefined;
        // Imports are hoisted, so one more at the top changes nothing else in the module.
        return { contents: `import ${JSON.stringify(SHARED_MODULE)};\n${await readFile(args.path, 'utf8')}`, loader };
      });
    },
  };
}
