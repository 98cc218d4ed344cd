/**
 * Version skew across a code deploy: pages of an earlier build (the edge cache keeps them for a
 * day, open tabs keep loading chunks) still find every client file they name after a deploy of
 * new client code, because publish archives each build's client files in KV and the worker
 * serves the ones its own deployment lacks (worker/routes/client-files.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BuildIndex } from '../../app/build-records';
import { READABLE_RECORDS_FORMATS } from '../../worker/build-store';
import { Health } from '../../worker/health/schema';
import { kvKeys } from '../../app/kv-keys';
import { generateContent } from '../../scripts/lib/generate-content';
import { buildForTest, tempDir, type BuiltSite } from '../support/built-site';
import { bootData } from '../support/html';
import { checkProperty, hostileString } from '../support/property';
import { startWorker, type TestWorker } from '../support/workerd';

const PAGES = ['/en', '/en/page-1', '/en/page-2'];

let contentDir: string;
let persist: { kv: string; cache: string };
let a: BuiltSite;
let b: BuiltSite;
/** HTML of build A as worker A served it: what an edge cache or an open tab still holds after the deploy */
const htmlOfA = new Map<string, string>();
let workerB: TestWorker;

const clientFilesOf = (site: BuiltSite) =>
  BuildIndex.parse(JSON.parse(site.build.records.find((r) => r.key === kvKeys.index(site.build.id))!.value)).code!.clientFiles;
const referencedFiles = (html: string) => [...html.matchAll(/(?:src|href)="(\/_app\/[^"]+)"/g)].map((m) => m[1]!);

beforeAll(async () => {
  contentDir = await tempDir('content');
  await generateContent({ dir: contentDir, pagesPerLocale: 3 });
  a = await buildForTest(contentDir, 1_700_000_000_000, 'release A');
  b = await buildForTest(contentDir, 1_700_000_100_000, 'release B');
  const state = await mkdtemp(join(tmpdir(), 'edge-site-deploys-'));
  persist = { kv: join(state, 'kv'), cache: join(state, 'cache') };

  const workerA = await startWorker(a, { persist });
  for (const path of PAGES) htmlOfA.set(path, await (await workerA.fetch(path)).text());
  // The code deploy: B's worker and static files, the same KV, then B published.
  workerB = workerA;
  await workerB.redeploy({ site: b });
  await workerB.publish(b);
}, 180_000);

afterAll(async () => {
  await workerB?.close();
  await Promise.all([a, b].map((s) => s?.cleanup()));
  await rm(contentDir, { recursive: true, force: true });
});

describe('after a deploy of new client code', () => {
  test('the two builds have different client files, and B serves pages that name only its own', async () => {
    expect(clientFilesOf(a)).not.toEqual(clientFilesOf(b));
    for (const path of PAGES) {
      const html = await (await workerB.fetch(path)).text();
      expect(bootData(html).buildId, path).toBe(b.build.id);
      for (const file of referencedFiles(html)) expect(clientFilesOf(b), `${path} names ${file}`).toContain(file);
    }
  });

  test('every client file build A names (pages and chunks) still answers 200, immutable, byte for byte', async () => {
    const archived = new Map(a.build.records.filter((r) => r.key.startsWith(kvKeys.clientFilePrefix)).map((r) => [r.key, r.value]));
    const onlyA = clientFilesOf(a).filter((f) => !clientFilesOf(b).includes(f));
    expect(onlyA.length).toBeGreaterThan(0);
    for (const file of clientFilesOf(a)) {
      const res = await workerB.fetch(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options'), file).toBe('nosniff');
      expect(res.headers.get('content-type'), file).toMatch(file.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect(await res.text(), file).toBe(archived.get(kvKeys.clientFile(file)));
    }
  });

  test('the HTML of build A that an edge cache or an open tab still holds finds every file it references', async () => {
    for (const [path, html] of htmlOfA) {
      expect(bootData(html).buildId, path).toBe(a.build.id);
      const files = referencedFiles(html);
      expect(files.length, path).toBeGreaterThan(0);
      for (const file of files) expect((await workerB.fetch(file)).status, `${path} names ${file}`).toBe(200);
    }
  });

  test('a client file answers HEAD as GET does, without a body', async () => {
    const file = clientFilesOf(a).find((f) => !clientFilesOf(b).includes(f))!;
    const res = await workerB.fetch(file, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('');
  });

  test('a hashed name no build published is a 404, and so is anything under /_app/ that is not a client file name', async () => {
    for (const path of ['/_app/chunks/chunk.ZZZZZZZZ.js', '/_app/entry.AAAAAAAA.css', '/_app/../builds/latest.json', '/_app/x.js'])
      expect((await workerB.fetch(path)).status, path).toBe(404);
  });

  test('no path under /_app/ gets a 5xx or a file that is not a client file', async () => {
    await checkProperty(
      fc.asyncProperty(hostileString(), async (tail) => {
        const res = await workerB.fetch(`/_app/${encodeURI(tail).replace(/%25/g, '%')}`);
        expect(res.status).toBeLessThan(500);
        if (res.status === 200) expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        await res.body?.cancel();
      }),
      { numRuns: 60 },
    );
  });
});

describe('a live build in a records format this worker cannot read', () => {
  /** B's records with its index claiming a format no worker reads yet: what newer code would write. */
  const newerFormat = () =>
    b.build.records.map((r) => {
      if (r.key !== kvKeys.index(b.build.id)) return r;
      const index = JSON.parse(r.value) as { code: { recordsFormat: number } };
      index.code.recordsFormat = 99;
      return { ...r, value: JSON.stringify(index) };
    });

  test('is never served: the isolate keeps the build it was serving, and the log and health say why', async () => {
    const w = await startWorker(a);
    try {
      expect(bootData(await (await w.fetch('/en')).text()).buildId).toBe(a.build.id);
      await w.put(newerFormat());
      await w.put([b.build.pointer]);
      expect(bootData(await (await w.fetch('/en')).text()).buildId).toBe(a.build.id);
      const health = await w.fetch('/_app/health');
      expect(health.status).toBe(503);
      const { code: _code, ...answer } = Health.parse(await health.json());
      expect(answer).toEqual({
        build: b.build.id,
        kv: 'unreadable',
        reason: `build ${b.build.id} has records format 99; this worker reads ${READABLE_RECORDS_FORMATS.join(', ')}`,
        serving: a.build.id,
        recordsFormat: null,
      });
      expect(w.logs.join('\n')).toContain(`build ${b.build.id} has records format 99`);
    } finally {
      await w.close();
    }
  });

  test('a new isolate serves the newest live build in a format it reads', async () => {
    const w = await startWorker(a, { publish: false });
    try {
      await w.publish(a);
      await w.put(newerFormat());
      await w.put([b.build.pointer]);
      const res = await w.fetch('/en/page-1');
      expect(res.status).toBe(200);
      expect(bootData(await res.text()).buildId).toBe(a.build.id);
    } finally {
      await w.close();
    }
  });
});
