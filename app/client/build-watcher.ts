/**
 * A tab can stay open for days while new builds are published. Knowing the running build is
 * outdated lets the app switch to full page loads (or offer a refresh) before missing chunks
 * and changed payload shapes surface as errors. Checks run on a fixed cadence started from
 * the timer, not from when the previous answer arrived, so one hung request cannot stop them.
 */
import { BUILD_CHECK_INTERVAL_MS } from '../constants';

export interface BuildWatcherOptions {
  currentId: string;
  fetchLatest: () => Promise<{ id: string }>;
  onOutdated: (latestId: string) => void;
  intervalMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Default: ignore; being offline now and then is normal. */
  onError?: (error: unknown) => void;
}

export function startBuildWatcher(options: BuildWatcherOptions): { stop(): void; isOutdated(): boolean } {
  const intervalMs = options.intervalMs ?? BUILD_CHECK_INTERVAL_MS;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let handle: unknown;
  let stopped = false;
  let outdated = false;
  let inFlight = false;

  function stop() {
    stopped = true;
    if (handle !== undefined) clearTimer(handle);
    handle = undefined;
  }

  async function check() {
    handle = setTimer(check, intervalMs);
    // A check still waiting after a whole interval: skip this turn rather than pile up.
    if (inFlight) return;
    inFlight = true;
    let latestId: string;
    try {
      const latest: unknown = await options.fetchLatest();
      const id = (latest as { id?: unknown } | null | undefined)?.id;
      if (typeof id !== 'string' || id === '') throw new Error('Latest build answer has no build id');
      latestId = id;
    } catch (error) {
      if (!stopped) options.onError?.(error);
      return;
    } finally {
      inFlight = false;
    }
    if (stopped || latestId === options.currentId) return;
    outdated = true;
    stop();
    options.onOutdated(latestId);
  }

  handle = setTimer(check, 0);
  return { stop, isOutdated: () => outdated };
}
