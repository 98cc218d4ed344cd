/**
 * Lazy images (docs/behaviour.md#9-lazy-images), the logic without React:
 *
 *   shouldLoad       an image loads once its top is less than 1.2 viewport heights below the top
 *                    of the viewport (document terms: top < scrollY + 1.2 × innerHeight); images
 *                    above the viewport qualify too, images that are not rendered (display:none,
 *                    a hidden carousel slide) do not
 *   attempts         a failed load is tried again until 3 attempts in all, then it gives up
 *   LoadedImageCache sources that loaded, least recently used first out beyond 200 entries; a
 *                    remembered source renders at once on later pages, without waiting for a check
 *   throttle         the visibility check runs at most once per 200 ms, however often it is asked
 *   createVisibilityChecker   one shared checker for every lazy image: scroll and resize ask
 *                    for a check, the throttle decides when it runs
 *
 * Nothing here touches the DOM at import time: the server renders the components that use it.
 */
import {
  LAZY_IMAGE_CACHE_SIZE,
  LAZY_IMAGE_CHECK_THROTTLE_MS,
  LAZY_IMAGE_MAX_ATTEMPTS,
  LAZY_IMAGE_PRELOAD_VIEWPORT_RATIO,
} from '../constants';

/** The part of a DOMRect the check reads (viewport coordinates). */
export interface RectLike {
  top: number;
  width: number;
  height: number;
}

/** Whether an image at `rect` should start loading in a viewport `viewportHeight` tall. */
export function shouldLoad(rect: RectLike, viewportHeight: number, ratio: number = LAZY_IMAGE_PRELOAD_VIEWPORT_RATIO): boolean {
  // A box with no size is not rendered (or not yet laid out): wait until it is.
  if (rect.width <= 0 && rect.height <= 0) return false;
  return rect.top < viewportHeight * ratio;
}

/** After attempt number `attempt` (1-based) failed: try again, or give up and show the alt text. */
export function afterFailedAttempt(attempt: number, maxAttempts: number = LAZY_IMAGE_MAX_ATTEMPTS): 'retry' | 'give-up' {
  return attempt < maxAttempts ? 'retry' : 'give-up';
}

/**
 * How long to wait before attempt `nextAttempt` (2, 3, ...): one check interval per failed
 * attempt so far, so a flaky connection gets a moment and a dead URL is given up on quickly.
 */
export function retryDelayMs(nextAttempt: number): number {
  return LAZY_IMAGE_CHECK_THROTTLE_MS * Math.max(0, nextAttempt - 1);
}

/** A set of image sources with a size cap; the least recently used entry leaves first. */
export class LoadedImageCache {
  // A Map iterates in insertion order: re-inserting moves an entry to the most recent end.
  private readonly entries = new Map<string, true>();
  private readonly listeners = new Set<() => void>();

  constructor(readonly capacity: number = LAZY_IMAGE_CACHE_SIZE) {}

  /** Whether `src` is remembered. Does not count as a use (safe to call while rendering). */
  has(src: string): boolean {
    return this.entries.has(src);
  }

  /** Remembers `src` as the most recently used, dropping the least recently used beyond the cap. */
  add(src: string): void {
    const known = this.entries.delete(src);
    this.entries.set(src, true);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    if (!known) this.listeners.forEach((listener) => listener());
  }

  /** A use of a remembered source: it becomes the most recent. */
  touch(src: string): void {
    if (this.entries.delete(src)) this.entries.set(src, true);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Least recently used first. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** For useSyncExternalStore: called when a source is first remembered. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** The page's cache of loaded sources (lives as long as the document; client navigation keeps it). */
export const loadedImages = new LoadedImageCache();

export interface Throttled {
  /** Ask for a run: now when the last run was at least `waitMs` ago, else once when that time is up. */
  (): void;
  cancel(): void;
}

/**
 * `fn` runs at most once per `waitMs`: the first call runs at once, calls during the wait
 * collapse into one run at its end.
 */
export function throttle(fn: () => void, waitMs: number = LAZY_IMAGE_CHECK_THROTTLE_MS, now: () => number = Date.now): Throttled {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = now();
    fn();
  };
  const throttled = (() => {
    if (timer !== undefined) return;
    const wait = last + waitMs - now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  }) as Throttled;
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}

/** What the checker needs from the browser, so tests can stand in for it. */
export interface CheckerEnvironment {
  viewportHeight(): number;
  /** listen to scroll and resize; returns the function that stops listening */
  listen(onChange: () => void): () => void;
  /** runs `fn` after the current task (batches the images one render registers) */
  defer(fn: () => void): void;
}

export interface Watched {
  getBoundingClientRect(): RectLike;
}

export interface VisibilityChecker {
  /** Calls `onVisible` once, when `element` comes within range. Returns the function that stops watching. */
  watch(element: Watched, onVisible: () => void): () => void;
  /** Asks for a check (the throttle still applies), e.g. after a hidden slide is shown. */
  check(): void;
  readonly watching: number;
}

export function createVisibilityChecker(
  env: CheckerEnvironment,
  waitMs: number = LAZY_IMAGE_CHECK_THROTTLE_MS,
  now: () => number = Date.now,
): VisibilityChecker {
  const watched = new Map<Watched, () => void>();
  let stopListening: (() => void) | null = null;
  let deferred = false;

  const runCheck = () => {
    const height = env.viewportHeight();
    for (const [element, onVisible] of [...watched]) {
      if (!watched.has(element)) continue;
      if (shouldLoad(element.getBoundingClientRect(), height)) {
        watched.delete(element);
        onVisible();
      }
    }
    if (watched.size === 0) {
      stopListening?.();
      stopListening = null;
    }
  };
  const throttled = throttle(runCheck, waitMs, now);

  const check = () => {
    if (deferred) return;
    deferred = true;
    env.defer(() => {
      deferred = false;
      if (watched.size > 0) throttled();
    });
  };

  return {
    watch(element, onVisible) {
      watched.set(element, onVisible);
      stopListening ??= env.listen(throttled);
      check();
      return () => {
        watched.delete(element);
        if (watched.size === 0) {
          stopListening?.();
          stopListening = null;
          throttled.cancel();
        }
      };
    },
    check,
    get watching() {
      return watched.size;
    },
  };
}

let shared: VisibilityChecker | null = null;

/** The one checker every lazy image on the page shares (browser only). */
export function lazyImageChecker(): VisibilityChecker {
  return (shared ??= createVisibilityChecker({
    viewportHeight: () => window.innerHeight || document.documentElement.clientHeight,
    listen(onChange) {
      // Capturing on the document sees every scroll, the page's and a scrolling modal's alike.
      const options: AddEventListenerOptions = { passive: true, capture: true };
      document.addEventListener('scroll', onChange, options);
      window.addEventListener('resize', onChange, options);
      return () => {
        document.removeEventListener('scroll', onChange, options);
        window.removeEventListener('resize', onChange, options);
      };
    },
    defer: (fn) => void setTimeout(fn, 0),
  }));
}
