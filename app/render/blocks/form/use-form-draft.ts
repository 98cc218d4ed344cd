/**
 * What is typed into a form is kept per page and form (app/dom/form-drafts.ts), with the key of
 * a submission whose answer never came, and restored after hydration, so the server's HTML and
 * the first render match. File inputs are never kept.
 */
import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import type { Field } from '../../../content/schema';
import {
  clearDraft,
  createDraftWriter,
  draftSubmissionKeyStore,
  loadDraft,
  removeExpiredDrafts,
  type DraftTarget,
  type DraftValues,
  type DraftWriter,
} from '../../../dom/form-drafts';
import { createSubmissionKeys, newIdempotencyKey } from '../../../dom/idempotency-key';
import { applyDraft, plainValues } from '../form-dom';

export type SubmissionKeys = ReturnType<typeof createSubmissionKeys>;

/** The submission keys of one form on one page, kept with its draft so that they survive a reload. */
const submissionKeysFor = (target: DraftTarget) => createSubmissionKeys(newIdempotencyKey, draftSubmissionKeyStore(target));

type Listens = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * Writes the pending draft at once when the page is hidden or left: the browser may end the
 * page then without running the delayed write. Returns the undo.
 */
export function flushOnPageLeave(
  flush: () => void,
  win: Listens = window,
  doc: Listens & { readonly visibilityState: DocumentVisibilityState } = document,
): () => void {
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') flush();
  };
  win.addEventListener('pagehide', flush);
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    win.removeEventListener('pagehide', flush);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}

export interface FormDraft {
  /** keeps what the form holds now, written after a pause in typing (or at flush) */
  keep(form: HTMLFormElement): void;
  /** writes what is pending now */
  flush(): void;
  /** the form's submission keys, kept beside the draft */
  keys(): SubmissionKeys;
  /** drops the draft: the site has confirmed the submission */
  clear(): void;
}

export function useFormDraft(formRef: RefObject<HTMLFormElement | null>, path: string, formId: string, fields: Field[]): FormDraft {
  const writerRef = useRef<DraftWriter | null>(null);
  const keysRef = useRef<SubmissionKeys | null>(null);

  // The fields come with the block: a new block object for the same form is no reason to
  // reopen its draft, so they are read here rather than listed as the effect's dependency.
  const restoreDraft = useEffectEvent((form: HTMLFormElement, draft: DraftValues) => applyDraft(form, fields, draft));

  useEffect(() => {
    const target = { path, formId };
    const form = formRef.current;
    removeExpiredDrafts();
    const draft = loadDraft(target);
    if (form && draft) restoreDraft(form, draft);
    const writer = createDraftWriter(target);
    writerRef.current = writer;
    // The key of a submission sent from here before a reload, whose answer never came.
    keysRef.current = submissionKeysFor(target);
    const stopListening = flushOnPageLeave(() => writer.flush());
    return () => {
      stopListening();
      writer.flush();
      writerRef.current = null;
      keysRef.current = null;
    };
  }, [formRef, path, formId]);

  return {
    keep: (form) => writerRef.current?.schedule(plainValues(form, fields)),
    flush: () => writerRef.current?.flush(),
    keys: () => (keysRef.current ??= submissionKeysFor({ path, formId })),
    clear() {
      writerRef.current?.cancel();
      clearDraft({ path, formId });
    },
  };
}
