/**
 * The state of one lazy image (docs/behaviour.md#9-lazy-images; the rules are in app/dom/lazy-images.ts):
 *
 *   waiting   server HTML and first client render: a placeholder of the right size, no request
 *   loading   the shared checker found it within 1.2 viewports: the real source is set
 *   loaded    it loaded; the source is remembered (LRU, 200), so later renders skip `waiting`
 *   failed    3 attempts failed: the caller shows the alt text instead
 *
 * The first client render equals the server's (a remembered source is only used once React
 * is past hydration: useSyncExternalStore's server snapshot says "not remembered").
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type RefObject, type SyntheticEvent } from 'react';
import { afterFailedAttempt, lazyImageChecker, loadedImages, retryDelayMs } from '../../dom/lazy-images';

export type LazyPhase = 'waiting' | 'loading' | 'loaded' | 'failed';

export interface LazyImage {
  ref: RefObject<HTMLImageElement | null>;
  phase: LazyPhase;
  /** whether the <img> carries the real source now (else the placeholder) */
  showing: boolean;
  /** 1, 2, 3: a new attempt is a new <img> element (key), so the browser asks again */
  attempt: number;
  onLoad: (event: SyntheticEvent<HTMLImageElement>) => void;
  onError: (event: SyntheticEvent<HTMLImageElement>) => void;
}

const notRemembered = () => false;

/**
 * `src` is the `src` attribute the <img> carries once it shows its real source: for a raster
 * image with variants that is its fallback variant, not the original path. Load and error
 * events are matched against it (the placeholder fires them too), and it is the key of the
 * cache of loaded sources. With a <picture> or srcset the browser may fetch another candidate,
 * but the attribute, and so the match, stays the same.
 */
export function useLazyImage(src: string, lazy: boolean): LazyImage {
  const ref = useRef<HTMLImageElement | null>(null);
  const remembered = useSyncExternalStore(loadedImages.subscribe, () => loadedImages.has(src), notRemembered);
  const [phase, setPhase] = useState<LazyPhase>('waiting');
  const [attempt, setAttempt] = useState(1);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const showing = !lazy || remembered || phase !== 'waiting';

  // Waiting: the shared, throttled checker says when it is close enough.
  useEffect(() => {
    const element = ref.current;
    if (showing || !element) return;
    return lazyImageChecker().watch(element, () => setPhase((p) => (p === 'waiting' ? 'loading' : p)));
  }, [showing]);

  // A server-rendered image (the page's first) may have loaded before React was listening.
  useEffect(() => {
    const element = ref.current;
    if (!lazy && element?.complete && element.naturalWidth > 0) loadedImages.add(src);
    else if (remembered) loadedImages.touch(src);
  }, [lazy, remembered, src]);

  useEffect(() => () => clearTimeout(retryTimer.current), []);

  // The placeholder loads and errors too: only the real source counts.
  const onLoad = useCallback(
    (event: SyntheticEvent<HTMLImageElement>) => {
      if (event.currentTarget.getAttribute('src') !== src) return;
      loadedImages.add(src);
      setPhase('loaded');
    },
    [src],
  );

  const onError = useCallback(
    (event: SyntheticEvent<HTMLImageElement>) => {
      if (event.currentTarget.getAttribute('src') !== src) return;
      if (afterFailedAttempt(attempt) === 'give-up') {
        setPhase('failed');
        return;
      }
      clearTimeout(retryTimer.current);
      retryTimer.current = setTimeout(
        () => {
          setPhase('loading');
          setAttempt(attempt + 1);
        },
        retryDelayMs(attempt + 1),
      );
    },
    [src, attempt],
  );

  return { ref, phase, showing, attempt, onLoad, onError };
}
