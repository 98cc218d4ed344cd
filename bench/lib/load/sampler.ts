/**
 * Watches which build the site serves while a publish happens under load: plain fetches of
 * HTML pages every ~50 ms, reading the build id each page embeds. ./analyse.ts judges the
 * samples (switchVerdict).
 */
import { embeddedBuildId } from '../embedded-build-id';
import { CHROME_UA } from '../load-generator';

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
