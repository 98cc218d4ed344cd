/**
 * Everything the page needs after it is interactive, loaded as a chunk right after hydration:
 *
 *   support        a browser the edge would have turned away leaves for /unsupported at once
 *   router         client navigation with the spec's guards (./router.ts)
 *   build watcher  latest.json now and hourly; a new build makes the next click a full load
 *                  (and so does a consent withdrawn on this page)
 *   manifest       prefetched 1 s after idle unless the connection is very slow
 *
 * Until it arrives (a few milliseconds), a click is an ordinary page load.
 */
import type { AppManifest } from '../build-records';
import { clientBrowserVerdict } from '../browser-support/matcher';
import { NAVIGATION_READ_TIMEOUT_MS } from '../constants';
import { appEndpoints } from '../endpoints';
import { createFetch } from '../fetch';
import { browserSupportGuard, createGuardPipeline, routeRulesGuard, validateGuard } from '../navigation/guards';
import { chromeOf } from '../render/view-facts';
import { applyGrantFromOtherTabs, consentWithdrawn, watchConsentInOtherTabs } from '../dom/consent';
import { startBuildWatcher } from './build-watcher';
import { looksLikeManifest } from './manifest-check';
import { scheduleManifestPrefetch, type ConnectionInfo } from './manifest-prefetch';
import { pushPageView } from './page-view';
import { prepareView } from './prepare-view';
import { Router } from './router';
import type { ViewStore } from './view-store';

/** A polite live region that reads out the new page's title after a client navigation. */
function createAnnouncer(): (message: string) => void {
  const region = document.createElement('div');
  region.className = 'visually-hidden';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  document.body.appendChild(region);
  return (message) => {
    region.textContent = message;
  };
}

export interface NavigationRuntimeOptions {
  buildId: string;
  store: ViewStore;
  handleChunkError: (path: string) => 'reloaded' | 'suppressed';
}

export function startNavigation({ buildId, store, handleChunkError }: NavigationRuntimeOptions): Router {
  // A timed-out manifest counts as missing, a timed-out payload is a full load of the page, and
  // a timed-out build check is tried again at the next interval (router.ts, build-watcher.ts).
  const read = createFetch({ timeoutMs: NAVIGATION_READ_TIMEOUT_MS });
  let manifest: Promise<AppManifest | null> | null = null;
  const loadManifest = () =>
    (manifest ??= read<unknown>(appEndpoints.manifest(buildId))
      .then((value) => {
        if (!looksLikeManifest(value)) throw new Error('the manifest is not a build manifest');
        return value;
      })
      .catch((err: unknown) => {
        console.info('manifest fetch failed; navigation goes on without it', err);
        manifest = null;
        return null;
      }));

  let outdated = false;
  const currentLang = () => {
    const view = store.getView();
    return chromeOf(view).locale.code;
  };
  // The edge turns unsupported browsers away, but a page can reach one without the edge
  // deciding: a proxy or browser cache that ignores Vary, the back/forward cache, a saved page
  // (docs/behaviour.md#39-in-the-client). The browser does not change, so it is judged once;
  // a browser that would be turned away is asked again with the bot list (a chunk of its own),
  // and counts as supported until that answers.
  let supported = clientBrowserVerdict(navigator).supported;
  const browserSupport = browserSupportGuard(() => ({ supported, lang: currentLang() }));
  const router = new Router({
    buildId,
    store,
    fetcher: read,
    runGuards: createGuardPipeline({
      validate: validateGuard,
      'browser-support': browserSupport,
      'route-rules': routeRulesGuard,
    }),
    loadManifest,
    prepareView,
    handleChunkError,
    // A refused consent takes effect with a fresh document: tags that ran under the grant go with the old one.
    isOutdated: () => outdated || consentWithdrawn(),
    announce: createAnnouncer(),
    onPageView: (path) => {
      pushPageView(path);
      // After the page view, which basic mode holds back: a container loaded now counts this page itself.
      applyGrantFromOtherTabs();
    },
  });
  if (!supported) {
    supported = true;
    import('../browser-support/bots')
      .then(({ isBotUserAgent }) => {
        supported = clientBrowserVerdict(navigator, isBotUserAgent).supported;
        // This page too, replaced: the edge's 302 would have left no entry for it in history.
        const here = browserSupport({ path: location.pathname, search: location.search, manifest: null });
        if (here.kind === 'leave') location.replace(here.url);
      })
      .catch(() => {
        // The bot list could not be had: a visitor is never turned away for the site's own failure.
      });
  }
  router.start();
  watchConsentInOtherTabs();

  startBuildWatcher({
    currentId: buildId,
    fetchLatest: () => read<{ id: string }>(`${appEndpoints.latestBuild}?${Date.now()}`, { cache: 'no-store' }),
    onOutdated: () => {
      outdated = true;
    },
  });

  scheduleManifestPrefetch({
    load: loadManifest,
    connection: (navigator as { connection?: ConnectionInfo }).connection,
  });
  return router;
}
