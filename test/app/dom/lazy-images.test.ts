import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  afterFailedAttempt,
  createVisibilityChecker,
  LoadedImageCache,
  retryDelayMs,
  shouldLoad,
  throttle,
  type CheckerEnvironment,
  type RectLike,
} from '../../../app/dom/lazy-images';
import {
  LAZY_IMAGE_CACHE_SIZE,
  LAZY_IMAGE_CHECK_THROTTLE_MS,
  LAZY_IMAGE_MAX_ATTEMPTS,
  LAZY_IMAGE_PRELOAD_VIEWPORT_RATIO,
} from '../../../app/constants';

const VIEWPORT = 500;
const LIMIT = VIEWPORT * LAZY_IMAGE_PRELOAD_VIEWPORT_RATIO; // 600
const box = (top: number, size = 100): RectLike => ({ top, width: size, height: size });

describe('shouldLoad: within 1.2 viewports', () => {
  test.each<[string, RectLike, boolean]>([
    ['in the viewport', box(10), true],
    ['just below the viewport', box(VIEWPORT + 1), true],
    ['just inside 1.2 viewports', box(LIMIT - 1), true],
    ['exactly at 1.2 viewports (not less)', box(LIMIT), false],
    ['further down', box(LIMIT + 1), false],
    ['far below', box(VIEWPORT * 10), false],
    ['above the viewport (scrolled past)', box(-2_000), true],
    ['not rendered (display: none)', { top: 0, width: 0, height: 0 }, false],
    ['a line of zero height still counts', { top: 10, width: 100, height: 0 }, true],
  ])('%s -> %s', (_label, rect, expected) => {
    expect(shouldLoad(rect, VIEWPORT)).toBe(expected);
  });

  test('the ratio is the spec’s 1.2', () => {
    expect(LAZY_IMAGE_PRELOAD_VIEWPORT_RATIO).toBe(1.2);
    expect(shouldLoad(box(1199), 1000)).toBe(true);
    expect(shouldLoad(box(1200), 1000)).toBe(false);
  });
});

describe('attempts', () => {
  test('3 attempts in all: the first two failures retry, the third gives up', () => {
    expect(LAZY_IMAGE_MAX_ATTEMPTS).toBe(3);
    const outcomes: string[] = [];
    for (let attempt = 1; ; attempt++) {
      const next = afterFailedAttempt(attempt);
      outcomes.push(next);
      if (next === 'give-up') break;
    }
    expect(outcomes).toEqual(['retry', 'retry', 'give-up']);
    expect(outcomes).toHaveLength(LAZY_IMAGE_MAX_ATTEMPTS);
  });

  test('retries wait one check interval per failure so far', () => {
    expect(retryDelayMs(2)).toBe(LAZY_IMAGE_CHECK_THROTTLE_MS);
    expect(retryDelayMs(3)).toBe(2 * LAZY_IMAGE_CHECK_THROTTLE_MS);
  });
});

describe('LoadedImageCache (LRU)', () => {
  test('is capped at 200 by default and drops the least recently used first', () => {
    expect(LAZY_IMAGE_CACHE_SIZE).toBe(200);
    const cache = new LoadedImageCache();
    for (let i = 0; i < LAZY_IMAGE_CACHE_SIZE; i++) cache.add(`/media/${i}.png`);
    expect(cache.size).toBe(LAZY_IMAGE_CACHE_SIZE);
    expect(cache.has('/media/0.png')).toBe(true);

    cache.add('/media/new.png');
    expect(cache.size).toBe(LAZY_IMAGE_CACHE_SIZE);
    expect(cache.has('/media/0.png')).toBe(false);
    expect(cache.has('/media/1.png')).toBe(true);
    expect(cache.keys()[0]).toBe('/media/1.png');
    expect(cache.keys().at(-1)).toBe('/media/new.png');
  });

  test('adding or touching again makes an entry the most recent, so another one leaves', () => {
    const cache = new LoadedImageCache(3);
    cache.add('a');
    cache.add('b');
    cache.add('c');
    cache.add('a'); // a used again: b is now the oldest
    cache.add('d');
    expect(cache.keys()).toEqual(['c', 'a', 'd']);
    cache.touch('c');
    cache.add('e');
    expect(cache.keys()).toEqual(['d', 'c', 'e']);
    cache.touch('missing');
    expect(cache.keys()).toEqual(['d', 'c', 'e']);
  });

  test('has() does not count as a use', () => {
    const cache = new LoadedImageCache(2);
    cache.add('a');
    cache.add('b');
    expect(cache.has('a')).toBe(true);
    cache.add('c');
    expect(cache.keys()).toEqual(['b', 'c']);
  });

  test('subscribers hear of new sources only', () => {
    const cache = new LoadedImageCache(5);
    const heard = vi.fn();
    const stop = cache.subscribe(heard);
    cache.add('a');
    cache.add('a');
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    cache.add('b');
    expect(heard).toHaveBeenCalledTimes(1);
  });
});

describe('throttle: at most once per 200 ms', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('the first call runs at once; calls during the wait collapse into one at its end', () => {
    const fn = vi.fn();
    const check = throttle(fn);
    check();
    expect(fn).toHaveBeenCalledTimes(1);
    check();
    check();
    vi.advanceTimersByTime(LAZY_IMAGE_CHECK_THROTTLE_MS - 1);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(LAZY_IMAGE_CHECK_THROTTLE_MS * 5);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  test('a steady stream of calls (a scroll) runs it once per 200 ms', () => {
    const fn = vi.fn();
    const runs: number[] = [];
    fn.mockImplementation(() => runs.push(Date.now()));
    const start = Date.now();
    const check = throttle(fn);
    for (let ms = 0; ms < 1_000; ms += 16) {
      check();
      vi.advanceTimersByTime(16);
    }
    vi.advanceTimersByTime(LAZY_IMAGE_CHECK_THROTTLE_MS);
    const gaps = runs.slice(1).map((t, i) => t - runs[i]!);
    expect(gaps.every((gap) => gap >= LAZY_IMAGE_CHECK_THROTTLE_MS)).toBe(true);
    expect(runs.length).toBeLessThanOrEqual(Math.ceil((Date.now() - start) / LAZY_IMAGE_CHECK_THROTTLE_MS) + 1);
    expect(runs.length).toBeGreaterThanOrEqual(5);
  });

  test('after a quiet spell the next call runs at once again', () => {
    const fn = vi.fn();
    const check = throttle(fn);
    check();
    vi.advanceTimersByTime(LAZY_IMAGE_CHECK_THROTTLE_MS);
    check();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  test('cancel drops a pending run', () => {
    const fn = vi.fn();
    const check = throttle(fn);
    check();
    check();
    check.cancel();
    vi.advanceTimersByTime(LAZY_IMAGE_CHECK_THROTTLE_MS * 2);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('the shared visibility checker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fake window: a viewport, a scroll position and elements at document positions. */
  function fakePage(viewportHeight = VIEWPORT) {
    let scrollY = 0;
    let onScroll: (() => void) | null = null;
    const listens = vi.fn();
    const measured = vi.fn();
    const env: CheckerEnvironment = {
      viewportHeight: () => viewportHeight,
      listen(onChange) {
        listens();
        onScroll = onChange;
        return () => {
          onScroll = null;
        };
      },
      defer: (fn) => void setTimeout(fn, 0),
    };
    const element = (documentTop: number) => ({
      getBoundingClientRect: () => {
        measured();
        return box(documentTop - scrollY);
      },
    });
    const scrollTo = (y: number) => {
      scrollY = y;
      onScroll?.();
    };
    return { env, element, scrollTo, listens, measured, listening: () => onScroll !== null };
  }

  test('images in range load after the render, the rest when scrolled within 1.2 viewports', () => {
    const page = fakePage();
    const checker = createVisibilityChecker(page.env);
    const near = vi.fn();
    const far = vi.fn();
    checker.watch(page.element(100), near);
    checker.watch(page.element(2_000), far);
    expect(near).not.toHaveBeenCalled(); // batched: one check after the render
    vi.advanceTimersByTime(0);
    expect(near).toHaveBeenCalledTimes(1);
    expect(far).not.toHaveBeenCalled();
    expect(page.listens).toHaveBeenCalledTimes(1);

    // 2000 - 1400 = 600 = 1.2 × 500: not yet (top must be less)
    vi.advanceTimersByTime(LAZY_IMAGE_CHECK_THROTTLE_MS);
    page.scrollTo(1_400);
    expect(far).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LAZY_IMAGE_CHECK_THROTTLE_MS);
    page.scrollTo(1_401);
    expect(far).toHaveBeenCalledTimes(1);
    expect(checker.watching).toBe(0);
    expect(page.listening()).toBe(false);
  });

  test('scroll events are checked at most once per 200 ms, with a final check at the end', () => {
    const page = fakePage();
    const checker = createVisibilityChecker(page.env);
    const far = vi.fn();
    checker.watch(page.element(100_000), far);
    vi.advanceTimersByTime(0);
    page.measured.mockClear();
    for (let y = 0; y <= 3_000; y += 10) {
      page.scrollTo(y);
      vi.advanceTimersByTime(4); // 300 scroll events over 1.2 s
    }
    const during = page.measured.mock.calls.length;
    expect(during).toBeGreaterThanOrEqual(5);
    expect(during).toBeLessThanOrEqual(Math.ceil((301 * 4) / LAZY_IMAGE_CHECK_THROTTLE_MS) + 1);
    vi.advanceTimersByTime(LAZY_IMAGE_CHECK_THROTTLE_MS);
    expect(page.measured.mock.calls.length).toBeLessThanOrEqual(during + 1);
    expect(far).not.toHaveBeenCalled();
  });

  test('a fast jump to an image is caught by the trailing check', () => {
    const page = fakePage();
    const checker = createVisibilityChecker(page.env);
    const far = vi.fn();
    checker.watch(page.element(5_000), far);
    vi.advanceTimersByTime(0);
    page.scrollTo(10); // within the wait of the first check: deferred
    page.scrollTo(4_800);
    expect(far).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LAZY_IMAGE_CHECK_THROTTLE_MS);
    expect(far).toHaveBeenCalledTimes(1);
  });

  test('unwatching (an unmounted image) stops the checks and the listeners', () => {
    const page = fakePage();
    const checker = createVisibilityChecker(page.env);
    const far = vi.fn();
    const stop = checker.watch(page.element(5_000), far);
    vi.advanceTimersByTime(0);
    stop();
    expect(page.listening()).toBe(false);
    page.scrollTo(5_000);
    vi.advanceTimersByTime(LAZY_IMAGE_CHECK_THROTTLE_MS * 2);
    expect(far).not.toHaveBeenCalled();
  });

  test('check() asks for a check without a scroll (a carousel showing a hidden slide)', () => {
    const page = fakePage();
    const checker = createVisibilityChecker(page.env);
    let shown = false;
    const slide = { getBoundingClientRect: () => (shown ? box(100) : { top: 0, width: 0, height: 0 }) };
    const visible = vi.fn();
    checker.watch(slide, visible);
    vi.advanceTimersByTime(0);
    expect(visible).not.toHaveBeenCalled();
    shown = true;
    checker.check();
    vi.advanceTimersByTime(LAZY_IMAGE_CHECK_THROTTLE_MS);
    expect(visible).toHaveBeenCalledTimes(1);
  });
});
