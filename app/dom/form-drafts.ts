/**
 * What a visitor has typed into a form, kept in localStorage per page and form id so it
 * survives a reload, a crash or a closed tab, and cleared once the form has been sent.
 * Files are never kept (only text, choices and checkboxes). A draft not saved again for
 * DRAFT_MAX_AGE_MS is gone: it is not restored, and any page with a form removes every such
 * draft of the site, so what a visitor typed once does not stay in the browser for good.
 *
 * Stored as `{ "v": 1, "savedAt": ms, "values": { name: string | boolean } }` under
 * `edge-site:v1:draft:{path}:{formId}` (key spelling: ./site-storage.ts). A value that is not
 * that shape is ignored as if there were no draft; storage that throws means no drafts.
 *
 * While a submission of the form has been sent and not confirmed, the same entry also holds
 * `"sending": { "key": uuid, "content": text }`: its Idempotency-Key and what it carried, as
 * text (of a file, only its name, size and date; ./idempotency-key.ts), so the same answers
 * sent again after a reload carry the same key and the site stores them once. It goes with
 * the draft: kept when the draft is saved again, removed with it once the form is sent, and a
 * draft written before it existed simply has none (the format stays v1: a build that does not
 * know `sending` ignores it). A `sending` that is not that shape is ignored; the values are
 * still restored.
 */
import { cleanPendingSubmission, type PendingSubmission, type SubmissionKeyStore } from './idempotency-key';
import { draftKey, listKeys, localStore, readJson, removeKey, siteKey, writeJson, type StorageGetter } from './site-storage';

export type DraftValue = string | boolean;
export type DraftValues = Record<string, DraftValue>;

export const DRAFT_FORMAT_VERSION = 1;
/** Default wait after the last keystroke before writing. */
export const DRAFT_SAVE_DELAY_MS = 400;
/** A draft value longer than this is not kept (a pasted novel should not fill the quota). */
export const DRAFT_MAX_VALUE_LENGTH = 20_000;
/** A draft older than this (since it was last saved) is removed, not restored: 30 days. */
export const DRAFT_MAX_AGE_MS = 30 * 86_400_000;

interface StoredDraft {
  v: number;
  savedAt: number;
  values: DraftValues;
  /** the submission sent and not confirmed, if any */
  sending?: PendingSubmission;
}

export interface DraftTarget {
  path: string;
  formId: string;
  /** localStorage unless given */
  storage?: StorageGetter;
}

const FIELD_NAME = /^[a-zA-Z][a-zA-Z0-9_]*$/;

/** Only field-shaped names and string/boolean values survive; anything else is dropped. */
function cleanValues(input: unknown): DraftValues {
  const values: DraftValues = {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return values;
  for (const [name, value] of Object.entries(input as Record<string, unknown>)) {
    if (!FIELD_NAME.test(name)) continue;
    if (typeof value === 'boolean') values[name] = value;
    else if (typeof value === 'string' && value.length <= DRAFT_MAX_VALUE_LENGTH) values[name] = value;
  }
  return values;
}

/** True when nothing was typed: every value empty or unchecked. */
export function isEmptyDraft(values: DraftValues): boolean {
  return Object.values(values).every((v) => v === '' || v === false);
}

/** True for a stored draft saved more than DRAFT_MAX_AGE_MS ago, or with no time at all. */
function isExpired(stored: unknown, now: number): boolean {
  const savedAt = typeof stored === 'object' && stored !== null ? (stored as Partial<StoredDraft>).savedAt : undefined;
  return typeof savedAt !== 'number' || !(now - savedAt <= DRAFT_MAX_AGE_MS);
}

/** The stored entry of this version, cleaned; null when there is none (or it is garbage, or expired, which is removed). */
function readDraft(
  { path, formId, storage = localStore }: DraftTarget,
  now: () => number,
): { values: DraftValues; sending: PendingSubmission | null } | null {
  const key = draftKey(path, formId);
  const stored = readJson(storage, key);
  if (typeof stored !== 'object' || stored === null) return null;
  const { v, values, sending } = stored as Partial<Record<keyof StoredDraft, unknown>>;
  if (v !== DRAFT_FORMAT_VERSION) return null;
  if (isExpired(stored, now())) {
    removeKey(storage, key);
    return null;
  }
  return { values: cleanValues(values), sending: cleanPendingSubmission(sending) };
}

/** Writes values and a pending submission as one entry, or removes the entry when neither is left. */
function writeDraft(target: DraftTarget, values: DraftValues, sending: PendingSubmission | null, now: () => number): boolean {
  const storage = target.storage ?? localStore;
  const key = draftKey(target.path, target.formId);
  const clean = cleanValues(values);
  const pending = cleanPendingSubmission(sending);
  if (isEmptyDraft(clean) && !pending) return removeKey(storage, key);
  const record: StoredDraft = { v: DRAFT_FORMAT_VERSION, savedAt: now(), values: clean };
  if (pending) record.sending = pending;
  return writeJson(storage, key, record);
}

/** The saved draft, or null when there is none (or it is unreadable, garbage, empty or expired, which is removed). */
export function loadDraft(target: DraftTarget, now: () => number = Date.now): DraftValues | null {
  const values = readDraft(target, now)?.values;
  return !values || isEmptyDraft(values) ? null : values;
}

/** The submission sent from this form and not confirmed, kept with its draft; null when there is none (or it is garbage). */
export function loadPendingSubmission(target: DraftTarget, now: () => number = Date.now): PendingSubmission | null {
  return readDraft(target, now)?.sending ?? null;
}

/** Keeps (or, given null, forgets) the submission sent and not confirmed, beside the draft's values. False when storage refused. */
export function savePendingSubmission(target: DraftTarget, pending: PendingSubmission | null, now: () => number = Date.now): boolean {
  return writeDraft(target, readDraft(target, now)?.values ?? {}, pending, now);
}

/** The store createSubmissionKeys keeps its key in: with this form's draft. */
export function draftSubmissionKeyStore(target: DraftTarget, now: () => number = Date.now): SubmissionKeyStore {
  return {
    load: () => loadPendingSubmission(target, now),
    save: (pending) => void savePendingSubmission(target, pending, now),
  };
}

/** Removes every draft of this version saved more than DRAFT_MAX_AGE_MS ago, on any page; how many went. */
export function removeExpiredDrafts(storage: StorageGetter = localStore, now: () => number = Date.now): number {
  let removed = 0;
  const at = now();
  for (const key of listKeys(storage, siteKey('draft', ''))) {
    const stored = readJson(storage, key);
    if (
      typeof stored === 'object' &&
      stored !== null &&
      (stored as Partial<StoredDraft>).v === DRAFT_FORMAT_VERSION &&
      isExpired(stored, at)
    )
      if (removeKey(storage, key)) removed++;
  }
  return removed;
}

/** Writes the draft now (or removes it when empty), keeping a pending submission stored with it. False when storage refused. */
export function saveDraft(target: DraftTarget, values: DraftValues, now: () => number = Date.now): boolean {
  return writeDraft(target, values, readDraft(target, now)?.sending ?? null, now);
}

/** Removes the draft and the pending submission stored with it (the form was sent). */
export function clearDraft({ path, formId, storage = localStore }: DraftTarget): void {
  removeKey(storage, draftKey(path, formId));
}

export interface DraftWriter {
  /** Remember these values; they are written after the delay, unless newer ones come first. */
  schedule(values: DraftValues): void;
  /** Write what is pending now (blur, pagehide, leaving the page). */
  flush(): void;
  /** Drop what is pending without writing it (the form was just sent). */
  cancel(): void;
}

export interface DraftWriterOptions extends DraftTarget {
  delayMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  now?: () => number;
}

/** Debounced saving: one write per pause in typing, and at once on flush. */
export function createDraftWriter(options: DraftWriterOptions): DraftWriter {
  const delayMs = options.delayMs ?? DRAFT_SAVE_DELAY_MS;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let pending: DraftValues | null = null;
  let timer: unknown = null;

  const stopTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  const flush = () => {
    stopTimer();
    if (pending === null) return;
    const values = pending;
    pending = null;
    saveDraft(options, values, options.now);
  };

  return {
    schedule(values) {
      pending = { ...values };
      stopTimer();
      timer = setTimer(flush, delayMs);
    },
    flush,
    cancel() {
      stopTimer();
      pending = null;
    },
  };
}
