/**
 * The tests' workerd helper (test/support/workerd.ts) itself: a file's teardown must not wait
 * on answers its tests left unread.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { REPO_CONTENT, buildForTest, type BuiltSite } from './built-site';
import { startWorker } from './workerd';

let site: BuiltSite;

beforeAll(async () => {
  site = await buildForTest(REPO_CONTENT);
});
afterAll(() => site?.cleanup());

test('closing a worker whose answers were not read disposes of workerd without waiting out the wait', async () => {
  const worker = await startWorker(site);
  // Bodies no one reads: status checks, as many tests make, of a page and of the largest static
  // file (larger than a socket's buffers, so workerd is still writing it).
  expect((await worker.fetch('/en')).status).toBe(200);
  const largest = await largestFile(join(site.outDir, 'public'));
  expect((await worker.fetch('/' + relative(join(site.outDir, 'public'), largest))).status).toBe(200);
  const stderr = vi.spyOn(process.stderr, 'write');
  try {
    await worker.close();
    expect(stderr.mock.calls.map(([text]) => String(text)).filter((text) => text.includes('was not disposed of'))).toEqual([]);
  } finally {
    stderr.mockRestore();
  }
});

async function largestFile(dir: string): Promise<string> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
  const sizes = await Promise.all(files.map(async (file) => ({ file, size: (await stat(file)).size })));
  return sizes.sort((a, b) => b.size - a.size)[0]!.file;
}
