/**
 * Publishing and operating builds against real local KV (workerd, through Miniflare, as wrangler
 * dev keeps it): drafts, incremental writes, listing, rollback, garbage collection, and
 * publishes that die halfway or race each other.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { BuildIndex } from '../../app/build-records';
import { kvKeys } from '../../app/kv-keys';
import { collectGarbage, listBuilds } from '../../scripts/lib/build-admin';
import { buildHistory } from '../../scripts/lib/build-history';
import { readLog } from '../../scripts/lib/release';
import { rollback, rollbackTarget } from '../../scripts/lib/rollback';
import type { KvClient } from '../../scripts/lib/kv-cli';
import { localKv } from '../../scripts/lib/kv-local';
import { publishBuild, readBuildFiles, type BuildFiles } from '../../scripts/lib/publish';
import { generateContent } from '../../scripts/lib/generate-content';
import { buildForTest, tempDir, type BuiltSite } from '../support/built-site';
import { emptyKvNamespaces, type KvNamespaces } from '../support/kv-namespaces';
import { runScriptInProcess } from '../support/script-in-process';

let contentA: string;
let siteA: BuiltSite;
let siteB: BuiltSite;
let siteC: BuiltSite;
let filesA: BuildFiles;
let filesB: BuildFiles;
let filesC: BuildFiles;
let kv: KvClient;

// A and B are contents other files build too (drafts-kv's, the preview tests'): a run builds each once.
beforeAll(async () => {
  contentA = await tempDir('pub-a');
  await generateContent({ dir: contentA, pagesPerLocale: 2 });
  siteA = await buildForTest(contentA);
  // C: A with one page changed.
  const contentC = await tempDir('pub-c');
  await cp(contentA, contentC, { recursive: true });
  const file = join(contentC, 'pages/en/page-1.json');
  const page = JSON.parse(await readFile(file, 'utf8'));
  page.title = 'Changed title';
  await writeFile(file, JSON.stringify(page));
  siteC = await buildForTest(contentC);
  await rm(contentC, { recursive: true, force: true });
  // B: a different site.
  const contentB = await tempDir('pub-b');
  await generateContent({ dir: contentB, pagesPerLocale: 3, siteName: 'Draft Site' });
  siteB = await buildForTest(contentB);
  await rm(contentB, { recursive: true, force: true });
  [filesA, filesB, filesC] = await Promise.all([readBuildFiles(siteA.outDir), readBuildFiles(siteB.outDir), readBuildFiles(siteC.outDir)]);
});
afterAll(async () => {
  await Promise.all([siteA, siteB, siteC].map((s) => s?.cleanup()));
  await rm(contentA, { recursive: true, force: true });
});

// Each test starts from an empty store, so test order does not matter: a namespace of its own,
// all of the file's in one workerd (test/support/kv-namespaces.ts).
let namespaces: KvNamespaces;
beforeAll(() => {
  namespaces = emptyKvNamespaces(48);
});
afterAll(() => namespaces?.close());
beforeEach(async () => {
  kv = namespaces.next();
  expect(await kv.list('')).toEqual([]);
});

const pointer = async (key: string = kvKeys.latest) => {
  const value = (await kv.getMany([key])).get(key);
  return value ? (JSON.parse(value) as { id: string }).id : null;
};

/** The sitemap without its `<lastmod>` lines, which the publish adds to the one the build wrote. */
const withoutLastmods = (xml: string) => xml.replace(/\n *<lastmod>[^<]*<\/lastmod>/g, '');

/** Whether every record of a build reads back from KV (the sitemap with its lastmods added). */
async function isWhole(files: BuildFiles): Promise<boolean> {
  const values = await kv.getMany(files.records.map((r) => r.key));
  return files.records.every((r) => {
    const value = values.get(r.key);
    return r.key === files.sitemap.key ? value != null && withoutLastmods(value) === r.value : value === r.value;
  });
}

/** loc -> lastmod (null when the URL has none) of the sitemap KV holds for a build. */
async function lastmods(files: BuildFiles): Promise<Map<string, string | null>> {
  const xml = (await kv.getMany([files.sitemap.key])).get(files.sitemap.key) ?? '';
  return new Map([...xml.matchAll(/<loc>([^<]+)<\/loc>(?:\n *<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => [m[1]!, m[2] ?? null]));
}

type Stage = 'after-payloads' | 'after-manifest' | 'before-pointer' | 'payloads' | 'published-marker';

/**
 * A KV client that dies (throws, as a killed process or a failing wrangler would make the
 * publish stop) at a chosen point: no further operation reaches KV.
 */
function dyingAt(inner: KvClient, stage: Stage): KvClient {
  let manifestWritten = false;
  const die = () => {
    throw new Error('simulated: process killed / wrangler exited 1');
  };
  return {
    ...inner,
    // A killed process never gets to release its lock.
    deleteMany: () => Promise.resolve().then(die),
    async getMany(keys) {
      if (stage === 'after-manifest' && manifestWritten) die();
      return inner.getMany(keys);
    },
    async putMany(records) {
      const keys = records.map((r) => r.key);
      if (stage === 'payloads' && keys.some((k) => k.startsWith(kvKeys.payloadPrefix))) die();
      if (stage === 'after-payloads' && keys.some((k) => k.startsWith(kvKeys.manifestPrefix))) die();
      if (stage === 'before-pointer' && keys.includes(kvKeys.latest)) die();
      if (stage === 'published-marker' && keys.some((k) => k.startsWith(kvKeys.publishedPrefix))) die();
      await inner.putMany(records);
      if (keys.some((k) => k.startsWith(kvKeys.manifestPrefix))) manifestWritten = true;
    },
  };
}

describe('the local KV', () => {
  test('reads more keys than one bulk read takes, each with its value, and a key it does not hold as null', async () => {
    const records = Array.from({ length: 150 }, (_, i) => ({ key: `many/${i}`, value: `value ${i}` }));
    await kv.putMany(records);
    const keys = [...records.map((r) => r.key), 'many/absent', records[0]!.key];
    const values = await kv.getMany(keys);
    expect([...values]).toEqual([...records.map((r) => [r.key, r.value]), ['many/absent', null]]);
  });
});

describe('publishing', () => {
  test('a first publish writes every record, points the live site at the build and marks it published', async () => {
    const result = await publishBuild(kv, filesA);
    // the records, its release record, the pointer, builds/latest-format/1.json, builds/published/{id}.json and the log entry
    expect(result).toMatchObject({ id: filesA.id, written: filesA.records.length + 5, reused: 0, alreadyPublished: false });
    expect((await kv.getMany([kvKeys.published(filesA.id)])).get(kvKeys.published(filesA.id))).toContain(filesA.id);
    expect(await pointer()).toBe(filesA.id);
    expect(await isWhole(filesA)).toBe(true);
  });

  test('publishing the same build twice is a no-op that says so', async () => {
    await publishBuild(kv, filesA);
    const lines: string[] = [];
    const again = await publishBuild(kv, filesA, { log: (l) => lines.push(l) });
    expect(again).toMatchObject({ written: 0, alreadyPublished: true });
    expect(lines.join('\n')).toContain('already the live build');
  });

  test("after a one-page change only that page, its locale's search dictionary and the search records holding the page, the build and release records, the pointer, the latest of its format, the published marker and the log entry are written", async () => {
    await publishBuild(kv, filesA);
    const result = await publishBuild(kv, filesC);
    const shared = (r: { key: string }) =>
      [kvKeys.payloadPrefix, kvKeys.clientFilePrefix, kvKeys.searchPrefix].some((prefix) => r.key.startsWith(prefix));
    const builtRecords = filesC.records.filter((r) => !shared(r)).length;
    const searchOf = (files: typeof filesA) => files.records.filter((r) => r.key.startsWith(kvKeys.searchPrefix)).map((r) => r.key);
    const newSearch = searchOf(filesC).filter((key) => !searchOf(filesA).includes(key));
    // The dictionary, the page's page-text record, and the term records its changed words are in.
    expect(newSearch.length).toBeGreaterThanOrEqual(2);
    expect(newSearch.length).toBeLessThan(searchOf(filesC).length);
    expect(result.written).toBe(1 + newSearch.length + builtRecords + 5);
    expect(result.reused).toBe(filesC.records.filter(shared).length - 1 - newSearch.length);
  });

  test("a build's client files are archived in KV once, before its pointer, and the same code writes none again", async () => {
    const clientFiles = filesA.records.filter((r) => r.key.startsWith(kvKeys.clientFilePrefix));
    expect(clientFiles.map((r) => r.key)).toContain(
      kvKeys.clientFile(JSON.parse(filesA.records.find((r) => r.key === kvKeys.index(filesA.id))!.value).code.clientFiles[0]),
    );
    const lines: string[] = [];
    await publishBuild(kv, filesA, { log: (l) => lines.push(l) });
    expect(lines).toContain(`client files: ${clientFiles.length} written, 0 already in KV`);
    for (const r of clientFiles) expect(await kv.getMany([r.key]).then((m) => m.get(r.key))).toBe(r.value);
    lines.length = 0;
    await publishBuild(kv, filesC, { log: (l) => lines.push(l) });
    expect(lines).toContain(`client files: 0 written, ${clientFiles.length} already in KV`);
  });

  test('--draft writes the draft pointer and leaves the live one alone', async () => {
    await publishBuild(kv, filesA);
    await publishBuild(kv, filesB, { draft: true });
    expect(await pointer()).toBe(filesA.id);
    expect(await pointer(kvKeys.draft)).toBe(filesB.id);
  });

  test('a draft is never marked published, so the live host will not serve its manifest', async () => {
    await publishBuild(kv, filesA);
    await publishBuild(kv, filesB, { draft: true });
    expect((await kv.getMany([kvKeys.published(filesB.id)])).get(kvKeys.published(filesB.id)) ?? null).toBeNull();
  });

  test('a stale lock from a publish that died expires; a live one stops the next publish', async () => {
    await kv.putMany([{ key: kvKeys.publishLock, value: JSON.stringify({ owner: 'dead', expires: Date.now() - 1 }) }]);
    await publishBuild(kv, filesA);
    await kv.putMany([
      { key: kvKeys.publishLock, value: JSON.stringify({ owner: 'ci-42', what: 'build 0123456789abcdef', expires: Date.now() + 60_000 }) },
    ]);
    await expect(publishBuild(kv, filesB)).rejects.toThrow('another publish (build 0123456789abcdef by ci-42) holds the lock until');
    expect(await pointer()).toBe(filesA.id);
  });
});

describe('sitemap lastmod', () => {
  const FIRST = Date.UTC(2025, 0, 6, 9, 30, 0);
  const SECOND = Date.UTC(2025, 1, 3, 14, 0, 0);
  const CHANGED = 'https://generated.example/en/page-1';

  test("a first publish gives every URL of the sitemap that publish's time as its lastmod", async () => {
    await publishBuild(kv, filesA, { now: () => FIRST });
    const byLoc = await lastmods(filesA);
    expect(byLoc.size).toBe(filesA.sitemap.urls.length);
    expect(new Set(byLoc.values())).toEqual(new Set(['2025-01-06T09:30:00Z']));
  });

  test('on the next publish an unchanged page keeps its lastmod and a changed page gets the new publish time', async () => {
    await publishBuild(kv, filesA, { now: () => FIRST });
    await publishBuild(kv, filesC, { now: () => SECOND });
    const byLoc = await lastmods(filesC);
    expect(byLoc.get(CHANGED)).toBe('2025-02-03T14:00:00Z');
    byLoc.delete(CHANGED);
    expect(byLoc.size).toBe(filesC.sitemap.urls.length - 1);
    expect(new Set(byLoc.values())).toEqual(new Set(['2025-01-06T09:30:00Z']));
  });

  test('the sitemap is the built one with a lastmod after each loc', async () => {
    await publishBuild(kv, filesA, { now: () => FIRST });
    const xml = (await kv.getMany([filesA.sitemap.key])).get(filesA.sitemap.key)!;
    const built = filesA.records.find((r) => r.key === filesA.sitemap.key)!.value;
    expect(withoutLastmods(xml)).toBe(built);
    expect(xml).toMatch(/<loc>https:\/\/generated\.example\/en<\/loc>\n {4}<lastmod>2025-01-06T09:30:00Z<\/lastmod>\n {4}<xhtml:link /);
  });

  test('a build published as a draft and then live keeps the lastmods of its first publish', async () => {
    await publishBuild(kv, filesA, { draft: true, now: () => FIRST });
    const asDraft = (await kv.getMany([filesA.sitemap.key])).get(filesA.sitemap.key);
    await publishBuild(kv, filesA, { now: () => SECOND });
    expect((await kv.getMany([filesA.sitemap.key])).get(filesA.sitemap.key)).toBe(asDraft);
  });

  test('a payload KV already holds without a first publish time leaves its URL without a lastmod', async () => {
    const changed = filesC.records.find((r) => r.key.startsWith(kvKeys.payloadPrefix) && JSON.parse(r.value).path === '/en/page-1')!;
    await kv.putMany([changed]);
    await publishBuild(kv, filesC, { now: () => SECOND });
    const byLoc = await lastmods(filesC);
    expect(byLoc.get(CHANGED)).toBeNull();
    expect(byLoc.get('https://generated.example/en/page-2')).toBe('2025-02-03T14:00:00Z');
  });
});

describe('a publish that dies halfway', () => {
  test.each(['after-payloads', 'after-manifest', 'before-pointer'] as const)(
    'stopped %s, it leaves the previous build live and whole, and running it again finishes it',
    async (stage) => {
      await publishBuild(kv, filesA);
      await expect(publishBuild(dyingAt(kv, stage), filesC)).rejects.toThrow('simulated');
      expect(await pointer()).toBe(filesA.id);
      expect(await isWhole(filesA)).toBe(true);
      // Its lock is still there: another build must wait, the same publish run again goes on.
      await expect(publishBuild(kv, filesB)).rejects.toThrow('holds the lock');
      const retried = await publishBuild(kv, filesC);
      expect(retried.alreadyPublished).toBe(false);
      expect(await pointer()).toBe(filesC.id);
      expect(await isWhole(filesC)).toBe(true);
    },
  );

  test('the error names the key where writing failed', async () => {
    await expect(publishBuild(dyingAt(kv, 'payloads'), filesA)).rejects.toThrow(
      /^writing payloads failed at payloads\/[a-f0-9]{64}\.json \(\d+ records\): .*the pointer was not written$/,
    );
  });
});

describe('a publish or rollback that dies after the pointer, marking the build live', () => {
  const marker = async (id: string) => {
    const value = (await kv.getMany([kvKeys.published(id)])).get(kvKeys.published(id));
    return value ? (JSON.parse(value) as { id: string; timestamp: number }) : null;
  };
  const markingFailed = (id: string) =>
    `writing the published marker failed at ${kvKeys.published(id)} (1 records): simulated: process killed / wrangler exited 1; ` +
    `the pointer was written, so build ${id} is live, but marking it live failed: running the same command again finishes it`;

  test('a publish says its build is live but not marked live, and that running it again finishes it', async () => {
    await publishBuild(kv, filesA);
    await expect(publishBuild(dyingAt(kv, 'published-marker'), filesC)).rejects.toThrow(markingFailed(filesC.id));
    expect(await pointer()).toBe(filesC.id);
  });

  test('running the publish again marks its build live and succeeds', async () => {
    await publishBuild(kv, filesA);
    await publishBuild(dyingAt(kv, 'published-marker'), filesC).catch(() => {});
    expect(await marker(filesC.id)).toBeNull();
    const lines: string[] = [];
    const again = await publishBuild(kv, filesC, { now: () => 42, log: (l) => lines.push(l) });
    expect(again.alreadyPublished).toBe(true);
    expect(await marker(filesC.id)).toEqual({ id: filesC.id, timestamp: 42 });
    expect(lines).toContain(`build ${filesC.id} is already the live build; marked live again`);
  });

  // A build that was only ever a draft has no marker of its own to hide the missing one (and
  // going live takes --force).
  test('a rollback says its build is live but not marked live, and that running it again finishes it', async () => {
    await publishBuild(kv, filesA, { draft: true });
    await publishBuild(kv, filesC);
    await expect(rollback(dyingAt(kv, 'published-marker'), filesA.id, { force: true })).rejects.toThrow(markingFailed(filesA.id));
    expect(await pointer()).toBe(filesA.id);
  });

  test('running the rollback again marks its build live and succeeds', async () => {
    await publishBuild(kv, filesA, { draft: true });
    await publishBuild(kv, filesC);
    await rollback(dyingAt(kv, 'published-marker'), filesA.id, { force: true }).catch(() => {});
    expect(await marker(filesA.id)).toBeNull();
    const lines: string[] = [];
    await rollback(kv, filesA.id, { now: () => 42, log: (l) => lines.push(l) });
    expect(await marker(filesA.id)).toEqual({ id: filesA.id, timestamp: 42 });
    expect(lines).toContain(`build ${filesA.id} is already live; marked live again`);
  });
});

describe('two publishes at once', () => {
  test('the one whose starting build changed under it stops and writes no pointer', async () => {
    await publishBuild(kv, filesA);
    // While C is being written, B becomes live (another publisher that ignored the lock).
    const racing: KvClient = {
      ...kv,
      async putMany(records) {
        await kv.putMany(records);
        if (records.some((r) => r.key.startsWith('builds/meta/'))) {
          await kv.putMany([...filesB.records, { key: kvKeys.latest, value: filesB.pointer.value }]);
        }
      },
    };
    await expect(publishBuild(racing, filesC)).rejects.toThrow(
      `the live build changed from ${filesA.id} to ${filesB.id} during this publish; the pointer was not written`,
    );
    expect(await pointer()).toBe(filesB.id);
  });
});

describe('a run that outlives its lock', () => {
  /** KV in which, once `when` matches a write, another run takes the lock over, as after it expired. */
  const takenOverAt = (when: (key: string) => boolean): KvClient => ({
    ...kv,
    async putMany(records) {
      await kv.putMany(records);
      if (records.some((r) => when(r.key))) {
        await kv.putMany([
          { key: kvKeys.publishLock, value: JSON.stringify({ owner: 'other:1', what: 'gc', expires: Date.now() + 60_000 }) },
        ]);
      }
    },
  });
  const lockOwner = async () =>
    (JSON.parse((await kv.getMany([kvKeys.publishLock])).get(kvKeys.publishLock) ?? 'null') as { owner: string } | null)?.owner;

  test('a publish whose lock was taken over stops before the pointer, and leaves the other run its lock', async () => {
    await publishBuild(kv, filesA);
    await expect(
      publishBuild(
        takenOverAt((key) => key.startsWith(kvKeys.manifestPrefix)),
        filesC,
      ),
    ).rejects.toThrow(
      /the publish lock of this build [0-9a-f]+ expired after 10 min and is now held by gc by other:1; the pointer was not written: run it again/,
    );
    expect(await pointer()).toBe(filesA.id);
    expect(await lockOwner()).toBe('other:1');
  });

  test('a gc whose lock was taken over removes nothing', async () => {
    await publishBuild(kv, filesA);
    await publishBuild(kv, filesB);
    const records = async () => (await kv.list('')).filter((key) => key !== kvKeys.publishLock);
    const before = await records();
    // The gc's own lock write is its only write before it deletes: the takeover follows it.
    await expect(
      collectGarbage(
        takenOverAt((key) => key === kvKeys.publishLock),
        { keep: 0, force: true },
      ),
    ).rejects.toThrow(/is now held by gc by other:1; nothing was removed: run it again/);
    expect(await records()).toEqual(before);
  });
});

describe('operating builds', () => {
  test('builds lists every published build with its time, page count, and which is live and draft', async () => {
    await publishBuild(kv, filesA);
    await publishBuild(kv, filesB, { draft: true });
    const builds = await listBuilds(kv);
    expect(builds.map((b) => [b.id, b.live, b.draft]).sort()).toEqual(
      [
        [filesA.id, true, false],
        [filesB.id, false, true],
      ].sort(),
    );
    expect(builds.find((b) => b.id === filesA.id)!.pages).toBe(siteA.build.pageCount);
  });

  test('rollback points the live site at an earlier build that is still in KV', async () => {
    await publishBuild(kv, filesA);
    await publishBuild(kv, filesC);
    await rollback(kv, filesA.id);
    expect(await pointer()).toBe(filesA.id);
  });

  test('rollback to a build that is not in KV is refused and changes nothing', async () => {
    await publishBuild(kv, filesA);
    await expect(rollback(kv, 'ffffffffffffffff')).rejects.toThrow(
      'build ffffffffffffffff is not in KV (no manifest); nothing was changed',
    );
    expect(await pointer()).toBe(filesA.id);
  });

  test('gc removes only what older builds use and keeps the live and draft builds whole', async () => {
    await publishBuild(kv, filesA);
    await publishBuild(kv, filesC);
    await publishBuild(kv, filesB, { draft: true });
    const result = await collectGarbage(kv, { keep: 0, force: true });
    expect(result.removedBuilds).toEqual([filesA.id]);
    expect(result.removedPayloads).toBe(1);
    // The search records of A that C does not share: the changed locale's dictionary and what held the changed page.
    const searchOf = (files: typeof filesA) => files.records.filter((r) => r.key.startsWith(kvKeys.searchPrefix)).map((r) => r.key);
    const onlyA = searchOf(filesA).filter((key) => !searchOf(filesC).includes(key) && !searchOf(filesB).includes(key));
    expect(result.removedSearchRecords.sort()).toEqual(onlyA.sort());
    expect(onlyA.length).toBeGreaterThanOrEqual(2);
    expect(await isWhole(filesC)).toBe(true);
    expect(await isWhole(filesB)).toBe(true);
    expect((await kv.getMany([kvKeys.manifest(filesA.id)])).get(kvKeys.manifest(filesA.id))).toBeNull();
    expect((await kv.getMany([kvKeys.release(filesA.id)])).get(kvKeys.release(filesA.id))).toBeNull();
    const indexC = BuildIndex.parse(JSON.parse(filesC.records.find((r) => r.key === kvKeys.index(filesC.id))!.value));
    expect(Object.keys(indexC.pages).length).toBe(siteC.build.pageCount);
  });
});

describe('release history', () => {
  const T1 = Date.UTC(2026, 10, 2, 9, 0);
  const T2 = T1 + 3_600_000;
  const T3 = T2 + 3_600_000;
  const origin = (n: number) => ({ by: `dev${n}@example.com`, commit: String(n).repeat(40), subject: `commit ${n}` });
  const publishThree = async () => {
    await publishBuild(kv, filesA, { now: () => T1, origin: origin(1) });
    await publishBuild(kv, filesC, { now: () => T2, origin: origin(2) });
    await publishBuild(kv, filesB, { draft: true, now: () => T3, origin: origin(3) });
  };

  test('after three publishes builds lists them newest first, with LIVE and DRAFT', async () => {
    await publishThree();
    const { builds, live, draft, problems } = await buildHistory(kv);
    expect(builds.map((b) => [b.id, b.live, b.draft])).toEqual([
      [filesB.id, false, true],
      [filesC.id, true, false],
      [filesA.id, false, false],
    ]);
    expect({ live, draft, problems }).toEqual({ live: filesC.id, draft: filesB.id, problems: [] });
  });

  test('each build shows its first publish, who published it from which commit, and its pages against the build live then', async () => {
    await publishThree();
    const [, c, a] = (await buildHistory(kv)).builds;
    expect(a).toMatchObject({
      publishedAt: T1,
      publishedBy: 'dev1@example.com',
      commit: '1'.repeat(40),
      subject: 'commit 1',
      against: null,
    });
    expect(a!.pages).toEqual({ added: siteA.build.pageCount, changed: 0, removed: 0 });
    expect(c).toMatchObject({
      publishedAt: T2,
      publishedBy: 'dev2@example.com',
      against: filesA.id,
      pages: { added: 0, changed: 1, removed: 0 },
    });
  });

  test('a build published as a draft and later live keeps the time and publisher of its first publish', async () => {
    await publishBuild(kv, filesB, { draft: true, now: () => T1, origin: origin(1) });
    await publishBuild(kv, filesB, { now: () => T2, origin: origin(2) });
    const [b] = (await buildHistory(kv)).builds;
    expect(b).toMatchObject({ id: filesB.id, live: true, publishedAt: T1, publishedBy: 'dev1@example.com' });
  });

  test('a live pointer that names a build not in KV is a problem, not a list without LIVE', async () => {
    await publishBuild(kv, filesA);
    await kv.putMany([{ key: kvKeys.latest, value: JSON.stringify({ id: 'ffffffffffffffff', timestamp: 1 }) }]);
    const { problems } = await buildHistory(kv);
    expect(problems).toEqual([expect.stringContaining('builds/latest.json names build ffffffffffffffff, which is not in KV')]);
  });

  test('npm run builds -- --json prints only a JSON document of the builds', async () => {
    // The command opens wrangler.toml's SITE_KV in the local state it is given: written here
    // through the same binding, which lets go of the state before the command opens it.
    const state = await tempDir('kv-state');
    const local = localKv({ persistTo: state });
    kv = local;
    try {
      await publishThree();
    } finally {
      await local.close();
    }
    const result = await runScriptInProcess('builds', ['--json', '--persist-to', state]).finally(() =>
      rm(state, { recursive: true, force: true }),
    );
    expect(result.status).toBe(0);
    const printed = JSON.parse(result.stdout) as { live: string; builds: { id: string; publishedBy: string }[] };
    expect(printed.live).toBe(filesC.id);
    expect(printed.builds.map((b) => [b.id, b.publishedBy])).toEqual([
      [filesB.id, 'dev3@example.com'],
      [filesC.id, 'dev2@example.com'],
      [filesA.id, 'dev1@example.com'],
    ]);
  }, 30_000);

  test('rollback --previous puts back the build live before the current one and logs who and why', async () => {
    await publishThree();
    const id = await rollbackTarget(kv, { previous: true });
    await rollback(kv, id, { by: 'ops@example.com', message: 'page 1 title is wrong', now: () => T3 + 1 });
    expect(await pointer()).toBe(filesA.id);
    expect((await readLog(kv)).at(-1)).toEqual({
      at: T3 + 1,
      action: 'rollback',
      to: filesA.id,
      from: filesC.id,
      by: 'ops@example.com',
      message: 'page 1 title is wrong',
    });
  });

  test('rollback --previous after a rollback goes back to the build rolled back from', async () => {
    await publishThree();
    await rollback(kv, await rollbackTarget(kv, { previous: true }));
    expect(await rollbackTarget(kv, { previous: true })).toBe(filesC.id);
  });

  test('a unique prefix of a build id is accepted as the build', async () => {
    await publishThree();
    expect(await rollbackTarget(kv, { prefix: filesA.id.slice(0, 6) })).toBe(filesA.id);
  });

  test('rolling back to a build that was never live (the draft) is refused without --force, and says so', async () => {
    await publishThree();
    await expect(rollback(kv, filesB.id)).rejects.toThrow(`build ${filesB.id} was never live (a draft`);
    expect(await pointer()).toBe(filesC.id);
  });

  test('with --force the draft goes live, and the rollback says it was never live', async () => {
    await publishThree();
    const lines: string[] = [];
    await rollback(kv, filesB.id, { force: true, log: (l) => lines.push(l) });
    expect(await pointer()).toBe(filesB.id);
    expect(lines).toContain(
      `build ${filesB.id} was never live (a draft, or a build only ever published as one): putting it live as --force asks`,
    );
  });
});
