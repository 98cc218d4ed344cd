/**
 * Named drafts in real local KV (workerd, through Miniflare, as wrangler dev keeps it): publishing one,
 * listing and deleting drafts, gc keeping every draft's build and deleting unused drafts, and
 * `npm run publish -- --draft NAME` writing where the local preview host reads.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { kvKeys } from '../../app/kv-keys';
import { collectGarbage } from '../../scripts/lib/build-admin';
import { deleteDraft, listDrafts } from '../../scripts/lib/drafts';
import type { KvClient } from '../../scripts/lib/kv-cli';
import { localKv } from '../../scripts/lib/kv-local';
import { publishBuild, readBuildFiles, type BuildFiles } from '../../scripts/lib/publish';
import { buildGeneratedSite, tempDir } from '../support/built-site';
import { emptyKvNamespaces } from '../support/kv-namespaces';
import { runScriptInProcess } from '../support/script-in-process';

const DAY_MS = 86_400_000;
const NOW = 1_800_000_000_000;

let sites: Awaited<ReturnType<typeof buildGeneratedSite>>[] = [];
let live: BuildFiles;
let draft: BuildFiles;
let state: string;
let kv: KvClient;
// Each test's KV is a namespace of its own, empty (test/support/kv-namespaces.ts).
const namespaces = emptyKvNamespaces(16);

beforeAll(async () => {
  sites = await Promise.all([buildGeneratedSite({ pagesPerLocale: 2 }), buildGeneratedSite({ pagesPerLocale: 3, siteName: 'Draft Site' })]);
  live = await readBuildFiles(sites[0]!.outDir);
  draft = await readBuildFiles(sites[1]!.outDir);
  state = await tempDir('drafts-kv');
}, 120_000);
afterAll(async () => {
  await namespaces.close();
  await Promise.all(sites.map((s) => s.cleanup()));
  if (state) await rm(state, { recursive: true, force: true });
});
beforeEach(() => {
  kv = namespaces.next();
});

const pointer = async (key: string) => {
  const value = (await kv.getMany([key])).get(key);
  return value ? (JSON.parse(value) as { id: string }).id : null;
};

describe('a named draft', () => {
  test('has a pointer of its own, leaving the live build and the unnamed draft alone', async () => {
    await publishBuild(kv, live);
    await publishBuild(kv, live, { draft: true });
    await publishBuild(kv, draft, { draft: true, draftName: 'spring' });
    expect(await pointer(kvKeys.latest)).toBe(live.id);
    expect(await pointer(kvKeys.draft)).toBe(live.id);
    expect(await pointer(kvKeys.namedDraft('spring'))).toBe(draft.id);
  });

  test('is listed with its build, when and by whom it was published, and the pages it changes against live', async () => {
    await publishBuild(kv, live);
    await publishBuild(kv, draft, { draft: true, draftName: 'spring', now: () => NOW });
    await publishBuild(kv, live, { draft: true, draftName: 'autumn', now: () => NOW });
    const [autumn, spring] = await listDrafts(kv);
    expect(spring).toMatchObject({ name: 'spring', build: draft.id, publishedAt: NOW, publishedBy: expect.stringMatching(/.+@.+/) });
    // A page the live build has not (and the draft's other site name changes every page).
    expect(spring!.changed).toContain('/en/section/group-3/page-3');
    expect(autumn).toMatchObject({ name: 'autumn', build: live.id, changed: [] });
  });

  test('published again renews its publish time', async () => {
    await publishBuild(kv, draft, { draft: true, draftName: 'spring', now: () => NOW });
    await publishBuild(kv, draft, { draft: true, draftName: 'spring', now: () => NOW + DAY_MS });
    expect((await listDrafts(kv))[0]!.publishedAt).toBe(NOW + DAY_MS);
  });

  test('deleted, is gone from the list, and deleting one that is not there says so', async () => {
    await publishBuild(kv, draft, { draft: true, draftName: 'spring' });
    expect(await deleteDraft(kv, 'spring')).toEqual({ build: draft.id });
    expect(await listDrafts(kv)).toEqual([]);
    await expect(deleteDraft(kv, 'spring')).rejects.toThrow('there is no draft named "spring" (npm run drafts lists them)');
  });
});

describe('gc and drafts', () => {
  test('keeps the build of every draft, named or not', async () => {
    await publishBuild(kv, live);
    await publishBuild(kv, draft, { draft: true, draftName: 'spring', now: () => NOW });
    const result = await collectGarbage(kv, { keep: 0, force: true, now: () => NOW });
    expect(result.kept.get(draft.id)).toBe('draft');
    expect(result.removedBuilds).toEqual([]);
  });

  test('deletes a named draft nobody published for 30 days, says so, and then removes its build', async () => {
    await publishBuild(kv, live);
    await publishBuild(kv, draft, { draft: true, draftName: 'spring', now: () => NOW - 30 * DAY_MS });
    const lines: string[] = [];
    const result = await collectGarbage(kv, { keep: 0, force: true, now: () => NOW, log: (l) => lines.push(l) });
    expect(result.removedDrafts).toEqual(['spring']);
    expect(result.removedBuilds).toEqual([draft.id]);
    expect(lines).toContain(`removed draft spring (unused for 30+ days, last published ${new Date(NOW - 30 * DAY_MS).toISOString()})`);
    expect(await pointer(kvKeys.namedDraft('spring'))).toBeNull();
  });

  test('keeps a draft used within the days given, and takes another number of days', async () => {
    await publishBuild(kv, draft, { draft: true, draftName: 'spring', now: () => NOW - 10 * DAY_MS });
    expect((await collectGarbage(kv, { keep: 0, force: true, now: () => NOW, dryRun: true })).removedDrafts).toEqual([]);
    const lines: string[] = [];
    const dry = await collectGarbage(kv, { keep: 0, force: true, now: () => NOW, dryRun: true, draftDays: 7, log: (l) => lines.push(l) });
    expect(dry.removedDrafts).toEqual(['spring']);
    expect(lines[0]).toMatch(/^would remove draft spring \(unused for 7\+ days/);
    expect(await pointer(kvKeys.namedDraft('spring'))).toBe(draft.id);
  });
});

describe('npm run publish -- --draft NAME on this machine', () => {
  test('writes to the preview environment’s local KV, which npm run preview serves, and says so', async () => {
    const result = await runScriptInProcess('publish', ['--draft', 'spring', '--persist-to', state, '--dist', sites[1]!.outDir]);
    expect(result.stdout).toContain('draft: spring (named on the command line)');
    expect(result.stdout).toContain('local draft: writing to the preview environment’s local KV, which npm run preview serves');
    expect(result.status).toBe(0);
    const preview = localKv({ env: 'preview', persistTo: state });
    try {
      const value = (await preview.getMany([kvKeys.namedDraft('spring')])).get(kvKeys.namedDraft('spring'));
      expect(JSON.parse(value!).id).toBe(draft.id);
    } finally {
      await preview.close();
    }
  });

  test('npm run drafts lists it from there, and npm run drafts -- delete removes it', async () => {
    await runScriptInProcess('publish', ['--draft', 'spring', '--persist-to', state, '--dist', sites[1]!.outDir]);
    const listed = await runScriptInProcess('drafts', ['--persist-to', state]);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(
        `^spring  build ${draft.id}  published \\S+ by \\S+@\\S+  \\d+ page\\(s\\) changed against live  http://spring.preview.localhost:8788`,
        'm',
      ),
    );
    expect(listed.stdout).toContain('share links: not stored');
    const deleted = await runScriptInProcess('drafts', ['delete', 'spring', '--persist-to', state]);
    expect(deleted.stdout).toContain(`deleted the draft spring (build ${draft.id})`);
    expect((await runScriptInProcess('drafts', ['--persist-to', state])).stdout).toBe('no drafts\n');
  });

  test('refuses a name that is no safe host name, before writing anything', async () => {
    const result = await runScriptInProcess('publish', ['--draft', 'Spring_Campaign', '--persist-to', state, '--dist', sites[1]!.outDir]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('"Spring_Campaign" is not a draft name');
  });
});
