/**
 * The page's first script, inlined in <head> by the worker before any stylesheet or module
 * preload tag, and allowed by its hash in the CSP (scripts/lib/bundle.ts builds it and takes the
 * hash): it starts the page's chunk-reload guard (./page-reload-guard.ts) and reloads for the
 * page's own files that fail to load (docs/behaviour.md#53-chunk-load-reload-guard).
 *
 * Why here: a file that fails fires `error` once, on its element, and the event does not bubble,
 * so only a capturing listener that exists before the element is parsed sees it. The bundle's
 * would come too late for the stylesheet and the preloads, and not at all when the bundle itself
 * is the file that failed. When the guard holds back, the page cannot work: the entry shows the
 * error screen (at start, or through onHeldBack after hydration).
 */
import { APP_BASE } from '../endpoints';
import { createPageReloadGuard, type GuardWindow, PAGE_RELOAD_GUARD_KEY } from './page-reload-guard';

const RELOADED_TAGS = /^(?:link|script)$/i;
const RELOADED_LINKS = /(?:^|\s)(?:stylesheet|modulepreload)(?:\s|$)/i;

/**
 * The page's own stylesheet, preloads and scripts, under /_app/: a third party's file (a tag
 * manager a blocker refuses) or an image is not a lost chunk, and must not reload the page.
 */
function ownCodeOrStyle(target: EventTarget | null, origin: string): boolean {
  const el = target as { tagName?: unknown; rel?: unknown; href?: unknown; src?: unknown } | null;
  if (!el || typeof el.tagName !== 'string' || !RELOADED_TAGS.test(el.tagName)) return false;
  const url = /^link$/i.test(el.tagName) ? (typeof el.rel === 'string' && RELOADED_LINKS.test(el.rel) ? el.href : '') : el.src;
  if (typeof url !== 'string' || !url) return false;
  try {
    const { origin: from, pathname } = new URL(url, origin);
    return from === origin && pathname.indexOf(APP_BASE) === 0;
  } catch {
    return false;
  }
}

function installPageReloadGuard(win: GuardWindow): void {
  const here = () => win.location.pathname + win.location.search;
  const page = createPageReloadGuard(win);
  win.addEventListener(
    'error',
    (event) => {
      if (!ownCodeOrStyle(event.target, win.location.origin)) return;
      if (page.guard.handleChunkError(here()) === 'reloaded' || page.heldBack) return;
      page.heldBack = true;
      if (page.onHeldBack) page.onHeldBack();
    },
    true,
  );
  (win as unknown as Record<string, unknown>)[PAGE_RELOAD_GUARD_KEY] = page;
}

installPageReloadGuard(window);
