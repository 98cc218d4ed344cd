/**
 * The chunk-reload guard of a page (docs/behaviour.md#53-chunk-load-reload-guard), as the page's
 * head script (./head-script.ts) starts it and leaves it on `window` for the bundle: the entry,
 * the router and the head script's listener all use this one guard, so they share its memory
 * copy of the marker as well as the sessionStorage one. The decision is createChunkReloadGuard's.
 */
import { type ChunkReloadGuard, createChunkReloadGuard } from './chunk-reload-guard';

/** Where the head script leaves the guard for the bundle. */
export const PAGE_RELOAD_GUARD_KEY = '__pageReloadGuard';

export interface PageReloadGuard {
  readonly guard: ChunkReloadGuard;
  /** A file of the page failed again within the window: reloading did not help, so the page cannot work. */
  heldBack: boolean;
  /** Called once, when heldBack becomes true (the entry shows the error screen then). */
  onHeldBack: (() => void) | null;
}

/** The part of `window` the guard uses (so tests can run the head script with fakes). */
export type GuardWindow = Pick<Window, 'addEventListener' | 'location' | 'sessionStorage'>;

export function createPageReloadGuard(win: GuardWindow): PageReloadGuard {
  const here = () => win.location.pathname + win.location.search;
  return {
    guard: createChunkReloadGuard({
      storage: () => win.sessionStorage,
      reload: (path) => (path === here() ? win.location.reload() : win.location.assign(path)),
    }),
    heldBack: false,
    onHeldBack: null,
  };
}

/**
 * The guard the head script installed. Without one (HTML that is not this build's), a guard of
 * its own, for the code the bundle loads itself; the page's tags are long loaded by then.
 */
export function pageReloadGuard(win: GuardWindow): PageReloadGuard {
  return ((win as unknown as Record<string, unknown>)[PAGE_RELOAD_GUARD_KEY] as PageReloadGuard | undefined) ?? createPageReloadGuard(win);
}
