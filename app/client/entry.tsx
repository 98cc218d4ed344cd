/**
 * The browser entry, one orchestrator:
 *
 *   boot data      the view and build id the server embedded (non-executable JSON)
 *   lazy blocks    load the chunks this view needs, so hydration matches the server's HTML
 *   hydrate        hydrateRoot of the app, whose view the router owns from then on
 *   router         client navigation with the spec's guards (./router.ts)
 *   build watcher  latest.json now and hourly; a new build makes the next click a full load
 *   manifest       prefetched 1 s after idle unless the connection is very slow
 *   chunk errors   a failed chunk or preload reloads the page, once per path per 10 s
 *
 * Kept free of zod and the content schemas so the bundle stays small: the boot data comes
 * from our own worker in the same response.
 */
import { useSyncExternalStore } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { AppManifest } from '../build-records';
import { APP_ROOT_ELEMENT_ID, BOOT_DATA_ELEMENT_ID } from '../dom-ids';
import { $fetch } from '../fetch';
import { browserSupportGuard, createGuardPipeline, routeRulesGuard, validateGuard } from '../navigation/guards';
import { App } from '../render/app';
import type { BootData, View } from '../view';
import { startBuildWatcher } from './build-watcher';
import { createChunkReloadGuard, isChunkLoadError } from './chunk-reload-guard';
import { prepareView } from './lazy-block-loader';
import { scheduleManifestPrefetch, type ConnectionInfo } from './manifest-prefetch';
import { pushPageView } from './page-view';
import { Router } from './router';
import '../styles/site.css';

function readBootData(): BootData | null {
  const text = document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as BootData;
  } catch {
    return null;
  }
}

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

function currentLang(view: View): string {
  return (view.kind === 'page' ? view.payload.chrome : view.chrome).locale.code;
}

async function boot() {
  const data = readBootData();
  const root = document.getElementById(APP_ROOT_ELEMENT_ID);
  if (!data || !root) return;

  const chunkGuard = createChunkReloadGuard({
    reload: (path) => (path === location.pathname + location.search ? location.reload() : location.assign(path)),
  });

  try {
    await prepareView(data.view);
  } catch (err) {
    if (isChunkLoadError(err) && chunkGuard.handleChunkError(location.pathname + location.search) === 'reloaded') return;
    // The page's code cannot be had: show the error screen rather than a page that half works.
    const chrome = data.view.kind === 'page' ? data.view.payload.chrome : data.view.chrome;
    createRoot(root).render(<App view={{ kind: 'error', status: 500, path: location.pathname, chrome }} preview={data.preview} />);
    return;
  }

  let manifest: Promise<AppManifest | null> | null = null;
  const loadManifest = () =>
    (manifest ??= $fetch<AppManifest>(`/_app/builds/meta/${data.buildId}.json`).catch((err: unknown) => {
      console.info('manifest fetch failed; navigation goes on without it', err);
      manifest = null;
      return null;
    }));

  let outdated = false;
  const router: Router = new Router({
    buildId: data.buildId,
    initialView: data.view,
    fetcher: $fetch,
    runGuards: createGuardPipeline({
      validate: validateGuard,
      // The edge turned unsupported browsers away before this code could load (they get
      // /unsupported, which loads no JavaScript), so the client carries a "supported" verdict.
      'browser-support': browserSupportGuard(() => ({ supported: true, lang: currentLang(router.getView()) })),
      'route-rules': routeRulesGuard,
    }),
    loadManifest,
    prepareView,
    handleChunkError: (path) => chunkGuard.handleChunkError(path),
    isOutdated: () => outdated,
    announce: createAnnouncer(),
    onPageView: pushPageView,
  });

  function ClientApp() {
    const view = useSyncExternalStore(router.subscribe, router.getView, router.getView);
    // A new key per page resets per-page state (open modal, carousel position, menu).
    return <App key={view.kind === 'page' ? view.payload.path : view.path} view={view} preview={data!.preview} />;
  }

  hydrateRoot(root, <ClientApp />);
  router.start();
  document.documentElement.dataset.hydrated = 'true';
  (window as { __router?: Router }).__router = router;

  // A script or stylesheet preload that fails to load is a lost chunk as well.
  window.addEventListener(
    'error',
    (event) => {
      const el = event.target as Element | null;
      if (el instanceof HTMLScriptElement || (el instanceof HTMLLinkElement && /modulepreload|stylesheet/.test(el.rel))) {
        chunkGuard.handleChunkError(location.pathname + location.search);
      }
    },
    true,
  );

  startBuildWatcher({
    currentId: data.buildId,
    fetchLatest: () => $fetch<{ id: string }>(`/_app/builds/latest.json?${Date.now()}`, { cache: 'no-store' }),
    onOutdated: () => {
      outdated = true;
    },
  });

  scheduleManifestPrefetch({
    load: loadManifest,
    connection: (navigator as { connection?: ConnectionInfo }).connection,
  });
}

void boot();
