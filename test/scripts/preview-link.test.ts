/** `npm run preview-link`: a share link the worker accepts, for one content page and at most 7 days. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { devVar, parseDays, previewLink, previewOriginFor, shareSecretFrom } from '../../scripts/lib/preview-link';
import { readWranglerToml } from '../../scripts/lib/wrangler-toml';
import { verifyShareGrant } from '../../worker/preview/share';
import { REPO_ROOT } from '../support/built-site';

const SECRET = 'share-links-secret-0123456789abcdef';
const NOW = 1_800_000_000_000;
const config = readWranglerToml();

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
      await expect(previewLink({ path, origin: 'https://preview.example.com', secret: SECRET, now: NOW }), path).rejects.toThrow(
        'is not a content page path',
      );
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

  test('npm run preview-link -- /et/kontakt --days 2 --env preview prints the link', async () => {
    const result = run(['/et/kontakt', '--days', '2', '--env', 'preview'], { PREVIEW_SHARE_SECRET: SECRET });
    expect(result.stderr).toContain('opens /et/kontakt until');
    expect(result.status).toBe(0);
    const link = new URL(result.stdout.trim());
    expect(link.origin + link.pathname).toBe('https://preview.example.com/et/kontakt');
    expect(await verifyShareGrant(SECRET, '/et/kontakt', link.searchParams.get('share'), Date.now() / 1000)).toBe(true);
  });

  test('npm run preview-link with more than 7 days fails and says why', () => {
    const result = run(['/et/kontakt', '--days', '8', '--env', 'preview'], { PREVIEW_SHARE_SECRET: SECRET });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('--days must be a whole number from 1 to 7');
    expect(result.stdout).toBe('');
  });
});
