/**
 * What `npm run deploy -- --dry-run` gathers for scripts/lib/preflight.ts: from disk always, from
 * Cloudflare only with a token (wrangler, which never prompts). Nothing is written anywhere but a
 * temporary folder for wrangler's own dry run, removed after.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { BuildIndex } from '../../app/build-records';
import { kvKeys } from '../../app/kv-keys';
import { ROOT } from './bundle';
import { d1MigrationsOf, withD1 } from './d1-client';
import type { KvTarget } from './kv-cli';
import { appliedMigrationNames, migrationNames } from './migrations';
import { neededSecrets, preflight, type Preflight } from './preflight';
import { wranglerDryRun, type DryRun } from './dry-run';
import { runWrangler } from './wrangler';
import { WRANGLER_TOML, readWranglerToml } from './wrangler-toml';

export interface DryRunSources {
  env: string;
  /** the build to check (dist/ of the content just built) */
  outDir: string;
  wranglerToml?: string;
  envTypes?: string;
  /** where applied migrations are read: Cloudflare (with a token) or a local state; null skips */
  d1: KvTarget | null;
  /** read the secrets set on Cloudflare (with a token) */
  remoteSecrets: boolean;
  /** wrangler's dry run of this build, when it was measured already */
  measured?: DryRun;
}

const SecretList = z.array(z.object({ name: z.string() }));

/** The migrations D1 recorded as applied (wrangler's own table, d1_migrations unless `table` says); none before the first. */
export const appliedMigrations = (target: KvTarget, table?: string): Promise<string[]> =>
  withD1(target, (db) => appliedMigrationNames(db, table));

async function secretsOnCloudflare(env: string): Promise<string[]> {
  const out = await runWrangler(['secret', 'list', '--env', env, '--format', 'json']);
  return SecretList.parse(JSON.parse(out.slice(out.indexOf('[')))).map((s) => s.name);
}

async function webhookSecrets(outDir: string, id: string): Promise<string[]> {
  const records = z
    .array(z.object({ key: z.string(), value: z.string() }))
    .parse(JSON.parse(await readFile(join(outDir, 'kv', 'records.json'), 'utf8')));
  const index = records.find((r) => r.key === kvKeys.index(id));
  return index ? Object.values(BuildIndex.parse(JSON.parse(index.value)).webhooks).map((w) => w.secret) : [];
}

export async function deployDryRun(sources: DryRunSources, buildId: string): Promise<Preflight> {
  const tomlPath = sources.wranglerToml ?? WRANGLER_TOML;
  const config = readWranglerToml(tomlPath);
  const section = config.env?.[sources.env];
  const recorded = d1MigrationsOf(section, tomlPath);
  const migrations = await migrationNames(recorded.dir);
  const dryRunDir = await mkdtemp(join(tmpdir(), 'deploy-dry-run-'));
  try {
    const size = sources.measured ?? (await wranglerDryRun(sources.outDir, dryRunDir));
    return preflight({
      env: sources.env,
      config,
      envTypes: await readFile(sources.envTypes ?? join(ROOT, 'worker/env.d.ts'), 'utf8'),
      migrations,
      applied: sources.d1 ? await appliedMigrations(sources.d1, recorded.table) : null,
      secrets: section ? neededSecrets(section, await webhookSecrets(sources.outDir, buildId)) : [],
      secretsSet: sources.remoteSecrets ? await secretsOnCloudflare(sources.env) : null,
      uploadGzipBytes: Math.round(size.gzipKiB * 1024),
    });
  } finally {
    await rm(dryRunDir, { recursive: true, force: true });
  }
}
