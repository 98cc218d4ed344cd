/**
 * The sequence a team lives through, offline, with real builds, the real publish, rollback and
 * GC code, and the worker in workerd over one persisted KV: publish A; deploy new client code
 * B; a tab on A clicks through three pages; A's HTML cached at the edge; roll back to A (code
 * and content); GC with --keep 1 at once; forward to B again. After every step, every page the
 * worker serves names one build and only that code's client files, and every client file that
 * a page still in use names answers 200. Only the Cloudflare API is replaced: `wrangler
 * rollback VERSION` restarts workerd with that version's worker and static files, which is what
 * Cloudflare does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BuildIndex } from '../../app/build-records';
import { payloadUrlPath } from '../../app/content/paths';
import { kvKeys } from '../../app/kv-keys';
import { collectGarbage } from '../../scripts/lib/build-admin';
import { codeOfBuild, codeVersionRecord } from '../../scripts/lib/code-version';
import { generateContent } from '../../scripts/lib/generate-content';
import type { KvClient } from '../../scripts/lib/kv-cli';
import { publishBuild, readBuildFiles } from '../../scripts/lib/publish';
import { rollback } from '../../scripts/lib/rollback';
import { buildForTest, tempDir, type BuiltSite } from '../support/built-site';
import { bootData } from '../support/html';
import { startWorker, type TestWorker } from '../support/workerd';

const PAGES = ['/en', '/en/page-1', '/en/page-2'];
/** the worker version ids Cloudflare would give the two deploys */
const VERSION = { A: '0000000a-0000-4000-8000-00000000000a', B: '0000000b-0000-4000-8000-00000000000b' } as const;

let contentDir: string;
let state: string;
let persist: { kv: string; cache: string };
const builds = new Map<'A' | 'B', BuiltSite>();
let worker: TestWorker | undefined;
let running: 'A' | 'B' | undefined;

/**
 * The publishing scripts' view of KV, over the namespace whichever worker is running reads (a
 * rollback restarts the worker between its steps; the KV state persists across).
 */
function kvOf(current: () => TestWorker): KvClient {
  const w = { kv: () => current().kv() };
  const list = async (prefix: string) => {
    const kv = await w.kv();
    const keys = new Map<string, unknown>();
    let cursor: string | undefined;
    do {
      const page = await kv.list({ prefix, ...(cursor ? { cursor } : {}) });
      for (const k of page.keys) keys.set(k.name, k.metadata);
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
    return keys;
  };
  return {
    list: async (prefix) => [...(await list(prefix)).keys()],
    listWithMetadata: list,
    getMany: async (keys) => new Map(await Promise.all(keys.map(async (k) => [k, await (await w.kv()).get(k)] as [string, string | null]))),
    putMany: async (records) => {
      for (const r of records) await (await w.kv()).put(r.key, r.value, r.metadata ? { metadata: r.metadata } : {});
    },
    deleteMany: async (keys) => {
      for (const k of keys) await (await w.kv()).delete(k);
    },
  };
}

/** What Cloudflare does on a deploy or `wrangler rollback`: this version's worker and static files, the same KV. */
async function runCode(name: 'A' | 'B') {
  if (worker) await worker.redeploy({ site: builds.get(name)! });
  else worker = await startWorker(builds.get(name)!, { persist, publish: false });
  running = name;
}

const kv = () => kvOf(() => worker!);
const clientFilesOf = (name: 'A' | 'B') => codeOfBuild(builds.get(name)!.build.records, builds.get(name)!.build.id)!.clientFiles;
const referenced = (html: string) => [...html.matchAll(/(?:src|href)="(\/_app\/[^"]+)"/g)].map((m) => m[1]!);

/** `npm run deploy`: the worker goes out, its version is recorded for its code, the build is published. */
async function deploy(name: 'A' | 'B') {
  await runCode(name);
  const site = builds.get(name)!;
  const recorded = codeVersionRecord(codeOfBuild(site.build.records, site.build.id), `Current Version ID: ${VERSION[name]}`, Date.now());
  if (!recorded.ok) throw new Error(recorded.reason);
  await kv().putMany([recorded.record]);
  await publishBuild(kv(), await readBuildFiles(site.outDir));
}

/** `npm run rollback -- ID --remote --env production`, with `wrangler rollback` doing what Cloudflare does. */
async function rollbackTo(name: 'A' | 'B') {
  const calls: string[][] = [];
  await rollback(kv(), builds.get(name)!.build.id, {
    remote: { env: 'production' },
    wrangler: async (args) => {
      calls.push(args);
      const version = args[args.indexOf('rollback') + 1];
      await runCode(version === VERSION.A ? 'A' : 'B');
      return `Worker Version ${version} has been deployed`;
    },
  });
  return calls;
}

/** Every page names `name`'s build and only its code's files, each of which answers 200 and immutable. */
async function expectWholeSite(name: 'A' | 'B') {
  const site = builds.get(name)!;
  for (const path of PAGES) {
    const res = await worker!.fetch(path);
    expect(res.status, path).toBe(200);
    const html = await res.text();
    expect(bootData(html).buildId, `${path} under code ${running}`).toBe(site.build.id);
    for (const file of referenced(html)) {
      expect(clientFilesOf(name), `${path} names ${file}`).toContain(file);
      await expectFile(file);
    }
  }
}

async function expectFile(file: string) {
  const res = await worker!.fetch(file);
  expect(res.status, `${file} under code ${running}`).toBe(200);
  expect(res.headers.get('cache-control'), file).toMatch(/immutable/);
  await res.body?.cancel();
}

beforeAll(async () => {
  contentDir = await tempDir('content');
  await generateContent({ dir: contentDir, pagesPerLocale: 3 });
  builds.set('A', await buildForTest(contentDir, 1_700_000_000_000, 'release A'));
  builds.set('B', await buildForTest(contentDir, 1_700_000_100_000, 'release B'));
  state = await mkdtemp(join(tmpdir(), 'edge-site-skew-'));
  persist = { kv: join(state, 'kv'), cache: join(state, 'cache') };
}, 120_000);

afterAll(async () => {
  await worker?.close();
  await Promise.all([...builds.values()].map((s) => s.cleanup()));
  await rm(state, { recursive: true, force: true });
  await rm(contentDir, { recursive: true, force: true });
});

test('publish, code deploy, open tab, edge cache, rollback of code and content, gc, and forward again never break a page', async () => {
  // 1. Build and publish A.
  await deploy('A');
  await expectWholeSite('A');
  const htmlOfA = new Map<string, string>();
  for (const path of PAGES) htmlOfA.set(path, await (await worker!.fetch(path)).text());

  // 2. New client code: build and deploy B.
  await deploy('B');
  expect(clientFilesOf('A')).not.toEqual(clientFilesOf('B'));
  await expectWholeSite('B');
  const htmlOfB = new Map<string, string>();
  for (const path of PAGES) htmlOfB.set(path, await (await worker!.fetch(path)).text());

  // 3. A tab opened on A clicks through three pages: each click loads the page's payload and the
  //    chunks A's code loads on demand, all from a worker that now runs B.
  for (const path of PAGES) {
    const res = await worker!.fetch(`${payloadUrlPath(path)}?${builds.get('A')!.build.id}`);
    expect(res.status, path).toBe(200);
    expect(((await res.json()) as { path: string }).path).toBe(path);
  }
  for (const file of clientFilesOf('A')) await expectFile(file);

  // 4. A's HTML, cached at the edge for up to a day, is served: everything it names loads.
  for (const html of htmlOfA.values()) for (const file of referenced(html)) await expectFile(file);

  // 5. Roll back to A: code and content, worker first (the restored code reads B's records).
  const calls = await rollbackTo('A');
  expect(calls).toEqual([
    ['rollback', VERSION.A, '--env', 'production', '--message', expect.stringContaining(builds.get('A')!.build.id), '-y'],
  ]);
  expect(running).toBe('A');
  await expectWholeSite('A');
  for (const html of htmlOfB.values()) for (const file of referenced(html)) await expectFile(file);

  // 6. GC with --keep 1 at once: B was live minutes ago, so it and its client files stay.
  const gc = await collectGarbage(kv(), { keep: 1 });
  expect(gc.kept.get(builds.get('B')!.build.id)).toBe('live within the edge cache lifetime');
  expect(gc.removedClientFiles).toEqual([]);
  await expectWholeSite('A');
  for (const file of clientFilesOf('B')) await expectFile(file);
  const index = await kv().getMany([kvKeys.index(builds.get('B')!.build.id)]);
  expect(BuildIndex.parse(JSON.parse(index.get(kvKeys.index(builds.get('B')!.build.id))!)).id).toBe(builds.get('B')!.build.id);

  // 7. Forward to B again.
  await rollbackTo('B');
  expect(running).toBe('B');
  await expectWholeSite('B');
  for (const html of htmlOfA.values()) for (const file of referenced(html)) await expectFile(file);
}, 240_000);
