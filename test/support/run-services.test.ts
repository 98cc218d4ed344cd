/** What the test files of a run share (run-services.ts, test/global-setup.ts): one build per distinct content. */
import { cp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { generateContent } from '../../scripts/lib/generate-content';
import { buildForTest, tempDir } from './built-site';
import { contentKey } from './run-services';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function content(): Promise<string> {
  const dir = await tempDir('run-services');
  dirs.push(dir);
  await generateContent({ dir, pagesPerLocale: 1 });
  return dir;
}

async function copyOf(dir: string): Promise<string> {
  const copy = await tempDir('run-services-copy');
  dirs.push(copy);
  await cp(dir, copy, { recursive: true });
  return copy;
}

describe('builds within a run', () => {
  test('the same content in two folders is built once, and both files get that build', async () => {
    const dir = await content();
    const [first, second] = await Promise.all([buildForTest(dir), buildForTest(await copyOf(dir))]);
    expect(second.outDir).toBe(first.outDir);
    expect(second.build.id).toBe(first.build.id);
  });

  test('a content change, another timestamp or another code label is a build of its own', async () => {
    const dir = await content();
    const changed = await copyOf(dir);
    await writeFile(join(changed, 'pages/en/page-1.json'), '{"title":"Changed","blocks":[]}');
    const request = { contentDir: dir, timestamp: 1 };
    const key = await contentKey(request);
    expect(await contentKey({ ...request, contentDir: await copyOf(dir) })).toBe(key);
    expect(await contentKey({ ...request, contentDir: changed })).not.toBe(key);
    expect(await contentKey({ ...request, timestamp: 2 })).not.toBe(key);
    expect(await contentKey({ ...request, codeLabel: 'release B' })).not.toBe(key);
  });
});
