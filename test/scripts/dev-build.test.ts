/** The builds of `npm run dev` (scripts/lib/dev-build.ts): a content rebuild is the whole build's records, made without bundling. */
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { builtCodeOf, contentBuild, copyChanged, pagesOf } from '../../scripts/lib/dev-build';
import { REPO_CONTENT, TEST_BUILD_TIMESTAMP, buildForTest, tempDir, type BuiltSite } from '../support/built-site';

describe('a content rebuild', () => {
  let site: BuiltSite;
  beforeAll(async () => {
    site = await buildForTest(REPO_CONTENT);
  }, 120_000);
  afterAll(() => site?.cleanup());

  test('makes the same build, record for record, as the whole build of the same content and code', async () => {
    const code = await builtCodeOf(site.outDir, site.build);
    const result = await contentBuild(code, { contentDir: REPO_CONTENT, shownContentRoot: 'content', timestamp: TEST_BUILD_TIMESTAMP });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.build.id).toBe(site.build.id);
    expect(result.build.records).toEqual(site.build.records);
    expect(pagesOf(result.build)).toEqual(pagesOf(site.build));
  });
});

describe('copying a new build over the served one', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('dev-copy');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('writes only the files that differ, adds new ones, removes none, and says whether any was written', async () => {
    const from = join(dir, 'from');
    const to = join(dir, 'to');
    await mkdir(join(from, '_app'), { recursive: true });
    await mkdir(join(to, '_app'), { recursive: true });
    await writeFile(join(from, 'same.txt'), 'same');
    await writeFile(join(to, 'same.txt'), 'same');
    await writeFile(join(from, '_app/new.js'), 'new');
    await writeFile(join(to, '_app/old.js'), 'old');
    const before = (await stat(join(to, 'same.txt'))).mtimeMs;

    expect(await copyChanged(from, to)).toBe(true);
    expect(await readFile(join(to, '_app/new.js'), 'utf8')).toBe('new');
    expect(await readFile(join(to, '_app/old.js'), 'utf8')).toBe('old');
    expect((await stat(join(to, 'same.txt'))).mtimeMs).toBe(before);

    expect(await copyChanged(from, to)).toBe(false);
  });

  test('leaves out the files it is told to skip', async () => {
    const from = join(dir, 'skip-from');
    await mkdir(join(from, '_app'), { recursive: true });
    await writeFile(join(from, '_app/entry.js'), 'js');
    await writeFile(join(from, 'favicon.svg'), 'svg');
    const to = join(dir, 'skip-to');
    expect(await copyChanged(from, to, (path) => path.startsWith('_app/'))).toBe(true);
    expect(await readFile(join(to, 'favicon.svg'), 'utf8')).toBe('svg');
    await expect(stat(join(to, '_app/entry.js'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
