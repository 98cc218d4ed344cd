/**
 * Sending a form: POST { form, page, values } as JSON (multipart FormData when there are files)
 * to the endpoint with $fetch, never retried. Meanwhile the form is busy and its fields
 * read-only (what is typed then would not be in the post). The Idempotency-Key stays the same
 * when the visitor sends the same answers again after a failure or a reload (it is kept with
 * the draft until the site confirms), so the site stores a submission once even if the post
 * whose answer never came did arrive.
 */
import { useRef, useState } from 'react';
import type { Block, Field } from '../../../content/schema';
import { appEndpoints } from '../../../endpoints';
import { $fetch, FetchError, type FetchOptions } from '../../../fetch';
import { FORM_POST_FIELDS } from '../../../form-post';
import { control, lockFields, plainValues, readValue } from '../form-dom';
import type { FormDraft } from './use-form-draft';

type FormBlockData = Extract<Block, { type: 'form' }>;
type Body = Pick<FetchOptions, 'body' | 'json'>;

/** Where a form without its own endpoint posts (the worker's form route). */
export const DEFAULT_FORM_ENDPOINT = appEndpoints.forms;
/** A submission that has not answered by then counts as failed (the visitor can try again). */
export const FORM_SUBMIT_TIMEOUT_MS = 30_000;
const HONEYPOT_FIELD = FORM_POST_FIELDS.honeypot;

export type FormStatus = 'idle' | 'sending' | 'sent' | 'failed';
/** Why a post failed, as the form strings (app/i18n) say it. */
export type Failure = 'sendFailed' | 'rateLimited' | 'forbidden' | 'tooLarge' | 'unavailable' | 'keyReused';

/** What to tell the visitor about a failed post: the site's refusals have words of their own. */
export function failureOf(err: unknown, siteEndpoint: boolean): Failure {
  const status = err instanceof FetchError && err.kind === 'http' ? err.status : undefined;
  if (status === 429) return 'rateLimited';
  if (status === 403) return 'forbidden';
  if (status === 413) return 'tooLarge';
  // The site's endpoint: this submission's key already stands for other answers (a retry across a deploy that changed the form).
  if (status === 409 && siteEndpoint) return 'keyReused';
  // The site's own endpoint says 503 when it could not store the entry; another endpoint's 503 is just a failure.
  if (status === 503 && siteEndpoint) return 'unavailable';
  return 'sendFailed';
}

/** What a post carries, as text: the same text is the same submission, sent again. */
function contentOf(form: HTMLFormElement, fields: Field[]): string {
  const files = fields
    .filter((f) => f.kind === 'file')
    .map((f) => (readValue(form, f) as File[]).map((file) => [file.name, file.size, file.lastModified]));
  return JSON.stringify([plainValues(form, fields), files]);
}

/** The body of a post, read from the form now (before the fields are locked: disabled controls are not in FormData). */
function bodyOf(form: HTMLFormElement, block: FormBlockData, path: string): Body {
  // FormData carries the hidden _form and _page inputs along with the files.
  if (block.fields.some((f) => f.kind === 'file')) return { body: new FormData(form) };
  const honeypot = control(form, HONEYPOT_FIELD)?.value ?? '';
  return { json: { form: block.id, page: path, values: { ...plainValues(form, block.fields), [HONEYPOT_FIELD]: honeypot } } };
}

async function post(endpoint: string, body: Body, key: string): Promise<void> {
  await $fetch(endpoint, {
    method: 'POST',
    retry: false,
    timeoutMs: FORM_SUBMIT_TIMEOUT_MS,
    responseType: 'text',
    headers: { accept: 'application/json', 'idempotency-key': key },
    ...body,
  });
}

/** What the form does around a send: whether to send at all, and what follows each outcome. */
export interface SendSteps {
  /** checks the fields and shows their messages; false stops the send */
  validate(): Promise<boolean>;
  /** the site took it: the form has been reset */
  sent(): void;
  failed(): void;
}

export interface FormSending {
  status: FormStatus;
  /** why the last send failed, when status is 'failed' */
  failure: Failure;
  endpoint: string;
  /** validates and sends the form once; a submit while one is under way is ignored */
  submit(form: HTMLFormElement, steps: SendSteps): Promise<void>;
}

export function useFormSending(block: FormBlockData, path: string, draft: FormDraft): FormSending {
  const [status, setStatus] = useState<FormStatus>('idle');
  const [failure, setFailure] = useState<Failure>('sendFailed');
  const busyRef = useRef(false);
  const endpoint = block.endpoint ?? DEFAULT_FORM_ENDPOINT;

  async function submit(form: HTMLFormElement, steps: SendSteps): Promise<void> {
    if (busyRef.current) return;
    busyRef.current = true;
    try {
      if (!(await steps.validate())) {
        setStatus('idle');
        return;
      }
      const body = bodyOf(form, block, path);
      const content = contentOf(form, block.fields);
      setStatus('sending');
      // The draft holds what is sent (even what was filled in before hydration, with no change
      // event since), and keyFor stores the key beside it before the post leaves: a reload
      // meanwhile restores both, so the same answers sent again carry the same key.
      draft.keep(form);
      draft.flush();
      const keys = draft.keys();
      const key = keys.keyFor(content);
      const unlock = lockFields(form, block.fields);
      try {
        await post(endpoint, body, key);
      } catch (err) {
        setFailure(failureOf(err, endpoint === DEFAULT_FORM_ENDPOINT));
        setStatus('failed');
        steps.failed();
        return;
      } finally {
        unlock();
      }
      keys.sent();
      draft.clear();
      form.reset();
      steps.sent();
      setStatus('sent');
    } finally {
      busyRef.current = false;
    }
  }

  return { status, failure, endpoint, submit };
}
