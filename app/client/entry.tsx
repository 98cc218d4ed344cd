/**
 * The browser entry, kept to what hydration needs:
 *
 *   boot data      the view and build id the server embedded (non-executable JSON)
 *   prepare        the chunks this view needs (its language, its lazy parts), so hydration
 *                  matches the server's HTML; a lost chunk reloads once per path per 10 s
 *   hydrate        hydrateRoot of the app, whose view lives in a small store
 *   navigation     the router, build watcher and manifest prefetch, as a chunk right after
 *
 * Free of zod and the content schemas: the boot data comes from our own worker.
 */
import { useSyncExternalStore } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { APP_ROOT_ELEMENT_ID, BOOT_DATA_ELEMENT_ID } from '../dom-ids';
import { App } from '../render/app';
import type { BootData } from '../view';
import { createChunkReloadGuard, isChunkLoadError } from './chunk-reload-guard';
import { prepareView } from './prepare-view';
import { createViewStore } from './view-store';
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

async function boot() {
  const data = readBootData();
  const root = document.getElementById(APP_ROOT_ELEMENT_ID);
  if (!data || !root) return;

  const here = () => location.pathname + location.search;
  const chunkGuard = createChunkReloadGuard({
    reload: (path) => (path === here() ? location.reload() : location.assign(path)),
  });
  // A script or stylesheet preload that fails to load is a lost chunk as well.
  window.addEventListener(
    'error',
    (event) => {
      const el = event.target as Element | null;
      if (el instanceof HTMLScriptElement || (el instanceof HTMLLinkElement && /modulepreload|stylesheet/.test(el.rel))) {
        chunkGuard.handleChunkError(here());
      }
    },
    true,
  );

  try {
    await prepareView(data.view);
  } catch (err) {
    if (isChunkLoadError(err) && chunkGuard.handleChunkError(here()) === 'reloaded') return;
    // The page's code cannot be had: show the error screen rather than a page that half works;
    // if even that cannot render (its language chunk is lost too), the server's HTML stays.
    const chrome = data.view.kind === 'page' ? data.view.payload.chrome : data.view.chrome;
    try {
      createRoot(root).render(<App view={{ kind: 'error', status: 500, path: location.pathname, chrome }} preview={data.preview} />);
    } catch {
      // keep the server-rendered page
    }
    return;
  }

  const store = createViewStore(data.view);
  function ClientApp() {
    const view = useSyncExternalStore(store.subscribe, store.getView, store.getView);
    // A new key per page resets per-page state (open modal, carousel position, menu).
    return <App key={view.kind === 'page' ? view.payload.path : view.path} view={view} preview={data!.preview} />;
  }
  hydrateRoot(root, <ClientApp />);

  try {
    const { startNavigation } = await import('./navigation-runtime');
    (window as { __router?: unknown }).__router = startNavigation({
      buildId: data.buildId,
      store,
      handleChunkError: (path) => chunkGuard.handleChunkError(path),
    });
  } catch (err) {
    // Without the runtime, links are ordinary page loads: the site still works.
    if (isChunkLoadError(err)) chunkGuard.handleChunkError(here());
  }
  document.documentElement.dataset.hydrated = 'true';
}

void boot();
