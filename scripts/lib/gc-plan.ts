/**
 * Which builds `npm run gc` keeps, and which client files and code records go with the rest: a
 * pure function of the builds, the pointers, the published markers and the clock.
 *
 * A page the edge cached may still be open in a tab that loads its build's payloads and client
 * files for as long as the edge keeps that page (PAGE_EDGE_TTL_S), so every build that was live
 * within that window stays, whatever `--keep` says: the ones whose marker (last made live) is
 * within it, and the one that was live when it began (the newest marker older than it).
 */
import { PAGE_EDGE_TTL_S } from '../../app/constants';
import { kvKeys } from '../../app/kv-keys';
import { searchPartHashes } from '../../app/search/record';

/** `npm run gc` keeps this many most recently published builds unless `--keep` says otherwise. */
export const DEFAULT_GC_KEEP_BUILDS = 10;
/** How long after it stopped being live a build may still be in use: the edge cache lifetime of its pages. */
export const RECENTLY_LIVE_WINDOW_MS = PAGE_EDGE_TTL_S * 1000;

export type KeepReason = 'live' | 'draft' | 'live within the edge cache lifetime' | 'among the newest published';

export interface GcBuild {
  id: string;
  /** the manifest's build time */
  timestamp: number;
}

export interface GcInput {
  builds: readonly GcBuild[];
  live: string | null;
  /** the builds drafts point at: the unnamed draft's and every named one's */
  drafts: readonly string[];
  /** build id -> when it was last made live (`builds/published/{id}.json`) */
  published: ReadonlyMap<string, number>;
  now: number;
  /** how many more builds to keep besides the live build, the drafts and those in their grace window */
  keep: number;
  /** drop the recently-live rule (live and drafts are kept regardless) */
  force: boolean;
}

export interface GcPlan {
  kept: Map<string, KeepReason>;
  removed: string[];
}

export function planGc({ builds, live, drafts, published, now, keep, force }: GcInput): GcPlan {
  const kept = new Map<string, KeepReason>();
  const known = new Set(builds.map((b) => b.id));
  if (live && known.has(live)) kept.set(live, 'live');
  for (const draft of drafts) if (known.has(draft) && !kept.has(draft)) kept.set(draft, 'draft');
  if (!force) {
    const windowStart = now - RECENTLY_LIVE_WINDOW_MS;
    let liveAtStart: { id: string; at: number } | null = null;
    for (const b of builds) {
      const at = published.get(b.id);
      if (at === undefined) continue;
      if (at >= windowStart) {
        if (!kept.has(b.id)) kept.set(b.id, 'live within the edge cache lifetime');
      } else if (!liveAtStart || at > liveAtStart.at) liveAtStart = { id: b.id, at };
    }
    if (liveAtStart && !kept.has(liveAtStart.id)) kept.set(liveAtStart.id, 'live within the edge cache lifetime');
  }
  // Builds without a marker (published before markers existed, or drafts) rank by build time.
  const newest = [...builds].sort(
    (a, b) => (published.get(b.id) ?? b.timestamp) - (published.get(a.id) ?? a.timestamp) || a.id.localeCompare(b.id),
  );
  // --keep counts only the builds nothing else keeps: `--keep 1 --force` still keeps the build
  // live before the current one, not just the live build.
  for (const b of newest.filter((b) => !kept.has(b.id)).slice(0, keep)) kept.set(b.id, 'among the newest published');
  return { kept, removed: builds.map((b) => b.id).filter((id) => !kept.has(id)) };
}

/**
 * The `assets/...` keys no kept build names. A kept build without recorded code may load any
 * client file, so then none is removed.
 */
export function unreferencedClientFiles(assetKeys: readonly string[], keptClientFiles: readonly (readonly string[] | null)[]): string[] {
  if (keptClientFiles.some((files) => files === null)) return [];
  const referenced = new Set(keptClientFiles.flatMap((files) => files!.map(kvKeys.clientFile)));
  return assetKeys.filter((key) => !referenced.has(key));
}

/**
 * The search records kept builds use: the locale dictionaries their indexes list, and the term
 * and page-text records each dictionary lists (app/search/record.ts). A dictionary KV does not
 * have, or cannot be read, names none it could be keeping: then nothing is said to be unused,
 * and the caller stops.
 */
export function searchRecordsInUse(
  dictionaries: ReadonlyMap<string, string | null>,
): { ok: true; keys: Set<string> } | { ok: false; key: string } {
  const keys = new Set<string>();
  for (const [key, value] of dictionaries) {
    let hashes: string[] | null;
    try {
      hashes = value === null ? null : searchPartHashes(JSON.parse(value));
    } catch {
      hashes = null;
    }
    if (hashes === null) return { ok: false, key };
    keys.add(key);
    for (const hash of hashes) keys.add(kvKeys.search(hash));
  }
  return { ok: true, keys };
}
