/**
 * Client navigation. After the first server-rendered page, link clicks and back/forward load
 * the next page's payload and render it in place. Each navigation:
 *
 *   outdated build?     -> full page load of the target (the visitor lands on the new build)
 *   guards (in order)   validate -> browser support -> route rules (app/navigation/guards.ts)
 *   page source         payload | server (full load) | missing (404 screen, no request)
 *   lazy blocks         the view's chunks; a failed chunk reloads the target once per 10 s
 *   commit              render, history, scroll (restored on back), focus the h1
 *   head                ~100 ms later: title, meta, hreflang; the title is announced; page view
 */
import type { AppManifest } from '../build-records';
import { HEAD_UPDATE_DELAY_MS } from '../constants';
import type { Fetcher } from '../fetch';
import { headFor } from '../head';
import type { GuardOutcome, NavigationRequest } from '../navigation/guards';
import { pageSource } from '../navigation/guards';
import { interceptedUrl } from '../navigation/links';
import { chromeOf } from '../render/view-facts';
import { resolveNavigationTarget, targetUrl } from '../navigation/target';
import { onOrigin } from '../urls';
import type { View } from '../view';
import { isChunkLoadError } from './chunk-reload-guard';
import { applyHead } from './head-manager';
import { loadPayload } from './payload-loader';
import type { ViewStore } from './view-store';

/**
 * The element a URL's fragment names, or null. The fragment comes from a link or the address
 * bar: one that is not valid percent-encoding (`#%zz`) names nothing, rather than throwing
 * halfway through showing the page, before its focus and head are set.
 */
function fragmentTarget(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/** In-app redirects one navigation may follow before it gives up (a rule loop). */
const MAX_REDIRECTS = 5;

export interface RouterOptions {
  buildId: string;
  store: ViewStore;
  fetcher: Fetcher;
  runGuards: (request: NavigationRequest) => GuardOutcome;
  loadManifest: () => Promise<AppManifest | null>;
  /** loads the code the view needs (lazy blocks); rejects when a chunk fails */
  prepareView: (view: View) => Promise<void>;
  handleChunkError: (path: string) => 'reloaded' | 'suppressed';
  isOutdated: () => boolean;
  announce: (message: string) => void;
  onPageView?: (path: string) => void;
}

interface HistoryState {
  scroll?: number;
}

type Mode = 'push' | 'replace' | 'pop';

export class Router {
  private navigation = 0;
  private headTimer: ReturnType<typeof setTimeout> | undefined;
  /** path and query of the page shown: history entries that differ from it only by fragment are the page's own */
  private shown = '';

  constructor(private readonly options: RouterOptions) {}

  start(): void {
    this.shown = location.pathname + location.search;
    history.scrollRestoration = 'manual';
    document.addEventListener('click', this.onClick);
    window.addEventListener('popstate', this.onPopState);
  }

  /**
   * Programmatic navigation. Refuses script-like URLs and, without `{ external: true }`,
   * other sites (both throw).
   */
  navigateTo(raw: string, { external = false, replace = false } = {}): Promise<void> {
    const target = resolveNavigationTarget(raw, location.href, { external });
    if (target.kind === 'external') {
      location.assign(target.url);
      return Promise.resolve();
    }
    return this.navigate(targetUrl(target, location.origin), replace ? 'replace' : 'push');
  }

  private onClick = (event: MouseEvent) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!anchor) return;
    const url = interceptedUrl(event, anchor, location.href);
    if (!url) return;
    event.preventDefault();
    void this.navigate(url, 'push');
  };

  private onPopState = (event: PopStateEvent) => {
    const state = (event.state ?? {}) as HistoryState;
    // The entry's own path may begin with `//` (a visitor can open `/a/..//evil.example`); the
    // page shown for it is the collapsed path's, and the entry is rewritten to say so.
    const url = onOrigin(location.pathname + location.search + location.hash, location.origin);
    // An in-page link (the skip link, a #section) fires popstate too: the browser has already
    // scrolled to the fragment, and loading the same page again would scroll back to the top.
    if (url.pathname + url.search === this.shown) return;
    void this.navigate(url, url.pathname === location.pathname ? 'pop' : 'replace', state.scroll ?? 0);
  };

  /** `url` is on this origin (from `onOrigin`): it is never read again relative to the page. */
  private async navigate(url: URL, mode: Mode, restoreScroll = 0, redirects = 0): Promise<void> {
    const id = ++this.navigation;
    const { pathname: path, search } = url;
    const leave = (to: string) => (mode === 'replace' ? location.replace(to) : location.assign(to));

    if (this.options.isOutdated()) return leave(url.href);

    const manifest = await this.options.loadManifest();
    if (id !== this.navigation) return;

    const outcome = this.options.runGuards({ path, search, manifest });
    if (outcome.kind === 'leave') return leave(outcome.url);
    if (outcome.kind === 'redirect') {
      if (redirects >= MAX_REDIRECTS) return this.commit(this.errorView(500, path), url, mode, restoreScroll);
      // The redirect takes the pending navigation's place: a push stays a push (the source was
      // never in history); back/forward onto a source replaces that entry with the target.
      return this.navigate(onOrigin(outcome.to, location.origin), mode === 'pop' ? 'replace' : mode, 0, redirects + 1);
    }
    if (outcome.kind === 'error') return this.commit(this.errorView(outcome.status, path), url, mode, restoreScroll);

    const source = pageSource(path, manifest);
    if (source === 'server') return leave(url.href);
    if (source === 'missing') return this.commit(this.errorView(404, path), url, mode, restoreScroll);

    let view: View;
    try {
      const load = await loadPayload(this.options.fetcher, path, this.options.buildId);
      view = load.kind === 'page' ? { kind: 'page', payload: load.payload } : this.errorView(404, path);
      await this.options.prepareView(view);
    } catch (err) {
      if (id !== this.navigation) return;
      if (isChunkLoadError(err)) {
        if (this.options.handleChunkError(url.pathname + url.search) === 'reloaded') return;
        return this.commit(this.errorView(500, path), url, mode, restoreScroll);
      }
      // The payload could not be had (network, server): let the server render the page.
      return leave(url.href);
    }
    if (id !== this.navigation) return;
    this.commit(view, url, mode, restoreScroll);
  }

  private errorView(status: number, path: string): View {
    const current = this.options.store.getView();
    const chrome = chromeOf(current);
    return { kind: 'error', status, path, chrome };
  }

  private commit(view: View, url: URL, mode: Mode, restoreScroll: number): void {
    const { href } = url;
    if (mode !== 'pop') {
      // Remember where the visitor was on the page they leave, for back.
      history.replaceState({ ...(history.state as HistoryState | null), scroll: window.scrollY }, '');
      if (mode === 'push') history.pushState({ scroll: 0 }, '', href);
      else history.replaceState({ scroll: 0 }, '', href);
    }
    this.options.store.show(view);
    this.shown = url.pathname + url.search;

    if (mode === 'pop') window.scrollTo(0, restoreScroll);
    else if (url.hash) fragmentTarget(url.hash)?.scrollIntoView();
    else window.scrollTo(0, 0);
    document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });

    clearTimeout(this.headTimer);
    this.headTimer = setTimeout(() => {
      applyHead(headFor(view));
      this.options.announce(document.title);
      this.options.onPageView?.(url.pathname);
    }, HEAD_UPDATE_DELAY_MS);
  }
}
