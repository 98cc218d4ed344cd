/** `npm run publish` before there is a build to publish: one line saying what to run, no stack. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
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
