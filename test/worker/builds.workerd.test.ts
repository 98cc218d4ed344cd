/**
 * The worker across the life of the site: before anything is published, after a corrupt
 * record, across two publishes, and with content that tries to break out of the page.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { kvKeys } from '../../app/kv-keys';
import { buildForTest, buildGeneratedSite } from '../support/built-site';
import { bootData } from '../support/html';
import { startWorker, type TestWorker } from '../support/workerd';

let shared: TestWorker | undefined;
/** Removed after the file, not each test: the worker serves the static files of the first build. */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await shared?.close();
  while (cleanups.length) await cleanups.pop()!();
});

async function site(options: Parameters<typeof buildGeneratedSite>[0] = {}) {
  const built = await buildGeneratedSite(options);
  cleanups.push(built.cleanup);
  return built;
}

/**
 * The file's one worker as a fresh isolate with empty KV, D1 and cache (a restart of its
 * workerd), with `built` published unless `publish` is false. Every build here is of the same
 * code (no code label), so the worker and static files of the first are those of all.
 */
async function worker(built: Awaited<ReturnType<typeof site>>, publish = true) {
  if (!shared) shared = await startWorker(built, { publish: false });
  else await shared.restart({ publish: false });
  if (publish) await shared.publish(built);
  return shared;
}

describe('before the first publish', () => {
  test('pages answer 503 saying the site is not published yet, with Retry-After', async () => {
    const w = await worker(await site(), false);
    for (const path of ['/', '/en', '/en/page-1', '/unsupported', '/reset-storage']) {
      const res = await w.fetch(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('has not been published yet');
      // The spec's second error screen, for every status but 404.
      expect(html.replaceAll('<!-- -->', '')).toContain('503 · Internal Server Error');
      expect(html).toContain('<title>Internal Server Error | ');
    }
  });

  test('JSON files answer 503 JSON', async () => {
    const w = await worker(await site(), false);
    for (const path of ['/_app/builds/latest.json', '/en/_payload.json']) {
      const res = await w.fetch(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json(), path).toEqual({ error: 'not_published' });
    }
  });
});

describe('a corrupt payload record', () => {
  test('gives that page the 500 screen with a request id and no internals', async () => {
    const built = await site();
    const w = await worker(built);
    const index = JSON.parse(built.build.records.find((r) => r.key === kvKeys.index(built.build.id))!.value);
    await w.put([{ key: kvKeys.payload(index.pages['/en/page-1']), value: '{"not": "a payload"' }]);

    const res = await w.fetch('/en/page-1', { headers: { 'cf-ray': '0123456789abcdef-AMS' } });
    const html = await res.text();
    expect(res.status).toBe(500);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('Internal Server Error');
    expect(html).toContain('0123456789abcdef-AMS');
    expect(html).not.toMatch(/CorruptRecordError|payloads\/|at .*\.js|SyntaxError/);
    expect(w.logs.join('')).toContain('"requestId":"0123456789abcdef-AMS"');

    expect((await w.fetch('/en/page-2')).status).toBe(200);
  });
});

describe('the request id', () => {
  test('a cf-ray header that is not Cloudflare’s shape is not trusted: a 600-character one never reaches the page or the log', async () => {
    const built = await site();
    const w = await worker(built);
    const index = JSON.parse(built.build.records.find((r) => r.key === kvKeys.index(built.build.id))!.value);
    await w.put([{ key: kvKeys.payload(index.pages['/en/page-1']), value: 'corrupt' }]);
    const hostile = `${'x'.repeat(600)}<script>`;
    const res = await w.fetch('/en/page-1', { headers: { 'cf-ray': hostile } });
    const html = await res.text();
    expect(res.status).toBe(500);
    expect(html).not.toContain('xxxxxxxx');
    expect(html).toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    expect(w.logs.join('')).not.toContain('xxxxxxxx');
  });
});

describe('publishing a new build', () => {
  test('pages switch to the new build and the old build’s records stay readable', async () => {
    const first = await site({ pagesPerLocale: 2 });
    const second = await site({ pagesPerLocale: 3 });
    const w = await worker(first);
    expect(bootData(await (await w.fetch('/en')).text()).buildId).toBe(first.build.id);

    await w.publish(second);
    expect(bootData(await (await w.fetch('/en')).text()).buildId).toBe(second.build.id);
    expect((await w.fetch('/en/section/group-3/page-3')).status).toBe(200);

    // Tabs still on the first build need its manifest: it was live, so the live host serves it.
    const oldManifest = await w.fetch(`/_app/builds/meta/${first.build.id}.json`);
    expect(oldManifest.status).toBe(200);
    const oldPayload = await w.fetch(`/en/page-1/_payload.json?${first.build.id}`);
    expect(oldPayload.status).toBe(200);
    expect(oldPayload.headers.get('cache-control')).toBe('no-store');
    expect(((await w.fetch('/_app/builds/latest.json').then((r) => r.json())) as { id: string }).id).toBe(second.build.id);
  });

  test('the manifest of a build in KV that was never live is not served on the live host', async () => {
    const first = await site({ pagesPerLocale: 2 });
    const unpublished = await site({ pagesPerLocale: 3 });
    const w = await worker(first);
    await w.put(unpublished.build.records);
    const res = await w.fetch(`/_app/builds/meta/${unpublished.build.id}.json`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found' });
    expect((await w.fetch(`/_app/builds/meta/${first.build.id}.json`)).status).toBe(200);
  });

  test('a pointer to a build whose records are not there yet keeps the last complete build', async () => {
    const first = await site({ pagesPerLocale: 2 });
    const second = await site({ pagesPerLocale: 3 });
    const w = await worker(first);
    expect((await w.fetch('/en')).status).toBe(200);
    await w.put([second.build.pointer]);
    const res = await w.fetch('/en');
    expect(res.status).toBe(200);
    expect(bootData(await res.text()).buildId).toBe(first.build.id);
  });
});

describe('hostile content', () => {
  test('a title that tries to close the script element stays text', async () => {
    const built = await site();
    const file = join(built.contentDir, 'pages/en/page-1.json');
    const page = JSON.parse(await readFile(file, 'utf8'));
    page.title = '</script><script>alert("x")</script><!--';
    page.blocks[0].heading = '<img src=x onerror=alert(1)>';
    await writeFile(file, JSON.stringify(page));
    const rebuilt = await buildForTest(built.contentDir);
    cleanups.push(rebuilt.cleanup);
    const w = await worker({ ...built, ...rebuilt });

    const html = await (await w.fetch('/en/page-1')).text();
    expect(html).not.toContain('<script>alert("x")');
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<script/g)).toHaveLength(3); // the reload guard, the entry, the boot data
    expect(bootData(html).view.payload.page.title).toBe(page.title);
  });
});
