/**
 * `wrangler deploy --dry-run`: the exact worker wrangler would upload and its size, offline,
 * for a build anywhere on disk. Used by the size test and the benchmark.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './bundle';
import { runWrangler } from './wrangler';

export interface DryRun {
  /** the worker file wrangler would upload */
  scriptPath: string;
  /** wrangler's own figures, KiB as it prints them */
  totalKiB: number;
  gzipKiB: number;
  /** our gzip (zlib default level) of the same file, as a cross-check */
  bytes: number;
  gzipBytes: number;
}

/** Wrangler's "Total Upload: 877.81 KiB / gzip: 235.00 KiB" line. */
export function parseUploadSize(output: string): { totalKiB: number; gzipKiB: number } | null {
  const m = /Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/.exec(output);
  return m ? { totalKiB: Number(m[1]), gzipKiB: Number(m[2]) } : null;
}

/**
 * `wrangler deploy --dry-run` for a build outside the repository: a copy of wrangler.toml
 * written into the build directory, with `main` and `[assets] directory` pointing at the
 * build (wrangler resolves both relative to the config file). Everything else (bindings,
 * compatibility date, no_bundle, keep_names) is the real file's.
 */
export async function wranglerDryRun(outDir: string, dryRunDir: string): Promise<DryRun> {
  const toml = await readFile(join(ROOT, 'wrangler.toml'), 'utf8');
  const copy = toml.replace(/^main\s*=.*$/m, 'main = "worker/index.js"').replace(/^directory\s*=\s*"dist\/public"\s*$/m, 'directory = "public"');
  if (!copy.includes('main = "worker/index.js"') || !copy.includes('directory = "public"')) {
    throw new Error('wrangler.toml: could not point `main` and `[assets] directory` at the temp build');
  }
  const config = join(outDir, 'wrangler.toml');
  await writeFile(config, copy);
  // --env="" targets the top-level environment (the file defines others).
  const out = await runWrangler(['deploy', '--dry-run', '--outdir', dryRunDir, '--config', config, '--env=']);
  const size = parseUploadSize(out);
  if (!size) throw new Error(`wrangler printed no upload size:\n${out}`);
  const scriptPath = join(dryRunDir, 'index.js');
  const code = await readFile(scriptPath);
  return { scriptPath, ...size, bytes: code.length, gzipBytes: gzipSync(code).length };
}
