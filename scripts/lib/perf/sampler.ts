/**
 * Watches which build the site serves while a publish happens under load: plain fetches of
 * HTML pages every ~50 ms, reading the build id each page embeds. The verdict (pure) says
 * whether every page named the old or the new build and nothing else, and whether the new
 * build took over once the worker's pointer TTL had passed.
 */
import { embeddedBuildId } from './scenarios';
import { CHROME_UA } from './load-gen';

export interface Sample {
  /** ms since the sampler started (performance.now() based), when the request began */
  at: number;
  /** when the answer had arrived, same clock */
  end: number;
  path: string;
  status: number;
  buildId: string | null;
  error?: string;
}

export interface Sampler {
  samples: Sample[];
  /** resolves once a page names `id`, or false at the deadline (ms from now) */
  waitFor(id: string, timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
  now(): number;
}

const INTERVAL_MS = 50;
const REQUEST_TIMEOUT_MS = 5_000;

/** Starts sampling; bounded by maxMs and by stop(). One request at a time. */
export function startSampler(baseUrl: string, paths: string[], maxMs: number): Sampler {
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  const samples: Sample[] = [];
  let stopped = false;
  const loop = (async () => {
    for (let i = 0; !stopped && now() < maxMs; i++) {
      const path = paths[i % paths.length]!;
      const at = now();
      try {
        const res = await fetch(baseUrl + path, {
          headers: { 'user-agent': CHROME_UA },
          redirect: 'manual',
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const body = await res.text();
        samples.push({ at, end: now(), path, status: res.status, buildId: embeddedBuildId(body) });
      } catch (err) {
        samples.push({ at, end: now(), path, status: 0, buildId: null, error: (err as Error).message });
      }
      await new Promise((r) => setTimeout(r, INTERVAL_MS));
    }
  })();
  return {
    samples,
    now,
    async waitFor(id, timeoutMs) {
      const deadline = now() + timeoutMs;
      while (now() < deadline && !stopped) {
        if (samples.some((s) => s.buildId === id)) return true;
        await new Promise((r) => setTimeout(r, INTERVAL_MS));
      }
      return samples.some((s) => s.buildId === id);
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

export interface SwitchVerdict {
  ok: boolean;
  problems: string[];
  counts: Record<string, number>;
  /** ms from the pointer write to the first page naming the new build */
  firstNewAfterMs: number | null;
  /** ms from the pointer write to the last page naming the old build */
  lastOldAfterMs: number | null;
}

export interface SwitchInput {
  samples: Sample[];
  oldId: string;
  newId: string;
  /** when the pointer write began (records were all written before), on the sampler's clock */
  pointerStartedAt: number;
  /** when the pointer write completed, on the sampler's clock */
  publishedAt: number;
  /** the worker's BUILD_POINTER_TTL_MS */
  ttlMs: number;
  /** slack for requests in flight at the switch */
  graceMs?: number;
}

export function switchVerdict({
  samples,
  oldId,
  newId,
  pointerStartedAt,
  publishedAt,
  ttlMs,
  graceMs = 1_000,
}: SwitchInput): SwitchVerdict {
  const problems: string[] = [];
  const counts: Record<string, number> = {};
  for (const s of samples) {
    const label = s.error
      ? 'error'
      : s.buildId === oldId
        ? 'old'
        : s.buildId === newId
          ? 'new'
          : `other (${s.status} ${s.buildId ?? 'no build id'})`;
    counts[label] = (counts[label] ?? 0) + 1;
  }
  const errors = samples.filter((s) => s.error);
  if (errors.length) problems.push(`${errors.length} sampler request(s) failed, e.g. ${errors[0]!.path}: ${errors[0]!.error}`);
  const others = samples.filter((s) => !s.error && s.buildId !== oldId && s.buildId !== newId);
  if (others.length)
    problems.push(
      `${others.length} page(s) named neither build, e.g. ${others[0]!.path}: status ${others[0]!.status}, build ${others[0]!.buildId}`,
    );
  // A page naming the new build cannot have arrived before the pointer write began (the
  // records alone must not switch anything).
  const early = samples.filter((s) => s.buildId === newId && s.end < pointerStartedAt);
  if (early.length) problems.push(`the new build appeared before its pointer was written (${early.length} page(s))`);
  const firstNew = samples.find((s) => s.buildId === newId);
  const lastOld = samples.filter((s) => s.buildId === oldId).at(-1);
  const firstNewAfterMs = firstNew ? firstNew.at - publishedAt : null;
  const lastOldAfterMs = lastOld ? lastOld.at - publishedAt : null;
  if (!firstNew) problems.push(`the new build ${newId} never appeared`);
  else if (firstNewAfterMs! > ttlMs + graceMs)
    problems.push(`the new build appeared ${Math.round(firstNewAfterMs!)} ms after the publish (pointer TTL ${ttlMs} ms)`);
  // The old build may answer requests begun up to the TTL after the publish, never later.
  if (lastOldAfterMs !== null && lastOldAfterMs > ttlMs + graceMs)
    problems.push(`the old build was still served ${Math.round(lastOldAfterMs)} ms after the publish (pointer TTL ${ttlMs} ms)`);
  if (!samples.some((s) => s.buildId === newId && s.at > publishedAt + ttlMs + graceMs)) {
    problems.push('no page was sampled after the pointer TTL had passed');
  }
  return { ok: problems.length === 0, problems, counts, firstNewAfterMs, lastOldAfterMs };
}
