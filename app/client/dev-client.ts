/**
 * The dev client: only `npm run dev` serves it (scripts/lib/dev-proxy.ts adds its tag to every
 * page); no production bundle holds it. It listens to the dev server's events:
 *
 *   content    the page shown is one that changed, and no page came or went: its payload is
 *              read again and rendered in place (scroll, focus and open tab kept); otherwise
 *              the tab reloads, so it neither shows nor links to the build before
 *   reload     code changed: the tab reloads
 *   problems   the content does not build: an overlay names each file, line, column and field,
 *              while the last good build keeps serving; `fixed` takes it away
 *
 * A hidden tab lets go of its event stream: the browser allows six connections to a host, and
 * six open tabs each holding a stream would leave the seventh unable to load. When it shows
 * again it connects, is told the live build (`hello`), and reloads if it missed one.
 */
import { payloadUrlPath } from '../content/paths';
import { BOOT_DATA_ELEMENT_ID } from '../dom-ids';
import { headFor } from '../head';
import { partsFor } from '../render/lazy-parts';
import type { View } from '../view';
import { applyHead } from './head-manager';
import type { ViewStore } from './view-store';

/** The shapes scripts/lib/dev-proxy.ts sends (DevEvent); the dev server is our own, so a structural check suffices. */
interface DevProblem {
  file: string;
  path: string;
  message: string;
  line?: number;
  column?: number;
}
type DevEvent =
  | { type: 'hello'; buildId: string }
  | { type: 'content'; buildId: string; changed: string[]; pathsChanged: boolean }
  | { type: 'reload' }
  | { type: 'problems'; problems: DevProblem[] }
  | { type: 'fixed' };

export const DEV_OVERLAY_ID = 'dev-problems';
const EVENTS_URL = '/__dev/events';

/**
 * The view store of the page, reached through the router the entry exposes as `window.__router`
 * (app/client/entry.tsx); undefined before the router has started, or if that ever changes,
 * and the tab then reloads instead.
 */
function viewStore(): ViewStore | undefined {
  const router = (window as { __router?: { options?: { store?: ViewStore } } }).__router;
  const store = router?.options?.store;
  return store && typeof store.show === 'function' && typeof store.getView === 'function' ? store : undefined;
}

/** Renders the changed page's new payload in place; false when only a reload can show it. */
async function rerender(store: ViewStore, buildId: string): Promise<boolean> {
  const current = store.getView();
  if (current.kind !== 'page') return false;
  const res = await fetch(`${payloadUrlPath(current.payload.path)}?${encodeURIComponent(buildId)}`, { cache: 'no-store' });
  if (!res.ok) return false;
  const payload = (await res.json()) as { path?: unknown; page?: { title?: unknown } };
  if (payload.path !== current.payload.path || typeof payload.page?.title !== 'string') return false;
  const next = { kind: 'page', payload } as View;
  // A part this page did not load before (a first gallery or form) is a chunk the main bundle loads: reload.
  const loaded = new Set(partsFor(current));
  if (partsFor(next).some((part) => !loaded.has(part))) return false;
  store.show(next);
  applyHead(headFor(next));
  return true;
}

/** The build this tab shows: the page's own, then each one it was told of. */
let shownBuildId = (() => {
  try {
    return (JSON.parse(document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent ?? '') as { buildId?: string }).buildId;
  } catch {
    return undefined;
  }
})();

async function onContent(event: Extract<DevEvent, { type: 'content' }>): Promise<void> {
  shownBuildId = event.buildId;
  const store = viewStore();
  const view = store?.getView();
  const path = view?.kind === 'page' ? view.payload.path : null;
  if (store && path !== null && !event.pathsChanged && event.changed.includes(path)) {
    const done = await rerender(store, event.buildId).catch(() => false);
    if (done) return;
  }
  location.reload();
}

function hideProblems(): void {
  document.getElementById(DEV_OVERLAY_ID)?.remove();
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, style: string, text?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.setAttribute('style', style);
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The overlay: a live alert, so a screen reader reads it out, in plain high-contrast text. */
function showProblems(problems: DevProblem[]): void {
  hideProblems();
  const box = element(
    'div',
    'position:fixed;inset:0 0 auto 0;max-height:70vh;overflow:auto;z-index:2147483647;margin:0;padding:16px 20px;' +
      'background:#fff;color:#111;border-bottom:4px solid #b00020;font:16px/1.5 system-ui,sans-serif;box-shadow:0 4px 16px #0004',
  );
  box.id = DEV_OVERLAY_ID;
  box.setAttribute('role', 'alert');
  box.setAttribute('aria-labelledby', `${DEV_OVERLAY_ID}-title`);
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  const title = element(
    'h2',
    'margin:0 0 8px;font-size:20px;color:#b00020',
    `The content has ${count}: this page shows the last good build`,
  );
  title.id = `${DEV_OVERLAY_ID}-title`;
  const list = element('ul', 'margin:0;padding-left:20px');
  for (const p of problems) {
    const item = element('li', 'margin:4px 0');
    const where = p.line === undefined ? p.file : `${p.file}:${p.line}:${p.column ?? 1}`;
    item.append(
      element('code', 'font:15px ui-monospace,monospace;background:#f3f3f3;padding:0 4px', where),
      document.createTextNode(` ${p.path}: ${p.message}`),
    );
    list.append(item);
  }
  const hint = element('p', 'margin:8px 0 0', 'Fix the file and save: this message goes away by itself.');
  const hide = element('button', 'margin-top:8px;font:inherit;padding:4px 12px', 'Hide');
  hide.type = 'button';
  hide.addEventListener('click', hideProblems);
  box.append(title, list, hint, hide);
  document.body.append(box);
}

function onMessage(message: MessageEvent<string>): void {
  let event: DevEvent;
  try {
    event = JSON.parse(message.data) as DevEvent;
  } catch {
    return;
  }
  if (event.type === 'hello') {
    if (shownBuildId !== undefined && event.buildId !== shownBuildId) location.reload();
  } else if (event.type === 'problems') showProblems(event.problems);
  else if (event.type === 'fixed') hideProblems();
  else if (event.type === 'reload') location.reload();
  else if (event.type === 'content') void onContent(event);
}

let events: EventSource | null = null;
function connect(): void {
  events = new EventSource(EVENTS_URL);
  events.addEventListener('message', onMessage);
  // Says the tab hears the dev server (tests wait for it before they save a file).
  events.addEventListener('open', () => {
    document.documentElement.dataset.devConnected = 'true';
  });
}
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') {
    events?.close();
    events = null;
    delete document.documentElement.dataset.devConnected;
  } else if (!events) connect();
});
if (document.visibilityState !== 'hidden') connect();
