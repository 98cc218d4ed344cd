/**
 * What `npm start` (scripts/start.ts) hands `wrangler dev`: its command line, its .dev.vars, its
 * exit code, the local state of each build folder; and a busy port refused before any build
 * (by `npm run dev` too).
 */
import { createServer } from 'node:net';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ROOT } from '../../scripts/lib/bundle';
import { DEFAULT_PERSIST_TO } from '../../scripts/lib/local-state';
import { exitCodeOf, stateDirFor, wranglerDevArgs, writeDevVarsBeside } from '../../scripts/lib/dev-server';
import { runScriptInProcess } from '../support/script-in-process';
import { freePort } from '../../scripts/lib/free-port';

/** The values of every `--NAME value` pair of a command line, in order. */
const valuesOf = (args: readonly string[], flag: string) => args.flatMap((a, i) => (a === flag ? [args[i + 1]] : []));

const BUILD_CONFIG = '/tmp/some-build/wrangler.toml';
const DEV_VARS = 'PREVIEW_TOKEN="a-preview-token-from-dev-vars-0123"\nPREVIEW_SHARE_SECRET="a-share-secret-from-dev-vars-0123"\n';

describe('wrangler dev’s command line', () => {
  test('without --persist-to, a build with its own config is served from the state it was published to, the repository’s .wrangler/state', () => {
    const { args } = wranglerDevArgs({ port: 8787, inspectorPort: 9229, config: BUILD_CONFIG, vars: [], devVars: '' });
    expect(valuesOf(args, '--persist-to')).toEqual([join(ROOT, '.wrangler/state')]);
  });

  test('a PREVIEW_TOKEN given with --var is the preview token, and none is made up', () => {
    const { args, previewToken } = wranglerDevArgs({
      port: 8788,
      inspectorPort: 9229,
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

  test('the inspector listens on the port it is given, not one wrangler picks from the ephemeral range', () => {
    const { args } = wranglerDevArgs({ port: 8787, inspectorPort: 21234, vars: [], devVars: '' });
    expect(valuesOf(args, '--inspector-port')).toEqual(['21234']);
  });

  test('a --persist-to given is the state wrangler dev uses', () => {
    const { args } = wranglerDevArgs({
      port: 8787,
      inspectorPort: 9229,
      config: BUILD_CONFIG,
      persistTo: '/tmp/state',
      vars: [],
      devVars: '',
    });
    expect(valuesOf(args, '--persist-to')).toEqual(['/tmp/state']);
  });

  test('in preview, a token and a share secret set nowhere are made up for the session, and the token is returned to print', () => {
    const made = ['made-up-token', 'made-up-share-secret'];
    const { args, previewToken } = wranglerDevArgs({
      port: 8788,
      inspectorPort: 9229,
      env: 'preview',
      vars: [],
      devVars: '',
      newSecret: () => made.shift()!,
    });
    expect(valuesOf(args, '--var')).toEqual(['PREVIEW_TOKEN:made-up-token', 'PREVIEW_SHARE_SECRET:made-up-share-secret']);
    expect(previewToken).toBe('made-up-token');
  });

  test('in preview, the secrets of .dev.vars are not replaced by made-up ones', () => {
    const { args, previewToken } = wranglerDevArgs({
      port: 8788,
      inspectorPort: 9229,
      env: 'preview',
      vars: [],
      devVars: DEV_VARS,
      newSecret: () => 'made-up',
    });
    expect(valuesOf(args, '--var')).toEqual([]);
    expect(previewToken).toBeUndefined();
  });

  test('outside preview, no secret is made up', () => {
    const { args } = wranglerDevArgs({
      port: 8787,
      inspectorPort: 9229,
      env: 'production',
      vars: [],
      devVars: '',
      newSecret: () => 'made-up',
    });
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

describe('the local state of a build folder', () => {
  test('is wrangler’s default for dist/, as it always was', () => {
    expect(stateDirFor(join(ROOT, 'dist'))).toBe(DEFAULT_PERSIST_TO);
  });

  test('is one of its own for any other --out, so a second server never switches the first one’s live build', () => {
    const first = stateDirFor('/tmp/site-a');
    const second = stateDirFor('/tmp/site-b');
    expect(first).not.toBe(second);
    expect(first).not.toBe(DEFAULT_PERSIST_TO);
    expect(first.startsWith(join(ROOT, '.wrangler', 'states') + '/')).toBe(true);
    // The same folder is served from the same state again next time.
    expect(stateDirFor('/tmp/site-a')).toBe(first);
  });

  test('is apart for two folders of the same name in different places', () => {
    expect(stateDirFor('/tmp/a/site')).not.toBe(stateDirFor('/tmp/b/site'));
  });
});

describe('a busy port', () => {
  for (const script of ['start', 'dev'] as const) {
    test(`is refused by npm ${script === 'start' ? 'start' : 'run dev'} in one line, exit 1, before anything is built`, async () => {
      const port = await freePort();
      const holder = createServer();
      await new Promise<void>((r) => holder.listen(port, '127.0.0.1', r));
      const out = join(await mkdtemp(join(tmpdir(), 'start-busy-')), 'never-built');
      try {
        const run = await runScriptInProcess(script, ['--port', String(port), '--out', out]);
        expect(run.status).toBe(1);
        expect(run.stderr).toBe(
          `error: port ${port} is already in use (another npm start or npm run dev?); stop that server or choose another with --port N\n`,
        );
        expect(run.stdout).toBe('');
        await expect(stat(out)).rejects.toMatchObject({ code: 'ENOENT' });
      } finally {
        await new Promise((r) => holder.close(r));
        await rm(join(out, '..'), { recursive: true, force: true });
      }
    });
  }
});
