/**
 * Operating on published builds: list them, point the live site at an earlier one, and
 * remove what only old builds use. Records of the live and draft builds are never removed.
 */
import { AppManifest, BuildIndex } from '../../app/build-records';
import { kvKeys } from '../../app/kv-keys';
import type { KvClient } from './kv-cli';
import { PublishError, acquireLock, markPublished, parsePointer, releaseLock } from './publish';

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

/** Points the live site at a build that is still whole in KV; refuses one that is not. */
export async function rollback(kv: KvClient, id: string, log: (line: string) => void = () => {}): Promise<void> {
  const from = await acquireLock(kv, `rollback to ${id}`, kvKeys.latest);
  try {
    const values = await kv.getMany([kvKeys.manifest(id), kvKeys.index(id)]);
    const manifest = parseManifest(values.get(kvKeys.manifest(id)));
    if (!manifest) throw new PublishError(`build ${id} is not in KV (no manifest); nothing was changed`);
    const index = values.get(kvKeys.index(id));
    if (!index) throw new PublishError(`build ${id} is incomplete in KV (no index); nothing was changed`);
    const pages = BuildIndex.parse(JSON.parse(index)).pages;
    const present = new Set(await kv.list(kvKeys.payloadPrefix));
    const missing = Object.values(pages).filter((hash) => !present.has(kvKeys.payload(hash)));
    if (missing.length > 0) throw new PublishError(`build ${id} has ${missing.length} payload(s) missing from KV; nothing was changed`);
    if (from === id) {
      log(`build ${id} is already live`);
      return;
    }
    await kv.putMany([{ key: kvKeys.latest, value: JSON.stringify({ id, timestamp: manifest.timestamp }) }]);
    await markPublished(kv, id, Date.now());
    log(`live: ${from ?? 'none'} -> ${id}`);
  } finally {
    await releaseLock(kv, log);
  }
}

export interface GcResult {
  kept: string[];
  removedBuilds: string[];
  removedPayloads: number;
}

/** Keeps the newest `keep` builds plus the live and draft ones; removes every other build's records. */
export async function collectGarbage(kv: KvClient, keep: number, log: (line: string) => void = () => {}): Promise<GcResult> {
  await acquireLock(kv, 'gc', kvKeys.latest);
  try {
    const builds = await listBuilds(kv);
    const kept = builds.filter((b, i) => i < keep || b.live || b.draft).map((b) => b.id);
    const removed = builds.map((b) => b.id).filter((id) => !kept.includes(id));
    const indexes = await kv.getMany(kept.map((id) => kvKeys.index(id)));
    const referenced = new Set<string>();
    for (const id of kept) {
      const value = indexes.get(kvKeys.index(id));
      if (!value) throw new PublishError(`kept build ${id} has no index in KV; stopping without removing anything`);
      for (const hash of Object.values(BuildIndex.parse(JSON.parse(value)).pages)) referenced.add(kvKeys.payload(hash));
    }
    const payloads = (await kv.list(kvKeys.payloadPrefix)).filter((key) => !referenced.has(key));
    const buildKeys = removed.flatMap((id) => [kvKeys.manifest(id), kvKeys.index(id), kvKeys.sitemap(id), kvKeys.published(id)]);
    // Manifests first: a build without its manifest is no longer listed or adoptable.
    await kv.deleteMany(buildKeys);
    await kv.deleteMany(payloads);
    log(`kept ${kept.length} build(s); removed ${removed.length} build(s) and ${payloads.length} payload record(s)`);
    return { kept, removedBuilds: removed, removedPayloads: payloads.length };
  } finally {
    await releaseLock(kv, log);
  }
}
