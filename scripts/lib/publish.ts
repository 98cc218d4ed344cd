/**
 * Writes a build's KV records with `wrangler kv bulk put`: payloads, index and manifest first,
 * the `builds/latest.json` pointer last and alone, so a publish that dies halfway leaves the
 * live site on the previous, complete build.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { KvRecord } from './build-records';
import { runWrangler } from './wrangler';

export const KV_BINDING = 'SITE_KV';
/** wrangler accepts up to 10 000 pairs per bulk put; stay well below. */
const BULK_CHUNK = 5_000;

const KvRecords = z.array(z.object({ key: z.string().min(1), value: z.string() }));

export interface PublishTarget {
  mode: 'local' | 'remote';
  /** wrangler environment (`--env`) */
  env?: string;
  /** local state directory (`--persist-to`), for local mode */
  persistTo?: string;
}

export async function readBuildRecords(distDir: string): Promise<{ records: KvRecord[]; pointer: KvRecord[] }> {
  const read = async (file: string) => KvRecords.parse(JSON.parse(await readFile(join(distDir, 'kv', file), 'utf8')));
  return { records: await read('records.json'), pointer: await read('pointer.json') };
}

function targetArgs({ mode, env, persistTo }: PublishTarget): string[] {
  const args = [mode === 'local' ? '--local' : '--remote'];
  if (env) args.push('--env', env);
  if (mode === 'local' && persistTo) args.push('--persist-to', persistTo);
  return args;
}

export async function bulkPut(records: KvRecord[], target: PublishTarget): Promise<void> {
  if (records.length === 0) return;
  const dir = await mkdtemp(join(tmpdir(), 'edge-site-publish-'));
  try {
    for (let i = 0; i < records.length; i += BULK_CHUNK) {
      const file = join(dir, `chunk-${i}.json`);
      await writeFile(file, JSON.stringify(records.slice(i, i + BULK_CHUNK)));
      await runWrangler(['kv', 'bulk', 'put', file, '--binding', KV_BINDING, ...targetArgs(target)]);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function publishBuild(distDir: string, target: PublishTarget): Promise<{ written: number }> {
  const { records, pointer } = await readBuildRecords(distDir);
  await bulkPut(records, target);
  await bulkPut(pointer, target);
  return { written: records.length + pointer.length };
}
