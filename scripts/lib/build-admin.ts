/**
 * Operating on published builds: list them and remove what only old builds use (rollback is
 * scripts/lib/rollback.ts). Records of the live and draft builds are never removed.
 */
import { z } from 'zod';
import { AppManifest, BuildIndex } from '../../app/build-records';
import { kvKeys } from '../../app/kv-keys';
import type { KvClient } from './kv-cli';
import { DEFAULT_DRAFT_EXPIRY_DAYS, expiredDrafts, listDrafts, type DraftSummary } from './drafts';
import { planGc, searchRecordsInUse, unreferencedClientFiles, type KeepReason } from './gc-plan';
import { PublishError, acquireLock, lockStillHeld, parsePointer, releaseLock, type HeldLock } from './publish';

export interface BuildSummary {
  id: string;
  timestamp: number;
  pages: number;
  live: boolean;
  draft: boolean;
}

function parseManifest(value: string | null | undefined): AppManifest | null {
  if (!value) return null;
  try {
    return AppManifest.parse(JSON.parse(value));
  } catch {
    return null;
  }
}

/** Every build whose manifest is in KV, newest first. */
export async function listBuilds(kv: KvClient): Promise<BuildSummary[]> {
  const manifestKeys = await kv.list(kvKeys.manifestPrefix);
  const values = await kv.getMany([kvKeys.latest, kvKeys.draft, ...manifestKeys]);
  const live = parsePointer(values.get(kvKeys.latest));
  const draft = parsePointer(values.get(kvKeys.draft));
  const builds: BuildSummary[] = [];
  for (const key of manifestKeys) {
    const manifest = parseManifest(values.get(key));
    if (manifest)
      builds.push({
        id: manifest.id,
        timestamp: manifest.timestamp,
        pages: manifest.prerendered.length,
        live: manifest.id === live,
        draft: manifest.id === draft,
      });
  }
  return builds.sort((a, b) => b.timestamp - a.timestamp || a.id.localeCompare(b.id));
}

export interface GcOptions {
  keep: number;
  /** drop the rule that keeps builds live within the edge cache lifetime */
  force?: boolean;
  dryRun?: boolean;
  /** named drafts nobody has published for this many days are deleted (scripts/lib/drafts.ts) */
  draftDays?: number;
  now?: () => number;
  log?: (line: string) => void;
}

export interface GcResult {
  kept: Map<string, KeepReason>;
  removedBuilds: string[];
  removedPayloads: number;
  removedClientFiles: string[];
  removedCodeVersions: string[];
  /** `search/...` keys no kept build lists */
  removedSearchRecords: string[];
  /** named drafts deleted as unused */
  removedDrafts: string[];
}

const PublishedMarker = z.object({ id: z.string(), timestamp: z.number() });

/**
 * Keeps what may be in use (scripts/lib/gc-plan.ts) and removes every other build's records,
 * the payloads, client files (`assets/...`) and code versions (`code/...`) no kept build names.
 */
export async function collectGarbage(kv: KvClient, options: GcOptions): Promise<GcResult> {
  const { keep, force = false, dryRun = false, draftDays = DEFAULT_DRAFT_EXPIRY_DAYS, now = Date.now, log = () => {} } = options;
  const held: HeldLock | null = dryRun ? null : await acquireLock(kv, 'gc', kvKeys.latest);
  try {
    const builds = await listBuilds(kv);
    const markerKeys = await kv.list(kvKeys.publishedPrefix);
    const markerValues = await kv.getMany(markerKeys);
    const published = new Map<string, number>();
    for (const key of markerKeys) {
      const marker = PublishedMarker.safeParse(safeJson(markerValues.get(key)));
      if (marker.success) published.set(marker.data.id, marker.data.timestamp);
    }
    const drafts = await listDrafts(kv);
    const expired = expiredDrafts(drafts, now(), draftDays);
    const plan = planGc({
      builds,
      live: builds.find((b) => b.live)?.id ?? null,
      drafts: drafts.filter((d) => !expired.includes(d)).flatMap((d) => (d.build ? [d.build] : [])),
      published,
      now: now(),
      keep,
      force,
    });
    const kept = [...plan.kept.keys()];
    const indexes = await kv.getMany(kept.map((id) => kvKeys.index(id)));
    const referenced = new Set<string>();
    const clientFiles: (string[] | null)[] = [];
    const codeIds = new Set<string>();
    const dictionaries = new Set<string>();
    for (const id of kept) {
      const value = indexes.get(kvKeys.index(id));
      if (!value) throw new PublishError(`kept build ${id} has no index in KV; stopping without removing anything`);
      const index = BuildIndex.parse(JSON.parse(value));
      for (const hash of Object.values(index.pages)) referenced.add(kvKeys.payload(hash));
      for (const hash of Object.values(index.search ?? {})) dictionaries.add(kvKeys.search(hash));
      clientFiles.push(index.code?.clientFiles ?? null);
      if (index.code) codeIds.add(index.code.id);
    }
    // A locale's search dictionary names its term and page-text records.
    const dictionaryValues = await kv.getMany([...dictionaries]);
    const searchInUse = searchRecordsInUse(new Map([...dictionaries].map((key) => [key, dictionaryValues.get(key) ?? null])));
    if (!searchInUse.ok)
      throw new PublishError(`kept search record ${searchInUse.key} is missing or unreadable; stopping without removing anything`);
    for (const key of searchInUse.keys) referenced.add(key);
    const payloads = (await kv.list(kvKeys.payloadPrefix)).filter((key) => !referenced.has(key));
    // Content-addressed and listed by their builds' indexes, like payloads.
    const searchRecords = (await kv.list(kvKeys.searchPrefix)).filter((key) => !referenced.has(key));
    const assets = unreferencedClientFiles(await kv.list(kvKeys.clientFilePrefix), clientFiles);
    const codeVersions = (await kv.list(kvKeys.codeVersionPrefix)).filter(
      (key) => ![...codeIds].some((c) => kvKeys.codeVersion(c) === key),
    );
    const result = {
      kept: plan.kept,
      removedBuilds: plan.removed,
      removedPayloads: payloads.length,
      removedClientFiles: assets,
      removedCodeVersions: codeVersions,
      removedSearchRecords: searchRecords,
      removedDrafts: expired.map((d) => d.name!),
    };
    const unused = (d: DraftSummary) => `unused for ${draftDays}+ days, last published ${new Date(d.publishedAt!).toISOString()}`;
    if (dryRun) {
      for (const [id, reason] of plan.kept) log(`keep ${id}  (${reason})`);
      for (const d of expired) log(`would remove draft ${d.name} (${unused(d)})`);
      for (const id of plan.removed) log(`would remove build ${id}`);
      for (const key of [...assets, ...codeVersions, ...searchRecords]) log(`would remove ${key}`);
      log(
        `dry run: would remove ${plan.removed.length} build(s), ${payloads.length} payload record(s), ${assets.length} client file(s), ${codeVersions.length} code version(s); nothing was changed`,
      );
      return result;
    }
    if (held) await lockStillHeld(kv, held, 'nothing was removed');
    // Drafts first: a draft pointer must never name a build already gone.
    await kv.deleteMany(expired.map((d) => kvKeys.namedDraft(d.name!)));
    for (const d of expired) log(`removed draft ${d.name} (${unused(d)})`);
    const buildKeys = plan.removed.flatMap((id) => [
      kvKeys.manifest(id),
      kvKeys.index(id),
      kvKeys.sitemap(id),
      kvKeys.published(id),
      kvKeys.release(id),
    ]);
    // Manifests first: a build without its manifest is no longer listed or adoptable.
    await kv.deleteMany(buildKeys);
    await kv.deleteMany([...payloads, ...assets, ...codeVersions, ...searchRecords]);
    if (searchRecords.length > 0) log(`removed ${searchRecords.length} search record(s)`);
    log(
      `kept ${kept.length} build(s); removed ${plan.removed.length} build(s), ${payloads.length} payload record(s), ` +
        `${assets.length} client file(s) and ${codeVersions.length} code version(s)`,
    );
    return result;
  } finally {
    if (held) await releaseLock(kv, held, log);
  }
}

function safeJson(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
