import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { startBuildWatcher, type BuildWatcherOptions } from '../../../app/client/build-watcher';
import { BUILD_CHECK_INTERVAL_MS } from '../../../app/constants';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function watch(overrides: Partial<BuildWatcherOptions> = {}) {
  const fetchLatest = vi.fn(async () => ({ id: 'build-1' }));
  const onOutdated = vi.fn();
  const onError = vi.fn();
  const watcher = startBuildWatcher({ currentId: 'build-1', fetchLatest, onOutdated, onError, ...overrides });
  return { watcher, fetchLatest: (overrides.fetchLatest as typeof fetchLatest | undefined) ?? fetchLatest, onOutdated, onError };
}

describe('build watcher', () => {
  test('checks right after it starts, not synchronously', async () => {
    const { fetchLatest } = watch();
    expect(fetchLatest).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
  });

  test('checks again at exactly one interval after the first check, not before', async () => {
    const { fetchLatest, watcher } = watch();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS - 1);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchLatest).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(fetchLatest).toHaveBeenCalledTimes(3);
    expect(watcher.isOutdated()).toBe(false);
  });

  test('a different latest build is reported once, marks the build outdated and stops checking', async () => {
    const fetchLatest = vi.fn(async () => ({ id: 'build-2' }));
    const { onOutdated, watcher } = watch({ fetchLatest });
    expect(watcher.isOutdated()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(onOutdated).toHaveBeenCalledTimes(1);
    expect(onOutdated).toHaveBeenCalledWith('build-2');
    expect(watcher.isOutdated()).toBe(true);
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 3);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(onOutdated).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('a newer build found on a later check is reported then', async () => {
    const fetchLatest = vi.fn().mockResolvedValueOnce({ id: 'build-1' }).mockResolvedValue({ id: 'build-3' });
    const { onOutdated } = watch({ fetchLatest });
    await vi.advanceTimersByTimeAsync(0);
    expect(onOutdated).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(onOutdated).toHaveBeenCalledWith('build-3');
  });

  test('a failed check is reported to onError and the next check keeps its schedule', async () => {
    const failure = new TypeError('Failed to fetch');
    const fetchLatest = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue({ id: 'build-1' });
    const { onError, watcher } = watch({ fetchLatest });
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(failure);
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS - 1);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchLatest).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(watcher.isOutdated()).toBe(false);
  });

  test.each([
    ['no id', {}],
    ['a numeric id', { id: 7 }],
    ['an empty id', { id: '' }],
    ['null', null],
  ])('an answer with %s is a failed check, not an outdated build', async (_label, answer) => {
    const fetchLatest = vi.fn().mockResolvedValue(answer);
    const { onError, onOutdated } = watch({ fetchLatest });
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onOutdated).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(fetchLatest).toHaveBeenCalledTimes(2);
  });

  test('a check that hangs does not stop later checks, and they do not pile up', async () => {
    const fetchLatest = vi
      .fn()
      .mockReturnValueOnce(new Promise(() => {}))
      .mockResolvedValue({ id: 'build-2' });
    const { onOutdated } = watch({ fetchLatest });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    // The first check still waits, so this turn is skipped rather than sent alongside it.
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(onOutdated).not.toHaveBeenCalled();
  });

  test('stop before the first check means no check at all', async () => {
    const { fetchLatest, watcher } = watch();
    watcher.stop();
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 2);
    expect(fetchLatest).not.toHaveBeenCalled();
  });

  test('stop cancels the next scheduled check', async () => {
    const { fetchLatest, watcher } = watch();
    await vi.advanceTimersByTimeAsync(0);
    watcher.stop();
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 2);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
  });

  test('an answer that arrives after stop is ignored', async () => {
    let answer: (value: { id: string }) => void = () => {};
    const fetchLatest = vi.fn(() => new Promise<{ id: string }>((resolve) => (answer = resolve)));
    const { onOutdated, watcher } = watch({ fetchLatest });
    await vi.advanceTimersByTimeAsync(0);
    watcher.stop();
    answer({ id: 'build-2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(onOutdated).not.toHaveBeenCalled();
    expect(watcher.isOutdated()).toBe(false);
  });

  test('uses the injected timer functions and interval', async () => {
    const timers: { fn: () => void; ms: number }[] = [];
    const clearTimer = vi.fn();
    const { fetchLatest, watcher } = watch({
      intervalMs: 60_000,
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      clearTimer,
    });
    expect(timers).toEqual([{ fn: expect.any(Function), ms: 0 }]);
    timers[0]?.fn();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(timers[1]?.ms).toBe(60_000);
    watcher.stop();
    expect(clearTimer).toHaveBeenCalledWith(2);
  });
});
