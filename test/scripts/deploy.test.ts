/**
 * DevOps commands that need Cloudflare stop at once, with a clear message, when they cannot work.
 * The commands run in this process (test/support/script-in-process.ts); one test spawns the
 * real CLI to prove the wiring from `tsx scripts/NAME.ts` to the exit code and stderr.
 */
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { wranglerDryRun } from '../../scripts/lib/dry-run';
import { DEFAULT_GC_KEEP_BUILDS } from '../../scripts/lib/gc-plan';
import { REPO_CONTENT, REPO_ROOT, buildPrivately, tempDir } from '../support/built-site';
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

  test('gc with a --keep that is not a count says how to call it, and its default', async () => {
    const result = await run('gc', ['--keep', 'all', '--local']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('usage: npm run gc -- --keep N');
    expect(result.stderr).toContain(`default ${DEFAULT_GC_KEEP_BUILDS}`);
  });
});

describe('what wrangler would upload', () => {
  test('the worker bundle from `wrangler deploy --dry-run` stays under 1 MiB gzip', async () => {
    // Its own build: the dry run writes a wrangler.toml into the build folder.
    const site = await buildPrivately(REPO_CONTENT);
    const out = await tempDir('dry-run');
    try {
      const dryRun = await wranglerDryRun(site.outDir, out);
      expect(dryRun.gzipKiB).toBeGreaterThan(10);
      expect(dryRun.gzipKiB * 1024).toBeLessThan(1024 * 1024);
    } finally {
      await site.cleanup();
      await rm(out, { recursive: true, force: true });
    }
  }, 120_000);
});
