import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { isVerySlowConnection, scheduleManifestPrefetch, type ConnectionInfo } from '../../../app/client/manifest-prefetch';
import { MANIFEST_PREFETCH_DELAY_MS } from '../../../app/constants';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** An idle hook the test fires by hand, standing in for requestIdleCallback. */
function manualIdle() {
  const waiting: (() => void)[] = [];
  return {
    onIdle: (fn: () => void) => void waiting.push(fn),
    becomeIdle: () => waiting.splice(0).forEach((fn) => fn()),
  };
}

describe('isVerySlowConnection', () => {
  test.each<[string, ConnectionInfo]>([
    ['slow-2g', { effectiveType: 'slow-2g' }],
    ['2g', { effectiveType: '2g' }],
    ['save-data on 4g', { effectiveType: '4g', saveData: true }],
  ])('a %s connection is very slow', (_label, connection) => {
    expect(isVerySlowConnection(connection)).toBe(true);
  });

  test.each<[string, ConnectionInfo | null | undefined]>([
    ['3g', { effectiveType: '3g' }],
    ['4g', { effectiveType: '4g' }],
    ['4g with save-data off', { effectiveType: '4g', saveData: false }],
    ['empty', {}],
    ['unknown (undefined)', undefined],
    ['unknown (null)', null],
  ])('a %s connection is not very slow', (_label, connection) => {
    expect(isVerySlowConnection(connection)).toBe(false);
  });
});

describe('scheduleManifestPrefetch', () => {
  test('loads once, one delay after the browser becomes idle and not a millisecond sooner', async () => {
    const load = vi.fn(async () => ({}));
    const idle = manualIdle();
    scheduleManifestPrefetch({ load, onIdle: idle.onIdle });
    await vi.advanceTimersByTimeAsync(MANIFEST_PREFETCH_DELAY_MS * 5);
    expect(load).not.toHaveBeenCalled();

    idle.becomeIdle();
    await vi.advanceTimersByTimeAsync(MANIFEST_PREFETCH_DELAY_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MANIFEST_PREFETCH_DELAY_MS * 10);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test.each<[string, ConnectionInfo]>([
    ['slow-2g', { effectiveType: 'slow-2g' }],
    ['2g', { effectiveType: '2g' }],
    ['save-data', { effectiveType: '4g', saveData: true }],
  ])('schedules nothing on a %s connection', async (_label, connection) => {
    const load = vi.fn(async () => ({}));
    const onIdle = vi.fn();
    scheduleManifestPrefetch({ load, onIdle, connection });
    await vi.advanceTimersByTimeAsync(MANIFEST_PREFETCH_DELAY_MS * 10);
    expect(onIdle).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
  });

  test.each<[string, ConnectionInfo | null | undefined]>([
    ['3g', { effectiveType: '3g' }],
    ['4g', { effectiveType: '4g' }],
    ['unknown', undefined],
    ['null', null],
  ])('prefetches on a %s connection', async (_label, connection) => {
    const load = vi.fn(async () => ({}));
    const idle = manualIdle();
    scheduleManifestPrefetch({ load, onIdle: idle.onIdle, connection });
    idle.becomeIdle();
    await vi.advanceTimersByTimeAsync(MANIFEST_PREFETCH_DELAY_MS);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a failed load is only logged, never left as an unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const failure = new TypeError('Failed to fetch');
      const load = vi.fn(() => Promise.reject(failure));
      const log = vi.fn();
      const idle = manualIdle();
      scheduleManifestPrefetch({ load, onIdle: idle.onIdle, log });
      idle.becomeIdle();
      expect(() => vi.advanceTimersByTime(MANIFEST_PREFETCH_DELAY_MS)).not.toThrow();
      await vi.advanceTimersByTimeAsync(0);
      // Node reports unhandled rejections after the microtask queue drains.
      await nextMacrotask();
      expect(log).toHaveBeenCalledTimes(1);
      expect(log).toHaveBeenCalledWith(expect.any(String), failure);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  test('a load that throws synchronously is only logged', () => {
    const log = vi.fn();
    const idle = manualIdle();
    scheduleManifestPrefetch({
      load: () => {
        throw new Error('boom');
      },
      onIdle: idle.onIdle,
      log,
    });
    idle.becomeIdle();
    expect(() => vi.advanceTimersByTime(MANIFEST_PREFETCH_DELAY_MS)).not.toThrow();
    expect(log).toHaveBeenCalledTimes(1);
  });

  test('by default logs with console.warn', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const idle = manualIdle();
    scheduleManifestPrefetch({ load: () => Promise.reject(new Error('offline')), onIdle: idle.onIdle });
    idle.becomeIdle();
    await vi.advanceTimersByTimeAsync(MANIFEST_PREFETCH_DELAY_MS);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  test('uses requestIdleCallback when the browser has it', async () => {
    const requestIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const load = vi.fn(async () => ({}));
    scheduleManifestPrefetch({ load });
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MANIFEST_PREFETCH_DELAY_MS * 2);
    expect(load).not.toHaveBeenCalled();
    (requestIdleCallback.mock.calls[0]?.[0] as () => void)();
    await vi.advanceTimersByTimeAsync(MANIFEST_PREFETCH_DELAY_MS);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('without requestIdleCallback it waits a 0 ms timer and then the delay', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const load = vi.fn(async () => ({}));
    scheduleManifestPrefetch({ load });
    await vi.advanceTimersByTimeAsync(MANIFEST_PREFETCH_DELAY_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('uses the injected timer and delay', () => {
    const setTimer = vi.fn();
    const idle = manualIdle();
    scheduleManifestPrefetch({ load: vi.fn(async () => ({})), onIdle: idle.onIdle, setTimer, delayMs: 250 });
    idle.becomeIdle();
    expect(setTimer).toHaveBeenCalledWith(expect.any(Function), 250);
  });
});
