/**
 * The form block. The server renders a real HTML form that posts without JavaScript
 * (native constraints from the rules, hidden `_form` and `_page`); once hydrated the
 * browser takes over:
 *
 *   validation   a field on blur, on every change once it has shown an error, all on submit;
 *                messages in the page language beside the field (aria-invalid, aria-describedby);
 *                a failed submit focuses the first invalid field
 *   sending      POST { form, page, values } as JSON (multipart FormData when there are
 *                files) to the endpoint with $fetch, never retried; meanwhile the form is
 *                aria-busy, the button disabled and the fields read-only (what is typed then
 *                would not be in the post); an Idempotency-Key that stays the same when the
 *                visitor sends the same answers again after a failure, or after a reload
 *                (it is kept with the draft until the site confirms), so the site stores a
 *                submission once even if the post whose answer never came did arrive
 *   outcome      success: the block's message (role=status), form reset, draft and key cleared;
 *                failure: everything typed stays, a message (role=alert) that says why when
 *                the site refused the post (too many posts, not from this site, too large,
 *                could not store it just now), draft kept
 *   honeypot     a text input no person sees or reaches (off-screen, aria-hidden, no tab
 *                stop, no autofill); bots fill it in, and the worker then keeps nothing
 *   drafts       what is typed is kept per page and form (app/dom/form-drafts.ts) and
 *                restored after hydration, so the server's HTML and the first render match
 *
 * Inputs are uncontrolled: the DOM holds the values, so nothing typed before hydration is
 * lost and no re-render can overwrite what a visitor is typing.
 */
import { useContext, useEffect, useEffectEvent, useRef, useState, useSyncExternalStore, type FocusEvent, type FormEvent } from 'react';
import {
  clearDraft,
  createDraftWriter,
  draftSubmissionKeyStore,
  loadDraft,
  removeExpiredDrafts,
  type DraftTarget,
  type DraftValues,
  type DraftWriter,
} from '../../dom/form-drafts';
import { createSubmissionKeys, newIdempotencyKey } from '../../dom/idempotency-key';
import type { Block, Field } from '../../content/schema';
import { appEndpoints } from '../../endpoints';
import { $fetch, FetchError, type FetchOptions } from '../../fetch';
import { FORM_POST_FIELDS } from '../../form-post';
import { formStrings } from '../../i18n/form-strings';
import { compileRules, validateField, type FieldValue } from '../../validation/validate';
import { PageContext } from '../page-context';
import { applyDraft, control, plainValues, readValue, readValues } from './form-dom';
import { errorId, FieldControl, fieldId } from './form-field';

type FormBlockData = Extract<Block, { type: 'form' }>;

/** Where a form without its own endpoint posts (the worker's form route). */
export const DEFAULT_FORM_ENDPOINT = appEndpoints.forms;
/** A submission that has not answered by then counts as failed (the visitor can try again). */
export const FORM_SUBMIT_TIMEOUT_MS = 30_000;
const HONEYPOT_FIELD = FORM_POST_FIELDS.honeypot;

type Status = 'idle' | 'sending' | 'sent' | 'failed';
/** By field name, in Maps: field names come from content, and `constructor` is a fine name. */
type Errors = ReadonlyMap<string, string>;
const NO_ERRORS: Errors = new Map();
type Failure = 'sendFailed' | 'rateLimited' | 'forbidden' | 'tooLarge' | 'unavailable';

/** Being hydrated never changes once true, so there is nothing to subscribe to. */
const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** The submission keys of one form on one page, kept with its draft so that they survive a reload. */
const submissionKeysFor = (target: DraftTarget) => createSubmissionKeys(newIdempotencyKey, draftSubmissionKeyStore(target));

/**
 * Makes the fields read-only while a post is on its way, so nothing typed meanwhile is left
 * out of the post and then wiped by the reset. Text controls get readOnly (they stay focusable
 * and readable); a select, a checkbox and a file input have no readOnly, so they are disabled:
 * the post's body is built before this, so no value is dropped from it. Returns the undo.
 */
function lockFields(form: HTMLFormElement, fields: Field[]): () => void {
  const undo: Array<() => void> = [];
  for (const field of fields) {
    const el = control(form, field.name);
    if (!el) continue;
    if (el instanceof HTMLSelectElement || (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'file'))) {
      if (el.disabled) continue;
      el.disabled = true;
      undo.push(() => (el.disabled = false));
    } else if (!el.readOnly) {
      el.readOnly = true;
      undo.push(() => (el.readOnly = false));
    }
  }
  return () => undo.forEach((f) => f());
}

/** What to tell the visitor about a failed post: the site's refusals have words of their own. */
function failureOf(err: unknown, siteEndpoint: boolean): Failure {
  const status = err instanceof FetchError && err.kind === 'http' ? err.status : undefined;
  if (status === 429) return 'rateLimited';
  if (status === 403) return 'forbidden';
  if (status === 413) return 'tooLarge';
  // The site's own endpoint says 503 when it could not store the entry; another endpoint's 503 is just a failure.
  if (status === 503 && siteEndpoint) return 'unavailable';
  return 'sendFailed';
}

export function FormBlock({ block }: { block: FormBlockData }) {
  const { path, lang } = useContext(PageContext);
  const t = formStrings(lang);
  const endpoint = block.endpoint ?? DEFAULT_FORM_ENDPOINT;
  const hasFile = block.fields.some((f) => f.kind === 'file');
  const titleId = block.title ? `${block.id}-title` : undefined;

  // False in the server's HTML and while hydrating, so both render the same form; true after.
  const hydrated = useSyncExternalStore(noSubscription, inBrowser, onServer);
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState<Failure>('sendFailed');

  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const writerRef = useRef<DraftWriter | null>(null);
  const keysRef = useRef<ReturnType<typeof createSubmissionKeys> | null>(null);
  /** fields that have shown an error: they are checked on every change from then on */
  const shownRef = useRef(new Set<string>());
  /** per field, the latest check; an older one that answers late is ignored */
  const checkSeqRef = useRef(new Map<string, number>());
  const busyRef = useRef(false);
  /** what to focus once React has committed the render that shows it */
  const focusRef = useRef<{ target: 'field'; name: string } | { target: 'status' | 'submit' } | null>(null);

  const fields = block.fields;
  // Not Object.fromEntries: Chrome 64-72 and Safari 12.0, which the site supports, lack it.
  const labels: Record<string, string> = {};
  for (const f of fields) labels[f.name] = f.label;
  const rulesOf = (field: Field) => compileRules(field.rules);
  const draftTarget = { path, formId: block.id };

  // The fields come with the block: a new block object for the same form is no reason to
  // reopen its draft, so they are read here rather than listed as the effect's dependency.
  const restoreDraft = useEffectEvent((form: HTMLFormElement, draft: DraftValues) => applyDraft(form, fields, draft));

  useEffect(() => {
    const target = { path, formId: block.id };
    const form = formRef.current;
    removeExpiredDrafts();
    const draft = loadDraft(target);
    if (form && draft) restoreDraft(form, draft);
    const writer = createDraftWriter(target);
    writerRef.current = writer;
    // The key of a submission sent from here before a reload, whose answer never came.
    keysRef.current = submissionKeysFor(target);
    const flush = () => writer.flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') writer.flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      writer.flush();
      writerRef.current = null;
      keysRef.current = null;
    };
  }, [path, block.id]);

  useEffect(() => {
    const pending = focusRef.current;
    if (!pending) return;
    focusRef.current = null;
    if (pending.target === 'field') {
      const form = formRef.current;
      if (form) control(form, pending.name)?.focus();
    } else if (pending.target === 'status') statusRef.current?.focus();
    else submitRef.current?.focus();
  });

  const contextFor = (field: Field, values: Record<string, FieldValue>) => ({ label: field.label, lang, values, labels });

  async function checkField(field: Field): Promise<void> {
    const form = formRef.current;
    if (!form) return;
    const seq = (checkSeqRef.current.get(field.name) ?? 0) + 1;
    checkSeqRef.current.set(field.name, seq);
    const values = readValues(form, fields);
    let message: string | null = null;
    try {
      message = await validateField(rulesOf(field), values[field.name], contextFor(field, values));
    } catch {
      message = null; // a validator that fails must not block the visitor; the server checks again
    }
    if (checkSeqRef.current.get(field.name) !== seq) return;
    if (message) shownRef.current.add(field.name);
    setErrors((prev) => {
      if ((prev.get(field.name) ?? null) === message) return prev;
      const next = new Map(prev);
      if (message) next.set(field.name, message);
      else next.delete(field.name);
      return next;
    });
  }

  const fieldOf = (target: EventTarget | null) => {
    const name = (target as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? fields.find((f) => f.name === name) : undefined;
  };

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    const field = fieldOf(event.target);
    if (!field) return;
    writerRef.current?.flush();
    // Leaving a field for another control of the same form re-checks it; so does leaving the form.
    void checkField(field);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const field = fieldOf(event.target);
    const form = formRef.current;
    if (!field || !form) return;
    if (field.kind !== 'file') writerRef.current?.schedule(plainValues(form, fields));
    if (shownRef.current.has(field.name)) void checkField(field);
  }

  /** What a post carries, as text: the same text is the same submission, sent again. */
  function contentOf(form: HTMLFormElement): string {
    const files = fields
      .filter((f) => f.kind === 'file')
      .map((f) => (readValue(form, f) as File[]).map((file) => [file.name, file.size, file.lastModified]));
    return JSON.stringify([plainValues(form, fields), files]);
  }

  /** The body of a post, read from the form now (before the fields are locked: disabled controls are not in FormData). */
  function bodyOf(form: HTMLFormElement): Pick<FetchOptions, 'body' | 'json'> {
    // FormData carries the hidden _form and _page inputs along with the files.
    if (hasFile) return { body: new FormData(form) };
    const honeypot = control(form, HONEYPOT_FIELD)?.value ?? '';
    return { json: { form: block.id, page: path, values: { ...plainValues(form, fields), [HONEYPOT_FIELD]: honeypot } } };
  }

  async function send(body: Pick<FetchOptions, 'body' | 'json'>, key: string): Promise<void> {
    await $fetch(endpoint, {
      method: 'POST',
      retry: false,
      timeoutMs: FORM_SUBMIT_TIMEOUT_MS,
      responseType: 'text',
      headers: { accept: 'application/json', 'idempotency-key': key },
      ...body,
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = formRef.current;
    if (!form || busyRef.current) return;
    busyRef.current = true;
    try {
      const values = readValues(form, fields);
      // Checks already under way for single fields are superseded by this one.
      for (const f of fields) checkSeqRef.current.set(f.name, (checkSeqRef.current.get(f.name) ?? 0) + 1);
      const messages = await Promise.all(
        fields.map((f) => validateField(rulesOf(f), values[f.name], contextFor(f, values)).catch(() => null)),
      );
      const next = new Map<string, string>();
      fields.forEach((f, i) => {
        const message = messages[i];
        if (message) {
          next.set(f.name, message);
          shownRef.current.add(f.name);
        }
      });
      const firstInvalid = fields.find((f) => next.has(f.name));
      setErrors(next);
      if (firstInvalid) {
        focusRef.current = { target: 'field', name: firstInvalid.name };
        setStatus('idle');
        return;
      }

      const body = bodyOf(form);
      const content = contentOf(form);
      setStatus('sending');
      // The draft holds what is sent (even what was filled in before hydration, with no change
      // event since), and keyFor stores the key beside it before the post leaves: a reload
      // meanwhile restores both, so the same answers sent again carry the same key.
      writerRef.current?.schedule(plainValues(form, fields));
      writerRef.current?.flush();
      const keys = (keysRef.current ??= submissionKeysFor(draftTarget));
      const key = keys.keyFor(content);
      const unlock = lockFields(form, fields);
      try {
        await send(body, key);
      } catch (err) {
        setFailure(failureOf(err, endpoint === DEFAULT_FORM_ENDPOINT));
        setStatus('failed');
        focusRef.current = { target: 'submit' };
        return;
      } finally {
        unlock();
      }
      keys.sent();
      writerRef.current?.cancel();
      clearDraft(draftTarget);
      form.reset();
      shownRef.current.clear();
      setErrors(NO_ERRORS);
      setStatus('sent');
      focusRef.current = { target: 'status' };
    } finally {
      busyRef.current = false;
    }
  }

  const sending = status === 'sending';
  return (
    <section className="block form-block" id={block.id}>
      {block.title && <h2 id={titleId}>{block.title}</h2>}
      <form
        ref={formRef}
        method="post"
        action={endpoint}
        encType={hasFile ? 'multipart/form-data' : undefined}
        noValidate={hydrated || undefined}
        aria-labelledby={titleId}
        aria-busy={sending || undefined}
        data-form-id={block.id}
        data-status={status}
        onSubmit={(e) => void onSubmit(e)}
        onBlur={onBlur}
        onChange={onChange}
      >
        <input type="hidden" name={FORM_POST_FIELDS.form} value={block.id} />
        <input type="hidden" name={FORM_POST_FIELDS.page} value={path} />
        {fields.map((field) => {
          const rules = rulesOf(field);
          const error = errors.get(field.name);
          const label = <label htmlFor={fieldId(block.id, field.name)}>{field.label}</label>;
          const input = <FieldControl field={field} formId={block.id} rules={rules} error={error} choose={t.choose} />;
          return (
            <div key={field.name} className={`field field--${field.kind}${error ? ' field--invalid' : ''}`}>
              {field.kind === 'checkbox' ? (
                <>
                  {input}
                  {label}
                </>
              ) : (
                <>
                  {label}
                  {input}
                </>
              )}
              {error && (
                <p id={errorId(block.id, field.name)} className="field__error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor={fieldId(block.id, HONEYPOT_FIELD)}>{t.honeypotLabel}</label>
          <input
            id={fieldId(block.id, HONEYPOT_FIELD)}
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <button ref={submitRef} type="submit" className="button button--primary" disabled={sending}>
          {sending ? t.sending : block.submitLabel}
        </button>
      </form>
      <div ref={statusRef} className="form-block__status" role="status" tabIndex={-1}>
        {status === 'sent' ? block.successMessage.trim() || t.sent : null}
      </div>
      <div className="form-block__alert" role="alert">
        {status === 'failed' ? t[failure] : null}
      </div>
    </section>
  );
}
