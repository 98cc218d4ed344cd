/**
 * After a deploy, an open tab may ask for code chunks the CDN no longer has; a full reload
 * fetches the new build and fixes it. If the chunk is broken in the new build too, reloading
 * would loop forever, so a reload for the same path is allowed once per window and the
 * caller shows the error screen instead. The marker lives in sessionStorage so it survives
 * the reload. When it cannot be kept there (storage missing, throwing, or dropping writes:
 * blocked cookies, a sandboxed frame, some private modes), nothing would stop the next page
 * from reloading again, so the guard does not reload at all and holds back at once.
 */
import { CHUNK_RELOAD_GUARD_MS } from '../constants';

export const CHUNK_RELOAD_KEY = 'edge-site:v1:chunk-reload';

export interface ChunkReloadGuardOptions {
  /** A getter, since merely touching sessionStorage can throw (SecurityError). */
  storage?: () => Storage | null | undefined;
  now?: () => number;
  reload: (path: string) => void;
  key?: string;
  windowMs?: number;
}

interface Marker {
  path: string;
  expires: number;
}

function parseMarker(raw: string | null | undefined): Marker | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { path, expires } = value as Record<string, unknown>;
    return typeof path === 'string' && typeof expires === 'number' && Number.isFinite(expires) ? { path, expires } : null;
  } catch {
    return null;
  }
}

export interface ChunkReloadGuard {
  /**
   * For a failure on `path` (path and query): reload it, or hold back when it was reloaded for
   * within the window, or when sessionStorage cannot keep the marker across the reload.
   */
  handleChunkError(path: string): 'reloaded' | 'suppressed';
}

export function createChunkReloadGuard(options: ChunkReloadGuardOptions): ChunkReloadGuard {
  const key = options.key ?? CHUNK_RELOAD_KEY;
  const windowMs = options.windowMs ?? CHUNK_RELOAD_GUARD_MS;
  const now = options.now ?? Date.now;
  const getStorage = options.storage ?? (() => globalThis.sessionStorage);
  /** The marker of this page's reload, in case storage stops answering before the page unloads. */
  let memory: Marker | null = null;

  function storage(): Storage | null {
    try {
      return getStorage() ?? null;
    } catch {
      return null;
    }
  }

  // A marker further ahead than one window comes from a clock that jumped back (or was
  // edited); honouring it could suppress reloads for a long time, so it is ignored.
  const blocks = (marker: Marker | null, path: string, at: number) =>
    marker !== null && marker.path === path && at < marker.expires && marker.expires - at <= windowMs;

  return {
    handleChunkError(path) {
      const at = now();
      let stored: Marker | null = null;
      try {
        stored = parseMarker(storage()?.getItem(key));
      } catch {
        // Unreadable storage counts as no marker; writing it below fails too, so this holds back.
      }
      if (blocks(stored, path, at) || blocks(memory, path, at)) return 'suppressed';

      const marker: Marker = { path, expires: at + windowMs };
      const raw = JSON.stringify(marker);
      let kept = false;
      try {
        const store = storage();
        if (store) {
          store.setItem(key, raw);
          // Read back: a storage may take the write without an error and keep nothing.
          kept = store.getItem(key) === raw;
        }
      } catch {
        // Quota, private mode or a sandbox: the marker is not kept.
      }
      // A marker the reload would lose cannot stop the next page reloading, and a file that
      // is gone for good would then reload it forever: hold back, as after the one reload.
      if (!kept) return 'suppressed';
      memory = marker;
      options.reload(path);
      return 'reloaded';
    },
  };
}

const CHUNK_ERROR_MESSAGE =
  /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css|loading (css )?chunk \S+ failed/i;

/**
 * True for errors that mean "a code chunk failed to load": the browsers' dynamic-import
 * failures (Chrome, Firefox, Safari), Vite's CSS preload failure and webpack's ChunkLoadError.
 * Follows `cause` a few levels, for errors wrapped by a router or loader.
 */
export function isChunkLoadError(error: unknown): boolean {
  for (let depth = 0; depth < 4 && error != null; depth++) {
    if (typeof error === 'string') return CHUNK_ERROR_MESSAGE.test(error);
    if (typeof error !== 'object') return false;
    const { name, message, cause } = error as { name?: unknown; message?: unknown; cause?: unknown };
    if (name === 'ChunkLoadError' || (typeof message === 'string' && CHUNK_ERROR_MESSAGE.test(message))) return true;
    error = cause;
  }
  return false;
}
