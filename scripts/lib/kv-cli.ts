/**
 * Workers KV from Node scripts, through `wrangler kv` (local state or the real namespace).
 * Batched: every wrangler call costs about a second, so reads and writes go in bulk.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { runWrangler } from './wrangler';

export const KV_BINDING = 'SITE_KV';
/** wrangler accepts up to 10 000 pairs per bulk call; stay well below. */
const BULK_CHUNK = 5_000;

export interface KvRecord {
  key: string;
  value: string;
  /** KV metadata: small JSON that `listWithMetadata` returns without reading the value */
  metadata?: Record<string, unknown>;
}

export interface KvTarget {
  mode: 'local' | 'remote';
  /** wrangler environment (`--env`) */
  env?: string;
  /** local state directory (`--persist-to`), for local mode */
  persistTo?: string;
}

/** What the publishing scripts need of KV; the wrangler client below is the real one. */
export interface KvClient {
  list(prefix: string): Promise<string[]>;
  /** key -> its metadata (undefined when it has none), in one listing */
  listWithMetadata(prefix: string): Promise<Map<string, unknown>>;
  getMany(keys: string[]): Promise<Map<string, string | null>>;
  putMany(records: KvRecord[]): Promise<void>;
  deleteMany(keys: string[]): Promise<void>;
}

const ListAnswer = z.array(z.object({ name: z.string(), metadata: z.unknown().optional() }));
const GetAnswer = z.record(z.string(), z.object({ value: z.string().nullable() }));

/** The JSON document in wrangler's standard output (it may print a status line after it). */
function jsonIn(stdout: string): unknown {
  const start = stdout.search(/[[{]/);
  const end = Math.max(stdout.lastIndexOf('}'), stdout.lastIndexOf(']'));
  if (start === -1 || end < start) throw new Error(`wrangler printed no JSON: ${stdout.slice(0, 200)}`);
  return JSON.parse(stdout.slice(start, end + 1));
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BULK_CHUNK) out.push(items.slice(i, i + BULK_CHUNK));
  return out;
}

export function wranglerKv(target: KvTarget): KvClient {
  const where = [target.mode === 'local' ? '--local' : '--remote', '--binding', KV_BINDING];
  if (target.env) where.push('--env', target.env);
  if (target.mode === 'local' && target.persistTo) where.push('--persist-to', target.persistTo);

  async function withFile<T>(content: unknown, run: (file: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(join(tmpdir(), 'edge-site-kv-'));
    try {
      const file = join(dir, 'batch.json');
      await writeFile(file, JSON.stringify(content));
      return await run(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async function listWithMetadata(prefix: string): Promise<Map<string, unknown>> {
    const out = await runWrangler(['kv', 'key', 'list', '--prefix', prefix, ...where]);
    return new Map(ListAnswer.parse(jsonIn(out)).map((k) => [k.name, k.metadata]));
  }

  return {
    async list(prefix) {
      return [...(await listWithMetadata(prefix)).keys()];
    },
    listWithMetadata,
    async getMany(keys) {
      const found = new Map<string, string | null>();
      for (const batch of chunks(keys)) {
        const out = await withFile(batch, (file) => runWrangler(['kv', 'bulk', 'get', file, ...where]));
        for (const [key, { value }] of Object.entries(GetAnswer.parse(jsonIn(out)))) found.set(key, value);
      }
      return found;
    },
    async putMany(records) {
      for (const batch of chunks(records)) await withFile(batch, (file) => runWrangler(['kv', 'bulk', 'put', file, ...where]));
    },
    async deleteMany(keys) {
      for (const batch of chunks(keys)) await withFile(batch, (file) => runWrangler(['kv', 'bulk', 'delete', file, '--force', ...where]));
    },
  };
}
