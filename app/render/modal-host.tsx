/**
 * One modal host per page: it provides the modal context (modal-context.ts) and renders the
 * dialog. Content opens it with `useModal().open({ title, blocks }, opener)` (an
 * `Action.modal` button does), code with the same call, and a link with a URL hash.
 *
 * It is a native <dialog> shown with showModal(): the browser provides role="dialog", the
 * modal semantics, inertness of the page behind it and Escape to close. On top of that:
 * focus starts on the close button and Tab wraps around inside the dialog (the browser would
 * otherwise let it out to its own toolbar), a click on the backdrop closes, focus returns to
 * the opener, and the page behind does not scroll (site.css, by `:has()` and by the
 * `data-modal-open` attribute on <html> for browsers without `:has()`).
 *
 * Linked modals: every modal action button on the page (`button[aria-haspopup="dialog"]`,
 * outside the dialog) has an id made from its label, `modal-{slug}` (`-2`, `-3` ... for a
 * label used again), e.g. `/en#modal-how-it-works`. Opening the page with that hash, or
 * following an in-page link to it, opens that modal after hydration; opening the modal by
 * its button writes the hash and closing removes it, both with history.replaceState (no new
 * history entries).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { ContentRenderer } from './blocks/content-renderer';
import { ContentPathContext } from './content-paths';
import { ModalContext, type ModalContent } from './modal-context';

/** The buttons that open modals (ActionButton renders them). */
export const MODAL_OPENER_SELECTOR = 'button[aria-haspopup="dialog"]';
export const MODAL_HASH_PREFIX = '#modal-';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** A label as a fragment-safe slug in any script: spaces and punctuation become single dashes. */
export function modalSlug(label: string): string {
  const slug = label
    .trim()
    .toLowerCase()
    .replace(/[\s\u0021-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007e\u00a0-\u00bf\u2000-\u206f]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'dialog';
}

/** The page's modal openers with their hash ids, in document order. */
export function modalOpeners(scope: Element, dialog: Element | null): { id: string; button: HTMLElement }[] {
  const seen = new Map<string, number>();
  const openers: { id: string; button: HTMLElement }[] = [];
  scope.querySelectorAll<HTMLElement>(MODAL_OPENER_SELECTOR).forEach((button) => {
    if (dialog?.contains(button)) return;
    const slug = modalSlug(button.textContent ?? '');
    const n = (seen.get(slug) ?? 0) + 1;
    seen.set(slug, n);
    openers.push({ id: `modal-${slug}${n > 1 ? `-${n}` : ''}`, button });
  });
  return openers;
}

function hashId(): string | null {
  if (!location.hash.startsWith(MODAL_HASH_PREFIX)) return null;
  try {
    return decodeURIComponent(location.hash.slice(1));
  } catch {
    return null;
  }
}

function replaceHash(hash: string): void {
  // Absolute, so a page whose path begins with `//` is not read as another host (pushState
  // would throw a SecurityError).
  const url = location.href.split('#')[0] + hash;
  if (url !== location.href) history.replaceState(history.state, '', url);
}

function isVisible(el: HTMLElement): boolean {
  return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
}

export function ModalProvider({ children, closeLabel }: { children: ReactNode; closeLabel: string }) {
  const [content, setContent] = useState<ModalContent | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const openRef = useRef(false);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();

  const scope = () => dialogRef.current?.parentElement ?? document.body;

  const open = useCallback((next: ModalContent, opener?: HTMLElement | null) => {
    // A modal opened from inside the modal replaces its content; focus still goes back to the first opener.
    if (!openRef.current) openerRef.current = opener ?? (document.activeElement as HTMLElement | null);
    openRef.current = true;
    setContent(next);
    const linked = opener ? modalOpeners(scope(), dialogRef.current).find((o) => o.button === opener) : undefined;
    if (linked) replaceHash(`#${encodeURIComponent(linked.id)}`);
  }, []);
  const close = useCallback(() => dialogRef.current?.close(), []);

  // Show the dialog once its content is rendered.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!content || !dialog) return;
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
  }, [content]);

  // A linked modal: the hash names an opener on this page. After hydration (and after the
  // router has finished its own focus work on a client navigation), and on hash changes.
  useEffect(() => {
    const openFromHash = () => {
      const id = hashId();
      if (!id) {
        // Back from a followed #modal- link: the modal goes with its hash.
        if (openRef.current) dialogRef.current?.close();
        return;
      }
      if (openRef.current) return;
      modalOpeners(scope(), dialogRef.current)
        .find((o) => o.id === id)
        ?.button.click();
    };
    const timer = setTimeout(openFromHash, 0);
    window.addEventListener('hashchange', openFromHash);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('hashchange', openFromHash);
    };
  }, []);

  // Scroll lock for browsers without :has(); cleared when the page (and its dialog) goes away.
  useEffect(() => {
    const root = document.documentElement;
    if (content) root.setAttribute('data-modal-open', '');
    else root.removeAttribute('data-modal-open');
    return () => {
      root.removeAttribute('data-modal-open');
    };
  }, [content]);

  const api = useMemo(() => ({ open, close }), [open, close]);

  return (
    <ModalContext.Provider value={api}>
      {children}
      <dialog
        ref={dialogRef}
        className="modal"
        aria-labelledby={titleId}
        aria-modal="true"
        onClose={() => {
          openRef.current = false;
          setContent(null);
          if (hashId()) replaceHash('');
          const opener = openerRef.current;
          openerRef.current = null;
          if (opener?.isConnected) opener.focus();
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Tab') return;
          // Keep Tab inside: from the last focusable to the first, and back with Shift.
          const focusables = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(isVisible);
          const first = focusables[0];
          const last = focusables[focusables.length - 1];
          if (!first || !last) return;
          const active = document.activeElement;
          if (e.shiftKey && (active === first || active === e.currentTarget)) {
            e.preventDefault();
            last.focus();
          } else if (!e.shiftKey && active === last) {
            e.preventDefault();
            first.focus();
          }
        }}
        onPointerDown={(e) => {
          pressedOnBackdrop.current = e.target === e.currentTarget;
        }}
        onClick={(e) => {
          // The backdrop belongs to the <dialog> itself; its content is in the panel. A press
          // that began inside the panel (selecting text) and ended outside does not close it.
          const onBackdrop = e.target === e.currentTarget && pressedOnBackdrop.current;
          pressedOnBackdrop.current = false;
          if (onBackdrop) close();
        }}
      >
        {content && (
          <div className="modal__panel">
            <div className="modal__header">
              <h2 id={titleId}>{content.title}</h2>
              <button ref={closeRef} type="button" className="modal__close" onClick={close} aria-label={closeLabel}>
                <span aria-hidden="true">×</span>
              </button>
            </div>
            <div className="modal__body">
              {/* Its own paths, or none: under the page's, its blocks would claim the page's first ones. */}
              <ContentPathContext.Provider value={content.path ?? null}>
                <ContentRenderer blocks={content.blocks} />
              </ContentPathContext.Provider>
            </div>
          </div>
        )}
      </dialog>
    </ModalContext.Provider>
  );
}
