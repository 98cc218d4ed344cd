/**
 * Having the manifest before the first click makes client navigation instant, but fetching it
 * must not compete with hydration or the page's own requests, hence idle plus a delay. On a
 * very slow or metered connection the bytes cost more than the saved latency, so we skip it
 * and the manifest is loaded on demand. A failed prefetch is harmless for the same reason.
 */
import { MANIFEST_PREFETCH_DELAY_MS } from '../constants';

/** The part of the Network Information API (navigator.connection) we read. */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

export function isVerySlowConnection(connection: ConnectionInfo | undefined | null): boolean {
  if (!connection) return false;
  return connection.saveData === true || connection.effectiveType === 'slow-2g' || connection.effectiveType === '2g';
}

export interface ManifestPrefetchOptions {
  load: () => Promise<unknown>;
  /** Usually navigator.connection; absent (most non-Chromium browsers) means "not slow". */
  connection?: ConnectionInfo | null;
  /** Default: requestIdleCallback if present, else setTimeout 0. */
  onIdle?: (fn: () => void) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  delayMs?: number;
  /** Default console.warn. */
  log?: (message: string, error: unknown) => void;
}

function whenIdle(fn: () => void): void {
  if (typeof globalThis.requestIdleCallback === 'function') globalThis.requestIdleCallback(() => fn());
  else setTimeout(fn, 0);
}

export function scheduleManifestPrefetch(options: ManifestPrefetchOptions): void {
  if (isVerySlowConnection(options.connection)) return;
  const onIdle = options.onIdle ?? whenIdle;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const log = options.log ?? ((message, error) => console.warn(message, error));
  const report = (error: unknown) => log('Manifest prefetch failed', error);

  onIdle(() => {
    setTimer(() => {
      try {
        options.load().catch(report);
      } catch (error) {
        report(error);
      }
    }, options.delayMs ?? MANIFEST_PREFETCH_DELAY_MS);
  });
}
