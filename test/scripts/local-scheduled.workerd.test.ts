/**
 * The cron, locally: `npm run forms -- sweep` runs the scheduled handler of the running dev
 * server through wrangler's dev registry (scripts/lib/local-scheduled.ts). The dev server here
 * is a workerd with static assets, registered in a registry folder of this file, as `wrangler
 * dev` registers itself; the command runs in this process.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { devRegistryPath, triggerScheduled } from '../../scripts/lib/local-scheduled';
import { getEntry, insertEntry, markNotQueued } from '../../worker/forms/entries';
import { REPO_CONTENT, buildForTest, type BuiltSite } from '../support/built-site';
import { contactEntry } from '../support/form-site';
import { runScriptInProcess } from '../support/script-in-process';
import { startWorker, type TestWorker } from '../support/workerd';

let site: BuiltSite;
let registry: string;
let worker: TestWorker;

beforeAll(async () => {
  site = await buildForTest(REPO_CONTENT);
  registry = await mkdtemp(join(tmpdir(), 'edge-site-registry-'));
  worker = await startWorker(site, { devRegistry: { path: registry, name: 'edge-site' } });
});
afterAll(async () => {
  await worker?.close();
  if (registry) await rm(registry, { recursive: true, force: true });
  await site?.cleanup();
});

async function sweepCommand(args: string[] = []) {
  const saved = process.env.WRANGLER_REGISTRY_PATH;
  process.env.WRANGLER_REGISTRY_PATH = registry;
  try {
    return await runScriptInProcess('forms', ['sweep', ...args], { unsetEnv: ['CLOUDFLARE_API_TOKEN'] });
  } finally {
    if (saved === undefined) delete process.env.WRANGLER_REGISTRY_PATH;
    else process.env.WRANGLER_REGISTRY_PATH = saved;
  }
}

describe('npm run forms -- sweep', () => {
  test('runs the dev server’s scheduled handler: a pending entry the queue does not have is queued, and retention runs', async () => {
    const db = await worker.d1();
    await insertEntry(db, contactEntry('sweep-1', site.build.id));
    await markNotQueued(db, 'sweep-1');
    const run = await sweepCommand();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^scheduled handler of edge-site ran at \d{4}-\d\d-\d\dT/);
    const logs = worker.logs.join('');
    expect(logs).toContain('{"type":"form-delivery","outcome":"queued","entries":1}');
    expect(logs).toContain('{"type":"form-retention","deleted":0');
    expect((await getEntry(db, 'sweep-1'))!.queued_at).not.toBeNull();
  });

  test('the handler runs at the time it is given, as the cron trigger’s scheduled time', async () => {
    const time = Date.UTC(2030, 0, 1);
    await triggerScheduled({ registry, worker: 'edge-site', time, cron: '*/5 * * * *' });
    // Retention deletes what was received before the run's time less FORM_RETENTION_DAYS (180).
    expect(worker.logs.join('')).toContain(`"receivedBefore":"${new Date(time - 180 * 86_400_000).toISOString()}"`);
  });

  test('without a dev server of that worker it says to start one', async () => {
    await expect(triggerScheduled({ registry, worker: 'edge-site-preview', time: Date.now(), cron: '*/5 * * * *' })).rejects.toThrow(
      /^no dev server of "edge-site-preview" is running: start one with npm start/,
    );
    const run = await sweepCommand(['--env', 'nowhere']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('wrangler.toml has no environment "nowhere"');
  });

  test('--remote is refused: on Cloudflare the cron trigger runs it', async () => {
    const saved = process.env.CLOUDFLARE_API_TOKEN;
    process.env.CLOUDFLARE_API_TOKEN = 'unused-by-this-refusal';
    try {
      const run = await runScriptInProcess('forms', ['sweep', '--remote', '--env', 'production']);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('sweep runs on the local dev server');
    } finally {
      if (saved === undefined) delete process.env.CLOUDFLARE_API_TOKEN;
      else process.env.CLOUDFLARE_API_TOKEN = saved;
    }
  });
});

describe('where the dev registry is', () => {
  test('WRANGLER_REGISTRY_PATH first, else wrangler’s config folder', () => {
    expect(devRegistryPath({ WRANGLER_REGISTRY_PATH: '/r' }, '/nonexistent-home', 'linux')).toBe('/r');
    expect(devRegistryPath({}, '/nonexistent-home', 'linux')).toBe('/nonexistent-home/.config/.wrangler/registry');
    expect(devRegistryPath({ XDG_CONFIG_HOME: '/x' }, '/nonexistent-home', 'linux')).toBe('/x/.wrangler/registry');
    expect(devRegistryPath({}, '/nonexistent-home', 'darwin')).toBe('/nonexistent-home/Library/Preferences/.wrangler/registry');
  });
});
