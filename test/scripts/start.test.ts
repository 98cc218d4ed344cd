/** What `npm start` (scripts/start.ts) hands `wrangler dev`: its command line, its .dev.vars, its exit code. */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ROOT } from '../../scripts/lib/bundle';
import { exitCodeOf, wranglerDevArgs, writeDevVarsBeside } from '../../scripts/lib/dev-server';

/** The values of every `--NAME value` pair of a command line, in order. */
const valuesOf = (args: readonly string[], flag: string) => args.flatMap((a, i) => (a === flag ? [args[i + 1]] : []));

const BUILD_CONFIG = '/tmp/some-build/wrangler.toml';
const DEV_VARS = 'PREVIEW_TOKEN="a-preview-token-from-dev-vars-0123"\nPREVIEW_SHARE_SECRET="a-share-secret-from-dev-vars-0123"\n';

describe('wrangler dev’s command line', () => {
  test('without --persist-to, a build with its own config is served from the state it was published to, the repository’s .wrangler/state', () => {
    const { args } = wranglerDevArgs({ port: 8787, config: BUILD_CONFIG, vars: [], devVars: '' });
    expect(valuesOf(args, '--persist-to')).toEqual([join(ROOT, '.wrangler/state')]);
  });

  test('a PREVIEW_TOKEN given with --var is the preview token, and none is made up', () => {
    const { args, previewToken } = wranglerDevArgs({
      port: 8788,
      env: 'preview',
      vars: ['PREVIEW_TOKEN:the-token-the-user-chose-for-this-0123'],
      devVars: '',
      newSecret: () => 'made-up',
    });
    expect(valuesOf(args, '--var').filter((v) => v!.startsWith('PREVIEW_TOKEN:'))).toEqual([
      'PREVIEW_TOKEN:the-token-the-user-chose-for-this-0123',
    ]);
    expect(previewToken).toBeUndefined();
  });

  test('a --persist-to given is the state wrangler dev uses', () => {
    const { args } = wranglerDevArgs({ port: 8787, config: BUILD_CONFIG, persistTo: '/tmp/state', vars: [], devVars: '' });
    expect(valuesOf(args, '--persist-to')).toEqual(['/tmp/state']);
  });

  test('in preview, a token and a share secret set nowhere are made up for the session, and the token is returned to print', () => {
    const made = ['made-up-token', 'made-up-share-secret'];
    const { args, previewToken } = wranglerDevArgs({ port: 8788, env: 'preview', vars: [], devVars: '', newSecret: () => made.shift()! });
    expect(valuesOf(args, '--var')).toEqual(['PREVIEW_TOKEN:made-up-token', 'PREVIEW_SHARE_SECRET:made-up-share-secret']);
    expect(previewToken).toBe('made-up-token');
  });

  test('in preview, the secrets of .dev.vars are not replaced by made-up ones', () => {
    const { args, previewToken } = wranglerDevArgs({ port: 8788, env: 'preview', vars: [], devVars: DEV_VARS, newSecret: () => 'made-up' });
    expect(valuesOf(args, '--var')).toEqual([]);
    expect(previewToken).toBeUndefined();
  });

  test('outside preview, no secret is made up', () => {
    const { args } = wranglerDevArgs({ port: 8787, env: 'production', vars: [], devVars: '', newSecret: () => 'made-up' });
    expect(valuesOf(args, '--var')).toEqual([]);
  });
});

describe('the .dev.vars of a build with its own config', () => {
  let dir: string;
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('is the repository’s, beside the config, readable by its owner only', async () => {
    dir = await mkdtemp(join(tmpdir(), 'start-dev-vars-'));
    await writeDevVarsBeside(join(dir, 'wrangler.toml'), DEV_VARS);
    expect(await readFile(join(dir, '.dev.vars'), 'utf8')).toBe(DEV_VARS);
    expect((await stat(join(dir, '.dev.vars'))).mode & 0o777).toBe(0o600);
  });

  test('is none when the repository has none, even if one was there before', async () => {
    dir = await mkdtemp(join(tmpdir(), 'start-dev-vars-'));
    await writeFile(join(dir, '.dev.vars'), DEV_VARS);
    await writeDevVarsBeside(join(dir, 'wrangler.toml'), '');
    await expect(stat(join(dir, '.dev.vars'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('npm start’s exit code', () => {
  test('is 128 plus the signal’s number when a signal ended wrangler dev, not 0', () => {
    expect(exitCodeOf(null, 'SIGTERM')).toBe(143);
    expect(exitCodeOf(null, 'SIGKILL')).toBe(137);
  });

  test('is wrangler dev’s own when it exited by itself', () => {
    expect(exitCodeOf(0, null)).toBe(0);
    expect(exitCodeOf(1, null)).toBe(1);
  });
});
