/**
 * `wrangler deploy --dry-run`: the exact worker wrangler would upload and its size, offline,
 * for a build anywhere on disk. Used by the size test and the benchmark.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { runWrangler } from './wrangler';
import { writeWranglerConfigFor } from './wrangler-config';

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

/** `wrangler deploy --dry-run` for a build anywhere on disk (see wrangler-config.ts). */
export async function wranglerDryRun(outDir: string, dryRunDir: string): Promise<DryRun> {
  const config = await writeWranglerConfigFor(outDir);
  // --env="" targets the top-level environment (the file defines others).
  const out = await runWrangler(['deploy', '--dry-run', '--outdir', dryRunDir, '--config', config, '--env=']);
  const size = parseUploadSize(out);
  if (!size) throw new Error(`wrangler printed no upload size:\n${out}`);
  const scriptPath = join(dryRunDir, 'index.js');
  const code = await readFile(scriptPath);
  return { scriptPath, ...size, bytes: code.length, gzipBytes: gzipSync(code).length };
}
