/**
 * Rollback and gc against real local KV (workerd, through Miniflare, as wrangler dev keeps it), with
 * builds seeded record by record as publish writes them: indexes that record their code, client
 * files archived under `assets/`, and the worker versions deploy records under `code/`.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { AppManifest, BuildCode, BuildIndex, CodeVersion } from '../../app/build-records';
import { kvKeys } from '../../app/kv-keys';
import { collectGarbage } from '../../scripts/lib/build-admin';
import { localKv } from '../../scripts/lib/kv-local';
import { rollback } from '../../scripts/lib/rollback';
import { tempDir } from '../support/built-site';
import { storedIndex } from '../app/search/in-memory-index';

const HOUR = 3_600_000;
const NOW = 1_800_000_000_000;
const OLD = 'aaaaaaaaaaaaaaaa';
const NEW = 'bbbbbbbbbbbbbbbb';
const OLD_CODE = '1111111111111111';
const NEW_CODE = '2222222222222222';

let state: string;
let kv: ReturnType<typeof localKv>;

// One local KV for the file (starting workerd costs about a second and a half): each test starts
// from an empty store, so test order does not matter.
beforeAll(async () => {
  state = await tempDir('kv-ops');
  kv = localKv({ persistTo: state });
});
afterAll(async () => {
  await kv?.close();
  if (state) await rm(state, { recursive: true, force: true });
});
beforeEach(async () => {
  await kv.deleteMany(await kv.list(''));
});

const hashOf = (id: string) => id.slice(0, 1).repeat(64);

/** A whole build in KV: manifest, index (with its code), its one payload, its client files, and optionally its marker. */
async function seedBuild(id: string, { timestamp, code, madeLive }: { timestamp: number; code?: BuildCode; madeLive?: number }) {
  const manifest: AppManifest = { id, timestamp, matcher: { rules: [] }, prerendered: ['/'] };
  const index: BuildIndex = {
    id,
    pages: { '/': hashOf(id) },
    chrome: {},
    defaultLocale: 'en',
    csp: { scriptHashes: [], connectOrigins: [] },
    webhooks: {},
    ...(code ? { code } : {}),
  };
  await kv.putMany([
    { key: kvKeys.payload(hashOf(id)), value: '{}' },
    ...(code?.clientFiles ?? []).map((f) => ({ key: kvKeys.clientFile(f), value: `// ${f}` })),
    { key: kvKeys.index(id), value: JSON.stringify(index) },
    { key: kvKeys.manifest(id), value: JSON.stringify(manifest) },
    ...(madeLive !== undefined ? [{ key: kvKeys.published(id), value: JSON.stringify({ id, timestamp: madeLive }) }] : []),
  ]);
}

const code = (id: string, recordsFormat: number, clientFiles: string[]): BuildCode => ({ id, recordsFormat, clientFiles });
const setLive = (id: string) => kv.putMany([{ key: kvKeys.latest, value: JSON.stringify({ id, timestamp: 1 }) }]);
const recordVersion = (codeId: string, versionId: string) =>
  kv.putMany([{ key: kvKeys.codeVersion(codeId), value: JSON.stringify({ codeId, versionId, deployedAt: 1 } satisfies CodeVersion) }]);
const read = async (key: string) => (await kv.getMany([key])).get(key) ?? null;
const liveId = async () => (JSON.parse((await read(kvKeys.latest)) ?? '{}') as { id?: string }).id;

/** Old code (format 1) made OLD; new code (format 1 or 2) made NEW, which is live. */
async function seedTwoCodes(newFormat = 1) {
  await seedBuild(OLD, { timestamp: NOW - 50 * HOUR, code: code(OLD_CODE, 1, ['/_app/entry-old.js']), madeLive: NOW - 50 * HOUR });
  await seedBuild(NEW, { timestamp: NOW - 40 * HOUR, code: code(NEW_CODE, newFormat, ['/_app/entry-new.js']), madeLive: NOW - 40 * HOUR });
  await setLive(NEW);
}

describe('rollback', () => {
  test('--dry-run prints the plan and changes nothing', async () => {
    await seedTwoCodes();
    await recordVersion(OLD_CODE, 'v-old');
    const lines: string[] = [];
    let called = false;
    await rollback(kv, OLD, {
      remote: { env: 'production' },
      dryRun: true,
      log: (l) => lines.push(l),
      wrangler: async () => ((called = true), ''),
    });
    expect(lines).toEqual([
      "the restored code reads the live build's format 1: worker first, then the pointer",
      `1. worker: npx wrangler rollback v-old --env production --message "rollback to build ${OLD}" -y   (code ${OLD_CODE})`,
      `2. pointer: builds/latest.json -> ${OLD}, builds/latest-format/1.json -> ${OLD}, published marker`,
      'dry run: nothing was changed',
    ]);
    expect(called).toBe(false);
    expect(await liveId()).toBe(NEW);
  });

  test('a code and content rollback runs wrangler rollback while the old build is still live, then moves the pointer', async () => {
    await seedTwoCodes();
    await recordVersion(OLD_CODE, 'v-old');
    const calls: { args: string[]; liveThen: string | undefined }[] = [];
    await rollback(kv, OLD, {
      remote: { env: 'production' },
      wrangler: async (args) => (calls.push({ args, liveThen: await liveId() }), ''),
    });
    expect(calls).toEqual([
      { args: ['rollback', 'v-old', '--env', 'production', '--message', `rollback to build ${OLD}`, '-y'], liveThen: NEW },
    ]);
    expect(await liveId()).toBe(OLD);
  });

  test('when only the running code reads the target, the pointer has moved before wrangler rollback runs', async () => {
    await seedTwoCodes(2);
    await recordVersion(OLD_CODE, 'v-old');
    const liveThen: (string | undefined)[] = [];
    await rollback(kv, OLD, {
      remote: { env: 'production' },
      alsoReads: new Map([[NEW_CODE, [1]]]),
      wrangler: async () => (liveThen.push(await liveId()), ''),
    });
    expect(liveThen).toEqual([OLD]);
  });

  test('a rollback that fails to mark the target live after moving the pointer names the worker rollback still to run', async () => {
    await seedTwoCodes(2);
    await recordVersion(OLD_CODE, 'v-old');
    const markerFails: typeof kv = {
      ...kv,
      async putMany(records) {
        if (records.some((r) => r.key.startsWith(kvKeys.publishedPrefix))) throw new Error('simulated: wrangler exited 1');
        await kv.putMany(records);
      },
    };
    let called = false;
    await expect(
      rollback(markerFails, OLD, {
        remote: { env: 'production' },
        alsoReads: new Map([[NEW_CODE, [1]]]),
        wrangler: async () => ((called = true), ''),
      }),
    ).rejects.toThrow(
      `build ${OLD} is live, but marking it live failed: running the same command again finishes it, but not the worker steps left: ` +
        `run npx wrangler rollback v-old --env production --message "rollback to build ${OLD}" -y`,
    );
    expect(called).toBe(false);
  });

  test('rollback writes the target as the newest live build of its format and marks it published', async () => {
    await seedTwoCodes(2);
    await rollback(kv, OLD, { contentOnly: true, now: () => NOW });
    expect(JSON.parse((await read(kvKeys.latestOfFormat(1)))!)).toMatchObject({ id: OLD });
    expect(JSON.parse((await read(kvKeys.published(OLD)))!)).toEqual({ id: OLD, timestamp: NOW });
  });

  test('a rollback to other code with no recorded worker version is refused with what to run, and changes nothing', async () => {
    await seedTwoCodes();
    await expect(rollback(kv, OLD, { remote: { env: 'production' }, wrangler: async () => '' })).rejects.toThrow(
      [
        `refused: no worker version is recorded for code ${OLD_CODE} (no code/${OLD_CODE}.json; deploys before this record existed); nothing was changed`,
        'to do it by hand:',
        `  npx wrangler versions list --env production     # find the worker version that ran build ${OLD}`,
        '  npx wrangler rollback <version-id> --env production',
        `  npm run rollback -- ${OLD} --content-only --remote --env production`,
      ].join('\n'),
    );
    expect(await liveId()).toBe(NEW);
  });

  test('a local rollback to other code moves the pointer and says which code to restart', async () => {
    await seedTwoCodes();
    const lines: string[] = [];
    await rollback(kv, OLD, { log: (l) => lines.push(l) });
    expect(await liveId()).toBe(OLD);
    expect(lines.join('\n')).toContain(`local KV has no worker version to restore: build ${OLD} was made by code ${OLD_CODE}`);
  });
});

describe('gc', () => {
  const GONE = 'cccccccccccccccc';
  const GONE_CODE = '3333333333333333';
  /** GONE was live 90 h ago, OLD 50 h ago (so live when the day began), NEW is live since 2 h. */
  async function seedThreeBuilds() {
    await seedBuild(GONE, {
      timestamp: NOW - 90 * HOUR,
      code: code(GONE_CODE, 1, ['/_app/entry-gone.js', '/_app/shared.css']),
      madeLive: NOW - 90 * HOUR,
    });
    await seedBuild(OLD, {
      timestamp: NOW - 50 * HOUR,
      code: code(OLD_CODE, 1, ['/_app/entry-old.js', '/_app/shared.css']),
      madeLive: NOW - 50 * HOUR,
    });
    await seedBuild(NEW, { timestamp: NOW - 2 * HOUR, code: code(NEW_CODE, 1, ['/_app/entry-new.js']), madeLive: NOW - 2 * HOUR });
    await setLive(NEW);
    await recordVersion(GONE_CODE, 'v-gone');
    await recordVersion(OLD_CODE, 'v-old');
  }

  test('with --keep 0 it keeps the live build and the one live when the day began, and removes the older one', async () => {
    await seedThreeBuilds();
    const result = await collectGarbage(kv, { keep: 0, now: () => NOW });
    expect([...result.kept]).toEqual([
      [NEW, 'live'],
      [OLD, 'live within the edge cache lifetime'],
    ]);
    expect(result.removedBuilds).toEqual([GONE]);
    expect(await read(kvKeys.manifest(GONE))).toBeNull();
  });

  test('--keep 1 keeps one more build besides the live build, the draft and the one live when the day began', async () => {
    const DRAFT = 'dddddddddddddddd';
    const OLDEST = 'eeeeeeeeeeeeeeee';
    await seedThreeBuilds();
    await seedBuild(OLDEST, { timestamp: NOW - 120 * HOUR, code: code(GONE_CODE, 1, []), madeLive: NOW - 120 * HOUR });
    await seedBuild(DRAFT, { timestamp: NOW - HOUR, code: code(NEW_CODE, 1, []) });
    await kv.putMany([{ key: kvKeys.draft, value: JSON.stringify({ id: DRAFT, timestamp: 1 }) }]);
    const result = await collectGarbage(kv, { keep: 1, now: () => NOW });
    expect(Object.fromEntries(result.kept)).toEqual({
      [NEW]: 'live',
      [DRAFT]: 'draft',
      [OLD]: 'live within the edge cache lifetime',
      [GONE]: 'among the newest published',
    });
    expect(result.removedBuilds).toEqual([OLDEST]);
  });

  test('it keeps every client file a kept build names, shared ones too, and removes those only removed builds name', async () => {
    await seedThreeBuilds();
    await collectGarbage(kv, { keep: 0, now: () => NOW });
    expect((await kv.list(kvKeys.clientFilePrefix)).sort()).toEqual([
      'assets/_app/entry-new.js',
      'assets/_app/entry-old.js',
      'assets/_app/shared.css',
    ]);
  });

  test('it removes the worker version records of codes no kept build was made by', async () => {
    await seedThreeBuilds();
    await collectGarbage(kv, { keep: 0, now: () => NOW });
    expect(await kv.list(kvKeys.codeVersionPrefix)).toEqual([kvKeys.codeVersion(OLD_CODE)]);
  });

  const listSearch = async (id: string, search: Record<string, string>) => {
    const index = JSON.parse((await read(kvKeys.index(id)))!) as BuildIndex;
    await kv.putMany([{ key: kvKeys.index(id), value: JSON.stringify({ ...index, search }) }]);
  };
  const text = (title: string, body: string) => ({ title, description: '', headings: '', body });

  test('it removes the search records only removed builds list, with the records their dictionaries name, and keeps those of kept builds', async () => {
    await seedThreeBuilds();
    const shared = storedIndex('en', [{ path: '/en/a', text: text('Loans', 'A loan for every plan') }]);
    const goneOnly = storedIndex('de', [{ path: '/de/a', text: text('Kredite', 'Ein Kredit für alle') }]);
    await listSearch(GONE, { en: shared.hash, de: goneOnly.hash });
    await listSearch(NEW, { en: shared.hash });
    await kv.putMany([...shared.records, ...goneOnly.records].map(([key, value]) => ({ key, value })));
    const result = await collectGarbage(kv, { keep: 0, now: () => NOW });
    expect((await kv.list(kvKeys.searchPrefix)).sort()).toEqual([...shared.records.keys()].sort());
    expect(result.removedSearchRecords.sort()).toEqual([...goneOnly.records.keys()].sort());
  });

  test("it stops without removing anything when a kept build's search dictionary is not in KV", async () => {
    await seedThreeBuilds();
    const missing = storedIndex('en', [{ path: '/en/a', text: text('Loans', 'A loan') }]);
    await listSearch(NEW, { en: missing.hash });
    await expect(collectGarbage(kv, { keep: 0, now: () => NOW })).rejects.toThrow(
      `kept search record ${kvKeys.search(missing.hash)} is missing or unreadable; stopping without removing anything`,
    );
    expect(await read(kvKeys.index(GONE))).not.toBeNull();
  });

  test('--dry-run lists what would go and removes nothing', async () => {
    await seedTwoCodes();
    const lines: string[] = [];
    await collectGarbage(kv, { keep: 0, force: true, dryRun: true, now: () => NOW, log: (l) => lines.push(l) });
    expect(lines).toEqual([
      `keep ${NEW}  (live)`,
      `would remove build ${OLD}`,
      'would remove assets/_app/entry-old.js',
      'dry run: would remove 1 build(s), 1 payload record(s), 1 client file(s), 0 code version(s); nothing was changed',
    ]);
    expect(await read(kvKeys.manifest(OLD))).not.toBeNull();
  });
});
