/** What `npm run preview` keeps for `npm run preview-link`: the share secret in .dev.vars, and its port. */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { devVar } from '../../scripts/lib/preview-link';
import { keepShareSecret, localPreviewDevVars, localPreviewOrigin, recordPreviewServer } from '../../scripts/lib/preview-link-local';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'preview-local-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the share secret of the local preview', () => {
  test('is made on the first run and kept in a new .dev.vars, with a note, readable by its owner only', async () => {
    const file = join(dir, '.dev.vars');
    const { devVars, made } = await keepShareSecret(file, () => 'x'.repeat(43));
    expect(made).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(devVars);
    expect(devVar(devVars, 'PREVIEW_SHARE_SECRET')).toBe('x'.repeat(43));
    expect(devVars).toContain('# PREVIEW_SHARE_SECRET: made by `npm run preview`');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  test('is added to a .dev.vars that has other values, keeping them', async () => {
    const file = join(dir, '.dev.vars');
    await writeFile(file, 'PREVIEW_TOKEN="a-token-of-thirty-two-characters-or-more"');
    const { devVars } = await keepShareSecret(file, () => 'y'.repeat(43));
    expect(devVar(devVars, 'PREVIEW_TOKEN')).toBe('a-token-of-thirty-two-characters-or-more');
    expect(devVar(devVars, 'PREVIEW_SHARE_SECRET')).toBe('y'.repeat(43));
  });

  test('is the same on every later run', async () => {
    const file = join(dir, '.dev.vars');
    const first = await keepShareSecret(file);
    const second = await keepShareSecret(file, () => 'never-used');
    expect(second).toEqual({ devVars: first.devVars, made: false });
  });

  test('is not kept for a server with a build of its own, nor when given with --var', async () => {
    const base = { root: dir, env: 'preview', port: 9001, persistTo: join(dir, 'state'), vars: [], log: () => {} };
    expect(await localPreviewDevVars({ ...base, ownBuild: true })).toBe('');
    expect(await localPreviewDevVars({ ...base, ownBuild: false, vars: ['PREVIEW_SHARE_SECRET:given-for-this-server-0123456789ab'] })).toBe(
      '',
    );
    await expect(stat(join(dir, '.dev.vars'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('the local preview host a link names', () => {
  test('is the port the running npm run preview serves on', async () => {
    const state = join(dir, 'state');
    const lines: string[] = [];
    await localPreviewDevVars({
      root: dir,
      env: 'preview',
      port: 9123,
      persistTo: state,
      ownBuild: false,
      vars: [],
      log: (l) => lines.push(l),
    });
    expect(await localPreviewOrigin(state)).toEqual({ origin: 'http://127.0.0.1:9123' });
    expect(lines).toEqual(['made PREVIEW_SHARE_SECRET and kept it in .dev.vars, where npm run preview-link reads it']);
  });

  test('is the default port, with a note, when that server has stopped or never ran', async () => {
    const state = join(dir, 'state');
    await recordPreviewServer(state, 9123, 424242);
    expect(await localPreviewOrigin(state, () => false)).toEqual({
      origin: 'http://127.0.0.1:8788',
      note: 'no npm run preview is running: the link is for http://127.0.0.1:8788, its default',
    });
    expect((await localPreviewOrigin(join(dir, 'nothing'))).origin).toBe('http://127.0.0.1:8788');
  });
});
