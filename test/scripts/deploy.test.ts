/**
 * DevOps commands that need Cloudflare stop at once, with a clear message, when they cannot work.
 * The commands run in this process (test/support/script-in-process.ts); one test spawns the
 * real CLI to prove the wiring from `tsx scripts/NAME.ts` to the exit code and stderr.
 */
import { spawnSync } from 'node:child_process';
import { cp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyD1Migrations } from '../../scripts/lib/d1-client';
import { deployDryRun } from '../../scripts/lib/deploy-dry-run';
import { wranglerDryRun, type DryRun } from '../../scripts/lib/dry-run';
import { DEFAULT_GC_KEEP_BUILDS } from '../../scripts/lib/gc-plan';
import { REPO_CONTENT, REPO_ROOT, buildForTest, tempDir, type BuiltSite } from '../support/built-site';
import { runScriptInProcess } from '../support/script-in-process';

const run = (script: string, args: string[]) => runScriptInProcess(script, args, { unsetEnv: ['CLOUDFLARE_API_TOKEN'] });

function spawnCli(script: string, args: string[]) {
  const env = { ...process.env };
  delete env.CLOUDFLARE_API_TOKEN;
  const started = Date.now();
  const result = spawnSync(join(REPO_ROOT, 'node_modules/.bin/tsx'), [`scripts/${script}.ts`, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env,
    timeout: 60_000,
  });
  return { ...result, ms: Date.now() - started };
}

describe('without CLOUDFLARE_API_TOKEN', () => {
  test.each([
    ['deploy', ['--env', 'production']],
    ['publish', ['--remote']],
    ['builds', ['--remote']],
    ['rollback', ['0123456789abcdef', '--remote']],
    ['gc', ['--keep', '3', '--remote']],
  ])('npm run %s against Cloudflare fails fast and says why', async (script, args) => {
    const result = await run(script, args);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('CLOUDFLARE_API_TOKEN is not set');
    expect(result.ms).toBeLessThan(20_000);
  });
});

describe('usage mistakes', () => {
  test('deploy without --env says how to call it (the real CLI, spawned)', () => {
    const result = spawnCli('deploy', []);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('usage: npm run deploy -- --env production|preview');
  });

  test('a draft deploy to production is refused before anything is built or uploaded', async () => {
    const result = await run('deploy', ['--env', 'production', '--draft']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('a draft deploys to a preview environment only');
    expect(result.stdout).not.toContain('built ');
  });

  test('rollback with a --message of nothing says to give a reason', async () => {
    const result = await run('rollback', ['--previous', '--message', '  ', '--local']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('error: --message: say why in a few words\n');
  });

  test('a draft deploy with a name that is no safe host name is refused before anything is built or uploaded', async () => {
    const result = await run('deploy', ['--env', 'preview', '--draft', 'Spring.Campaign']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('"Spring.Campaign" is not a draft name');
    expect(result.stdout).not.toContain('built ');
  });

  test('rollback without a build id says how to call it', async () => {
    const result = await run('rollback', ['--local']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('usage: npm run rollback -- BUILD_ID');
  });

  test('gc with a --keep that is not a count says so in one line, with how to call it and its default', async () => {
    const result = await run('gc', ['--keep', 'all', '--local']);
    expect(result.status).toBe(1);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('--keep "all" is not a whole number of builds');
    expect(result.stderr).toContain('usage: npm run gc -- --keep N');
    expect(result.stderr).toContain(`default ${DEFAULT_GC_KEEP_BUILDS}`);
  });
});

describe('what wrangler would upload, and what a deploy depends on', () => {
  // A copy of the run's build of the repository's content: the dry run writes a wrangler.toml
  // into the build folder, and the shared one is read-only.
  let site: Pick<BuiltSite, 'outDir' | 'build'>;
  let dryRunDir: string;
  let measured: DryRun;
  beforeAll(async () => {
    const built = await buildForTest(REPO_CONTENT);
    site = { outDir: await tempDir('deploy-dist'), build: built.build };
    await cp(built.outDir, site.outDir, { recursive: true });
    await built.cleanup();
    dryRunDir = await tempDir('dry-run');
    measured = await wranglerDryRun(site.outDir, dryRunDir);
  }, 120_000);
  afterAll(async () => {
    if (site) await rm(site.outDir, { recursive: true, force: true });
    if (dryRunDir) await rm(dryRunDir, { recursive: true, force: true });
  });

  test('the worker bundle from `wrangler deploy --dry-run` stays under 1 MiB gzip', () => {
    expect(measured.gzipKiB).toBeGreaterThan(10);
    expect(measured.gzipKiB * 1024).toBeLessThan(1024 * 1024);
  });

  test('on a tree with a placeholder id and a migration the local D1 lacks, the dry run names both', async () => {
    const tree = await tempDir('deploy-tree');
    const state = await tempDir('deploy-tree-state');
    try {
      await cp(join(REPO_ROOT, 'wrangler.toml'), join(tree, 'wrangler.toml'));
      await cp(join(REPO_ROOT, 'migrations'), join(tree, 'migrations'), { recursive: true });
      // Applied and recorded in wrangler's d1_migrations table, as npm start does; then one more arrives.
      await applyD1Migrations({ mode: 'local', env: 'production', persistTo: state, config: join(tree, 'wrangler.toml') });
      await writeFile(join(tree, 'migrations', '0099_form_entries_note.sql'), 'ALTER TABLE form_entries ADD COLUMN note TEXT;\n');
      const result = await deployDryRun(
        {
          env: 'production',
          outDir: site.outDir,
          wranglerToml: join(tree, 'wrangler.toml'),
          d1: { mode: 'local', env: 'production', persistTo: state },
          remoteSecrets: false,
          measured,
        },
        site.build.id,
      );
      expect(result.problems).toEqual([
        expect.stringContaining('env.production.kv_namespaces[0].id is still a placeholder (REPLACE_WITH_PRODUCTION_KV_NAMESPACE_ID)'),
        expect.stringContaining('env.production.d1_databases[0].database_id is still a placeholder'),
        expect.stringMatching(/^D1 migration 0099_form_entries_note.sql is not applied to edge-site-forms yet/),
      ]);
    } finally {
      await rm(tree, { recursive: true, force: true });
      await rm(state, { recursive: true, force: true });
    }
    // The migrations applied, a workerd to read them back and wrangler's dry run: over 60 s once,
    // niced in a full run beside callgrind.
  }, 120_000);

  test('npm run deploy -- --dry-run without a token prints one line per problem, names the skipped checks and exits 1', async () => {
    const result = await run('deploy', ['--env', 'production', '--dry-run', '--dist', site.outDir]);
    expect(result.status).toBe(1);
    const problems = result.stderr.split('\n').filter((line) => line.startsWith('problem: '));
    expect(problems).toEqual([
      expect.stringContaining('kv_namespaces[0].id is still a placeholder'),
      expect.stringContaining('d1_databases[0].database_id is still a placeholder'),
    ]);
    expect(result.stderr).toContain('error: 2 problem(s) before a deploy to production; nothing was changed');
    expect(result.stdout).toContain('skipped: D1 migrations applied on Cloudflare (needs CLOUDFLARE_API_TOKEN)');
    expect(result.stdout).toContain('skipped: secrets set on Cloudflare (needs CLOUDFLARE_API_TOKEN)');
  }, 60_000);
});
