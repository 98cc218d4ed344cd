/**
 * One modal host per page. Content opens it with `useModal().open({ title, blocks }, opener)`.
 * It is a native <dialog> shown with showModal(): the browser provides the modal semantics,
 * the focus trap, inertness of the page behind it and Escape to close; we return focus to the
 * opener and lock background scroll (see site.css).
 */
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Block } from '../content/schema';
import { ContentRenderer } from './blocks/content-renderer';

export interface ModalContent {
  title: string;
  blocks: Block[];
}

interface ModalApi {
  open(content: ModalContent, opener?: HTMLElement | null): void;
  close(): void;
}

const ModalContext = createContext<ModalApi>({ open() {}, close() {} });

export const useModal = () => useContext(ModalContext);

export function ModalProvider({ children, closeLabel }: { children: ReactNode; closeLabel: string }) {
  const [content, setContent] = useState<ModalContent | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();

  const open = useCallback((next: ModalContent, opener?: HTMLElement | null) => {
    openerRef.current = opener ?? (document.activeElement as HTMLElement | null);
    setContent(next);
  }, []);
  const close = useCallback(() => dialogRef.current?.close(), []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (content && dialog && !dialog.open) dialog.showModal();
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
          setContent(null);
          openerRef.current?.focus();
          openerRef.current = null;
        }}
      >
        {content && (
          <div className="modal__panel">
            <div className="modal__header">
              <h2 id={titleId}>{content.title}</h2>
              <button type="button" className="modal__close" onClick={close} aria-label={closeLabel}>
                ×
              </button>
            </div>
            <div className="modal__body">
              <ContentRenderer blocks={content.blocks} />
            </div>
          </div>
        )}
      </dialog>
    </ModalContext.Provider>
  );
}
