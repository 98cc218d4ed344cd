/**
 * `npm run smoke -- ORIGIN` against a local server: a workerd serving a copy of the
 * repository's build over HTTP, with its static assets, KV and D1. It passes as built; with a
 * media or client file taken away it fails on that line and prints the rollback command. The
 * command runs in this process; one worker for the file.
 */
import { describe, expect, test } from 'vitest';
import { originOfRoutes, rollbackCommand, runSmoke, smokeLines, smokePassed } from '../../scripts/lib/smoke';
import { readWranglerToml } from '../../scripts/lib/wrangler-toml';
import { runScriptInProcess } from '../support/script-in-process';
import { useWorkerOnCopy } from '../support/worker-on-copy';

const TOKEN = 'health-token-for-tests-0123456789abcdef';
const PREVIOUS = '0123456789abcdef';

const served = useWorkerOnCopy('smoke', { bindings: { HEALTH_TOKEN: TOKEN } });

async function smoke(args: string[], token?: string) {
  const saved = process.env.HEALTH_TOKEN;
  if (token) process.env.HEALTH_TOKEN = token;
  else delete process.env.HEALTH_TOKEN;
  try {
    return await runScriptInProcess('smoke', args);
  } finally {
    if (saved === undefined) delete process.env.HEALTH_TOKEN;
    else process.env.HEALTH_TOKEN = saved;
  }
}

/** The file a check fetched, from its line (`/media/x.svg: 200`). */
async function fileOf(name: string): Promise<string> {
  const check = (await runSmoke({ origin: served.worker.url })).find((c) => c.name === name)!;
  return check.detail.split(':')[0]!;
}

describe('npm run smoke against a local server', () => {
  test('passes on the build as deployed: the deep health, every locale home, a payload, a client file and a media file, one line each', async () => {
    const run = await smoke([served.worker.url], TOKEN);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^ok +health +build ${served.site.build.id}, kv ok, deep checks ok$`));
    const locales = Number(/^ok +payload +\/_payload\.json: 200, (\d+) locales$/m.exec(run.stdout)?.[1]);
    expect(locales).toBeGreaterThan(1);
    expect(lines.filter((l) => /^ok +home [a-z]{2} +\/[a-z]{2}: 200$/.test(l))).toHaveLength(locales);
    expect(run.stdout).toMatch(/^ok +client file +\/_app\/\S+\.(js|css): 200$/m);
    expect(run.stdout).toMatch(/^ok +media file +\/media\/\S+: 200$/m);
  });

  test('fails on a build whose media file is missing, and prints the exact rollback command', async () => {
    const media = await fileOf('media file');
    const run = await served.withoutAsset(media, () => smoke([served.worker.url, '--env', 'production', '--previous', PREVIOUS]));
    expect(run.status).toBe(1);
    // Not 200: Miniflare answers a file gone from under it 500, Cloudflare 404.
    expect(run.stdout).toMatch(new RegExp(`^FAIL +media file +${media}: (?!200)\\d{3}$`, 'm'));
    expect(run.stderr).toBe(
      `smoke test failed on ${served.worker.url}; to put back the build live before:\n  npm run rollback -- ${PREVIOUS} --remote --env production\n`,
    );
  });

  test('fails on a build whose client file is missing; with the deep health, that check names it too', async () => {
    const file = await fileOf('client file');
    const checks = await served.withoutAsset(file, async () => {
      // The worker serves earlier deployments' client files from KV: this build's is gone from both.
      const kv = await served.worker.kv();
      const key = `assets${file}`;
      const archived = await kv.get(key);
      await kv.delete(key);
      try {
        return await runSmoke({ origin: served.worker.url, healthToken: TOKEN });
      } finally {
        if (archived !== null) await kv.put(key, archived);
      }
    });
    expect(smokePassed(checks)).toBe(false);
    expect(checks.find((c) => c.name === 'client file')).toEqual({
      name: 'client file',
      ok: false,
      detail: expect.stringMatching(new RegExp(`^${file}: (?!200)\\d{3}$`)),
    });
    expect(checks.find((c) => c.name === 'health')!.detail).toContain(`clientFiles: 1 of`);
    expect(smokeLines(checks)).toMatch(/^FAIL {2}health /m);
  });
});

describe('the rollback command and the origin', () => {
  test('without the previous build it says where to find it', () => {
    expect(rollbackCommand(null, 'production')).toBe(
      'npm run rollback -- <previous build id> --remote --env production   (npm run builds -- --remote --env production lists the builds and which was live)',
    );
    expect(rollbackCommand(PREVIOUS, undefined)).toBe(`npm run rollback -- ${PREVIOUS}`);
  });

  test('a deploy smoke-tests the first route of its environment', () => {
    expect(originOfRoutes(readWranglerToml().env?.production?.routes)).toBe('https://www.example.com');
    expect(originOfRoutes(['*.example.com/*', 'shop.example.com/*'])).toBe('https://shop.example.com');
    expect(originOfRoutes(undefined)).toBeNull();
  });

  test('--help says what it checks and how to call it, and does nothing else', async () => {
    const run = await smoke(['--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: npm run smoke -- ORIGIN \[--env NAME\] \[--previous ID\]\n/);
    expect(run.stdout).toContain('HEALTH_TOKEN');
  });

  test('an origin with a path is refused in one line', async () => {
    const run = await smoke(['https://www.example.com/en']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('is not an origin such as https://www.example.com (no path, no query)');
  });
});
