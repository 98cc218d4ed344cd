/**
 * Click-to-edit on the preview host (docs/editors.md#click-to-edit), a chunk of its own that
 * only the preview host's pages load. Over the page's `data-content-path` elements
 * (app/render/content-paths.ts) it
 *
 *   outlines the block under the pointer;
 *   on a click, when the page is framed by an allowed origin, posts `preview:select` with the
 *     clicked element's path and the page to that origin only;
 *   on `preview:focus` from an allowed origin, scrolls to that path's element (or the nearest
 *     one around it that is shown) and highlights it.
 *
 * The outlines are boxes of their own, outside the app's root, that take no pointer events and
 * are hidden from assistive technology: nothing of the page moves, takes focus or changes for
 * keyboard users. Scrolling is instant for those who prefer reduced motion. A click still does
 * what it does on the page (follows the link, opens the modal).
 */
import { CONTENT_PATH_ATTRIBUTE, formatContentPath, parseContentPath } from '../content/content-path';
import { editorOrigin } from '../editor-origin';
import { focusPathOf, PreviewSelectMessage } from '../preview-messages';

/** The boxes' marker (`hover`, `focus`), for tests and for styles a CMS may want to match. */
export const OVERLAY_ATTRIBUTE = 'data-preview-overlay';
/** The path a box shows; not CONTENT_PATH_ATTRIBUTE, so a box is never taken for the content it shows. */
export const OVERLAY_PATH_ATTRIBUTE = 'data-preview-overlay-path';

const SELECTOR = `[${CONTENT_PATH_ATTRIBUTE}]`;
/** A block's own path ends in `blocks[n]`; a field's goes on from it. */
const BLOCK_PATH_RE = /(?:^|\.)blocks\[\d+\]$/;

type Box = HTMLDivElement & { shows?: Element | null };

function makeBox(doc: Document, kind: 'hover' | 'focus'): Box {
  const box = doc.createElement('div') as Box;
  box.setAttribute(OVERLAY_ATTRIBUTE, kind);
  box.setAttribute('aria-hidden', 'true');
  // Set through the CSSOM, which the pages' CSP (style-src 'self') allows, unlike a style attribute.
  Object.assign(box.style, {
    position: 'absolute',
    pointerEvents: 'none',
    zIndex: '2147483646',
    boxSizing: 'border-box',
    borderRadius: '2px',
    display: 'none',
    ...(kind === 'hover'
      ? { outline: '2px dashed #2563eb', outlineOffset: '2px' }
      : { outline: '3px solid #d97706', outlineOffset: '3px', background: 'rgba(217, 119, 6, 0.08)' }),
  });
  doc.body.appendChild(box);
  return box;
}

/** Puts the box over `target` in page coordinates, so it scrolls with the page; hides it for null. */
function place(box: Box, target: Element | null): void {
  box.shows = target;
  if (!target?.isConnected) {
    box.style.display = 'none';
    box.removeAttribute(OVERLAY_PATH_ATTRIBUTE);
    return;
  }
  const view = target.ownerDocument.defaultView!;
  const rect = target.getBoundingClientRect();
  Object.assign(box.style, {
    display: 'block',
    left: `${rect.left + view.scrollX}px`,
    top: `${rect.top + view.scrollY}px`,
    width: `${rect.width}px`,
    height: `${rect.height}px`,
  });
  box.setAttribute(OVERLAY_PATH_ATTRIBUTE, target.getAttribute(CONTENT_PATH_ATTRIBUTE) ?? '');
}

function pathedElement(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest(SELECTOR) : null;
}

/** The block an element belongs to: itself or the nearest around it whose path is a block's. */
function blockOf(element: Element): Element {
  for (let el: Element | null = element; el; el = el.parentElement?.closest(SELECTOR) ?? null) {
    if (BLOCK_PATH_RE.test(el.getAttribute(CONTENT_PATH_ATTRIBUTE) ?? '')) return el;
  }
  return element;
}

/** The element of `path`, or of the nearest path around it that is shown (a field not rendered, a closed modal's block). */
function elementFor(doc: Document, path: string): Element | null {
  const keys = parseContentPath(path);
  if (!keys) return null;
  // Compared as text, never put into a selector: a path is data from another origin.
  const byPath = new Map<string, Element>();
  doc.querySelectorAll(SELECTOR).forEach((el) => {
    const own = el.getAttribute(CONTENT_PATH_ATTRIBUTE)!;
    if (!byPath.has(own)) byPath.set(own, el);
  });
  for (let n = keys.length; n > 0; n--) {
    const found = byPath.get(formatContentPath(keys.slice(0, n)));
    if (found) return found;
  }
  return null;
}

/** The page a click is about: the draft /preview shows, else this page's path. */
function pageOf(doc: Document): string {
  return doc.querySelector('[data-preview-path]')?.getAttribute('data-preview-path') ?? doc.defaultView!.location.pathname;
}

/** Starts the overlay in `win`; the returned function stops it and removes its boxes. */
export function startPreviewOverlay(origins: readonly string[], win: Window = window): () => void {
  const doc = win.document;
  const hover = makeBox(doc, 'hover');
  const focus = makeBox(doc, 'focus');
  const reducedMotion = win.matchMedia('(prefers-reduced-motion: reduce)');

  function onPointerOver(event: PointerEvent) {
    const el = pathedElement(event.target);
    place(hover, el && blockOf(el));
  }
  function onPointerOut(event: PointerEvent) {
    if (!event.relatedTarget) place(hover, null);
  }
  function onClick(event: MouseEvent) {
    // A keyboard's click (detail 0) is someone using the page, not pointing at content.
    if (event.detail === 0 || win.parent === win) return;
    const el = pathedElement(event.target);
    const target = editorOrigin(origins, { ancestorOrigins: win.location.ancestorOrigins, referrer: doc.referrer });
    if (!el || !target) return;
    const message = PreviewSelectMessage.safeParse({
      type: 'preview:select',
      path: el.getAttribute(CONTENT_PATH_ATTRIBUTE),
      page: pageOf(doc),
    });
    if (message.success) win.parent.postMessage(message.data, target);
  }
  function onMessage(event: MessageEvent) {
    const path = focusPathOf(event, origins);
    if (path === null) return;
    const el = elementFor(doc, path);
    if (!el) return;
    el.scrollIntoView({ block: 'center', behavior: reducedMotion.matches ? 'auto' : 'smooth' });
    place(focus, el);
  }
  /** Layout moved (a resize, an image that loaded, the page a client navigation showed): the boxes follow, or go. */
  let pending = 0;
  function onLayout() {
    if (pending) return;
    pending = win.requestAnimationFrame(() => {
      pending = 0;
      place(hover, hover.shows ?? null);
      place(focus, focus.shows ?? null);
    });
  }
  const changes = new MutationObserver(onLayout);

  doc.addEventListener('pointerover', onPointerOver, { passive: true });
  doc.addEventListener('pointerout', onPointerOut, { passive: true });
  doc.addEventListener('click', onClick, { passive: true });
  doc.addEventListener('load', onLayout, { capture: true, passive: true });
  win.addEventListener('message', onMessage);
  win.addEventListener('resize', onLayout, { passive: true });
  changes.observe(doc.body, { childList: true, subtree: true });
  return () => {
    changes.disconnect();
    win.cancelAnimationFrame(pending);
    doc.removeEventListener('pointerover', onPointerOver);
    doc.removeEventListener('pointerout', onPointerOut);
    doc.removeEventListener('click', onClick);
    doc.removeEventListener('load', onLayout, { capture: true });
    win.removeEventListener('message', onMessage);
    win.removeEventListener('resize', onLayout);
    hover.remove();
    focus.remove();
  };
}
