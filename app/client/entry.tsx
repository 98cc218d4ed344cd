/**
 * The browser entry, kept to what hydration needs:
 *
 *   boot data      the view and build id the server embedded (non-executable JSON)
 *   prepare        the chunks this view needs (its language, its lazy parts), so hydration
 *                  matches the server's HTML; a lost chunk reloads once per path per 10 s,
 *                  with the guard the page's head script started (./page-reload-guard.ts)
 *   hydrate        hydrateRoot of the app, whose view lives in a small store
 *   navigation     the router, build watcher and manifest prefetch, as a chunk right after
 *
 * Free of zod and the content schemas: the boot data comes from our own worker.
 */
import { startTransition, useSyncExternalStore } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { APP_ROOT_ELEMENT_ID, BOOT_DATA_ELEMENT_ID } from '../dom-ids';
import { ensureLanguage } from '../i18n/languages';
import { App } from '../render/app';
import { chromeOf } from '../render/view-facts';
import type { BootData, View } from '../view';
import { isChunkLoadError } from './chunk-reload-guard';
import { pageReloadGuard } from './page-reload-guard';
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
  // Started in <head>, so it has seen the stylesheet and the preloads fail or load; its own
  // listener handles those (docs/behaviour.md#53-chunk-load-reload-guard).
  const reloads = pageReloadGuard(window);
  const chrome = chromeOf(data.view);
  const errorView = (): View => ({ kind: 'error', status: 500, path: location.pathname, chrome });

  let prepared = true;
  try {
    await prepareView(data.view);
  } catch (err) {
    if (isChunkLoadError(err) && reloads.guard.handleChunkError(here()) === 'reloaded') return;
    prepared = false;
  }
  if (!prepared || reloads.heldBack) {
    // The page's code or style cannot be had, and a reload did not bring it: show the error
    // screen rather than a page that half works; if even that cannot render (its language
    // chunk is lost too), the server's HTML stays.
    try {
      // Settled by prepareView; if the words are lost too, this throws here and not inside
      // React's render, which would empty the page.
      await ensureLanguage(chrome.locale.lang);
      createRoot(root).render(<App view={errorView()} preview={data.preview} />);
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
  // As a transition, React hydrates in slices of a few milliseconds and lets the browser in
  // between, instead of one task as long as the whole tree (Remix's default client entry does
  // the same). Lighthouse's mobile profile measured 80-120 ms of blocking time without it.
  startTransition(() => {
    hydrateRoot(root, <ClientApp />);
  });
  // A file of the page that fails from now on, and is held back, shows the error screen too.
  reloads.onHeldBack = () => store.show(errorView());
  // Click-to-edit, on the preview host only: a chunk of its own, which the live host's pages never load.
  const editors = data.preview?.editorOrigins;
  if (editors)
    import('./preview-overlay').then(
      (m) => m.startPreviewOverlay(editors),
      () => undefined,
    );

  try {
    const { startNavigation } = await import('./navigation-runtime');
    (window as { __router?: unknown }).__router = startNavigation({
      buildId: data.buildId,
      store,
      handleChunkError: (path) => reloads.guard.handleChunkError(path),
    });
  } catch (err) {
    // Without the runtime, links are ordinary page loads: the site still works.
    if (isChunkLoadError(err)) reloads.guard.handleChunkError(here());
  }
  document.documentElement.dataset.hydrated = 'true';
  // The preview host's review notes: a chunk the live site never loads (and given what it
  // needs, so it shares no module with this file).
  if (data.preview)
    void import('./notes-panel')
      .then((m) => m.startNotesPanel({ store, appRoot: root, createRoot, lang: () => chromeOf(store.getView()).locale.lang }))
      .catch(() => {});
}

void boot();
