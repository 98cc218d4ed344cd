/**
 * `npm run publish` as an operator meets it: before there is a build, one line saying what to
 * run; with one, its steps (records written and reused) on stderr while it runs and the result
 * alone on stdout. In this process; the publish goes to a local KV of the file's own.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildGeneratedSite, type BuiltSite } from '../support/built-site';
import { runScriptInProcess } from '../support/script-in-process';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'publish-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test('publishing without a build says to run npm run build first, in one line', async () => {
  const r = await runScriptInProcess('publish', ['--dist', join(dir, 'dist')]);
  expect(r.status).toBe(1);
  expect(r.stderr).toBe(`error: there is no build in ${join(dir, 'dist')} (no kv/records.json): run \`npm run build\` first\n`);
});

test('a dist/ this code cannot read says to build again, in one line', async () => {
  await mkdir(join(dir, 'old', 'kv'), { recursive: true });
  await writeFile(join(dir, 'old', 'kv', 'records.json'), '[{"name": "builds/latest.json"}]');
  const r = await runScriptInProcess('publish', ['--dist', join(dir, 'old')]);
  expect(r.status).toBe(1);
  expect(r.stderr).toBe(`error: ${join(dir, 'old')}/kv/records.json is not a build this code reads: run \`npm run build\` again\n`);
});

describe('publishing a build', () => {
  let site: BuiltSite;
  // A content other files build too, so a run shares the build.
  beforeAll(async () => {
    site = await buildGeneratedSite({ pagesPerLocale: 2 });
  }, 120_000);
  afterAll(() => site?.cleanup());

  test('tells its steps on stderr while it runs, and prints only the result on stdout', async () => {
    const r = await runScriptInProcess('publish', ['--dist', site.outDir, '--persist-to', join(dir, 'state')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^published ${site.build.id} to local KV: \\d+ records written, \\d+ reused\n$`));
    expect(r.stderr).toMatch(/^payloads: \d+ written, \d+ already in KV$/m);
    expect(r.stderr).toMatch(/^build records: \d+ written$/m);
  });
});
