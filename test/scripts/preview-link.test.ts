/** `npm run preview-link`: a share link the worker accepts, for one content page and at most 7 days. */
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { localKv } from '../../scripts/lib/kv-local';
import { devVar, parseDays, previewLink, previewOriginFor, shareSecretFrom } from '../../scripts/lib/preview-link';
import { recordPreviewServer } from '../../scripts/lib/preview-link-local';
import { publishBuild, readBuildFiles } from '../../scripts/lib/publish';
import { readWranglerToml } from '../../scripts/lib/wrangler-toml';
import { verifyShareGrant } from '../../worker/preview/share';
import { REPO_ROOT, buildGeneratedSite, tempDir, type BuiltSite } from '../support/built-site';
import { runScriptInProcess } from '../support/script-in-process';

const SECRET = 'share-links-secret-0123456789abcdef';
const NOW = 1_800_000_000_000;
const config = readWranglerToml();
/** The pages of a draft, as draftPages reads them from KV. */
const PAGES = async () => ({ build: '0123456789abcdef', pages: new Set(['/et/kontakt', '/et']) });

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['scripts/preview-link.ts', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, PREVIEW_SHARE_SECRET: '', ...env },
    timeout: 60_000,
  });
}

describe('the preview link', () => {
  test('is the page on the environment’s preview host, signed so the worker opens it for 2 days', async () => {
    const { url, expiresAt } = await previewLink({
      path: '/et/kontakt',
      origin: previewOriginFor(config, 'preview'),
      secret: SECRET,
      now: NOW,
      pages: PAGES,
    });
    const link = new URL(url);
    expect(link.origin + link.pathname).toBe('https://preview.example.com/et/kontakt');
    expect(Date.parse(expiresAt)).toBe(NOW + 2 * 86_400_000);
    expect(await verifyShareGrant(SECRET, '/et/kontakt', link.searchParams.get('share'), NOW / 1000)).toBe(true);
    expect(await verifyShareGrant(SECRET, '/et', link.searchParams.get('share'), NOW / 1000)).toBe(false);
  });

  test('without an environment it is for `npm run preview` on this machine', () => {
    expect(previewOriginFor(config, undefined)).toBe('http://127.0.0.1:8788');
  });

  test('refuses a path that is not a content page', async () => {
    for (const path of ['/_app/health', '/et/kontakt/_payload.json', '/preview', 'et/kontakt', '/ET/Kontakt']) {
      await expect(
        previewLink({ path, origin: 'https://preview.example.com', secret: SECRET, now: NOW, pages: PAGES }),
        path,
      ).rejects.toThrow('is not a content page path');
    }
  });

  test('refuses more than 7 days, and days that are not a whole number', () => {
    expect(parseDays('7')).toBe(7);
    for (const days of ['8', '0', '1.5', 'two', '-1'])
      expect(() => parseDays(days), days).toThrow('--days must be a whole number from 1 to 7');
  });

  test('takes the secret from the environment, or for local use from .dev.vars, and refuses a short one', () => {
    expect(shareSecretFrom({ PREVIEW_SHARE_SECRET: SECRET }, '', 'preview')).toBe(SECRET);
    expect(shareSecretFrom({}, `PREVIEW_TOKEN="x"\nPREVIEW_SHARE_SECRET="${SECRET}"\n`, undefined)).toBe(SECRET);
    expect(() => shareSecretFrom({}, `PREVIEW_SHARE_SECRET="${SECRET}"`, 'preview')).toThrow('PREVIEW_SHARE_SECRET is not set');
    expect(() => shareSecretFrom({ PREVIEW_SHARE_SECRET: 'short' }, '', undefined)).toThrow('shorter than 32 characters');
    expect(devVar('A=1\nB = "two"\n', 'B')).toBe('two');
  });

  test('refuses a content path that is not a page of the draft, naming its build', async () => {
    await expect(
      previewLink({ path: '/et/nothing-here', origin: 'https://preview.example.com', secret: SECRET, now: NOW, pages: PAGES }),
    ).rejects.toThrow('/et/nothing-here is not a page of the draft (build 0123456789abcdef): a link to it would open nothing');
    await expect(
      previewLink({
        path: '/et',
        origin: 'https://preview.example.com',
        secret: SECRET,
        now: NOW,
        pages: async () => null,
        draft: 'spring',
      }),
    ).rejects.toThrow('there is no draft named spring: publish it first (npm run publish -- --draft spring)');
  });

  test('a named draft’s link is on that draft’s host, signed for that draft only', async () => {
    expect(previewOriginFor(config, 'preview', 'spring')).toBe('https://spring.preview.example.com');
    expect(previewOriginFor(config, undefined, 'spring')).toBe('http://spring.preview.localhost:8788');
    const { url } = await previewLink({
      path: '/et',
      origin: previewOriginFor(config, 'preview', 'spring'),
      secret: SECRET,
      now: NOW,
      draft: 'spring',
      pages: PAGES,
    });
    const grant = new URL(url).searchParams.get('share');
    expect(await verifyShareGrant(SECRET, '/et', grant, NOW / 1000, 'spring')).toBe(true);
    expect(await verifyShareGrant(SECRET, '/et', grant, NOW / 1000, 'autumn')).toBe(false);
    expect(await verifyShareGrant(SECRET, '/et', grant, NOW / 1000)).toBe(false);
  });

  test('npm run preview-link with more than 7 days fails and says why', () => {
    const result = run(['/et/kontakt', '--days', '8', '--origin', 'https://preview.example.com'], { PREVIEW_SHARE_SECRET: SECRET });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('--days must be a whole number from 1 to 7');
    expect(result.stdout).toBe('');
  });
});

describe('npm run preview-link on this machine', () => {
  let site: BuiltSite & { contentDir: string };
  let state: string;

  beforeAll(async () => {
    vi.stubEnv('PREVIEW_SHARE_SECRET', SECRET);
    site = await buildGeneratedSite({ pagesPerLocale: 2 });
    state = await tempDir('preview-link-state');
    // Published as npm run publish -- --draft spring does locally: to the preview environment's KV.
    const kv = localKv({ env: 'preview', persistTo: state });
    await publishBuild(kv, await readBuildFiles(site.outDir), { draft: true, draftName: 'spring' });
    await kv.close();
  }, 120_000);
  afterAll(async () => {
    vi.unstubAllEnvs();
    await site?.cleanup();
    if (site) await rm(site.contentDir, { recursive: true, force: true });
    if (state) await rm(state, { recursive: true, force: true });
  });

  test("prints a link to a page of the named draft at its host, checked against the draft's pages", async () => {
    const origin = 'https://spring.preview.example.com';
    const result = await runScriptInProcess('preview-link', ['/en/page-1', '--draft', 'spring', '--origin', origin, '--persist-to', state]);
    expect(result.stderr).toContain('opens /en/page-1 until');
    expect(result.status).toBe(0);
    const link = new URL(result.stdout.trim());
    expect(link.origin + link.pathname).toBe(`${origin}/en/page-1`);
  });

  test("without --env, prints a link to the named draft's own host on the running npm run preview's port", async () => {
    // As npm run preview records it, for a server that runs (this process).
    await recordPreviewServer(state, 8901);
    const result = await runScriptInProcess('preview-link', ['/en/page-1', '--draft', 'spring', '--persist-to', state]);
    expect(result.stderr).toContain('opens /en/page-1 until');
    expect(result.status).toBe(0);
    const link = new URL(result.stdout.trim());
    expect(link.origin + link.pathname).toBe('http://spring.preview.localhost:8901/en/page-1');
    expect(await verifyShareGrant(SECRET, '/en/page-1', link.searchParams.get('share'), Math.floor(Date.now() / 1000), 'spring')).toBe(
      true,
    );
  });

  test('refuses, when it is made, a link to a path that is not a page of the draft', async () => {
    const result = await runScriptInProcess('preview-link', [
      '/en/no-such-page',
      '--draft',
      'spring',
      '--origin',
      'https://spring.preview.example.com',
      '--persist-to',
      state,
    ]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('/en/no-such-page is not a page of the draft spring');
    expect(result.stdout).toBe('');
  });
});
