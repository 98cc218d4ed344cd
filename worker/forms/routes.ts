/**
 * `POST /_app/forms`: where forms without an `endpoint` send their entries. It takes the JSON
 * the hydrated form sends, multipart (forms with files), or a plain form post from a browser
 * without JavaScript. It checks the entry against the form the content defines, with the same
 * rules and messages as the browser, and stores a valid entry in D1 (FORMS_DB, without file
 * contents) before it answers "sent": if the database cannot take it, the visitor hears so
 * (503, Retry-After) and sends again. A retried post carries the same `Idempotency-Key`, so
 * it is stored once; a key the form already holds for another submission is answered 409 and
 * changes nothing (entries.ts). An entry of a form with a webhook then goes to the delivery queue
 * (worker/forms/delivery.ts). Only a bot's post (the honeypot filled) is dropped, answered
 * like any other so the bot learns nothing.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { FORM_MAX_BYTES, FORM_MAX_VALUES, FORM_TEXT_MAX_CHARS, FORM_UNAVAILABLE_RETRY_AFTER_S } from '../../app/constants';
import { isContentPath } from '../../app/content/paths';
import type { Payload } from '../../app/build-records';
import { FIELD_NAME_MAX_CHARS, type Block, type Field } from '../../app/content/schema';
import { formStrings } from '../../app/i18n/form-strings';
import { walkBlocks } from '../../app/content/walk-blocks';
import { appEndpoints } from '../../app/endpoints';
import { FORM_POST_FIELDS } from '../../app/form-post';
import { compileRules, validateField, type FieldValue, type UploadedFile } from '../../app/validation/validate';
import type { AppEnv } from '../app-env';
import { CACHE_NONE } from '../cache-control';
import { insertEntry, markNotQueued, type InsertOutcome, type NewEntry, type SqlDatabase, type WebhookTarget } from './entries';
import { formErrorsPage, formRefusedPage, formSentPage } from './pages';
import { submissionHash } from './submission-hash';
import { BodyRefused, formBodyType, readFormFields, readJson } from './body';
import { formRefusal, isPlainPost } from './guards';

type FormBlock = Extract<Block, { type: 'form' }>;

const FormId = z.string().regex(/^[a-z0-9-]{1,64}$/);
const PagePath = z.string().max(1024).refine(isContentPath, 'not a page path');
const Values = z
  .record(z.string().max(FIELD_NAME_MAX_CHARS), z.union([z.string().max(FORM_TEXT_MAX_CHARS), z.boolean(), z.null()]))
  .refine((v) => Object.keys(v).length <= FORM_MAX_VALUES)
  // A Map from here on: value names are the visitor's, and `constructor` must be just a name.
  .transform((v) => new Map(Object.entries(v)));
const Envelope = z.object({ form: FormId, page: PagePath, values: Values });
/** The hydrated form's key for one submission, the same for each retry of it (a UUID). */
const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);

interface Received {
  form: string;
  page: string;
  values: Map<string, string | boolean | null>;
  files: Map<string, UploadedFile[]>;
}

/** The post's envelope and values, or the status and refusal to answer with. */
async function receive(c: Context<AppEnv>): Promise<Received | { refused: BodyRefused }> {
  const media = formBodyType(c.req.header('content-type'));
  if (!media) return { refused: new BodyRefused(415, 'unsupported_type', 'Send the form as JSON or as a form post.') };
  try {
    if (media.type === 'json') {
      const parsed = Envelope.safeParse(await readJson(c.req.raw, FORM_MAX_BYTES));
      if (!parsed.success) return { refused: new BodyRefused(400, 'unreadable', 'The form data is not valid.') };
      return { ...parsed.data, files: new Map() };
    }
    const body = await readFormFields(c.req.raw, media, FORM_MAX_BYTES);
    const form = FormId.safeParse(body.values.get(FORM_POST_FIELDS.form));
    const page = PagePath.safeParse(body.values.get(FORM_POST_FIELDS.page));
    body.values.delete(FORM_POST_FIELDS.form);
    body.values.delete(FORM_POST_FIELDS.page);
    const values = Values.safeParse(Object.fromEntries(body.values));
    if (!form.success || !page.success || !values.success)
      return { refused: new BodyRefused(400, 'unreadable', 'The form data is not valid.') };
    return { form: form.data, page: page.data, values: values.data, files: body.files };
  } catch (err) {
    if (err instanceof BodyRefused) return { refused: err };
    throw err;
  }
}

/** The value a field has in a post: checkboxes arrive as `true` (JSON) or "yes" (plain posts). */
function valueOf(field: Field, received: Received): FieldValue {
  if (field.kind === 'file') return received.files.get(field.name) ?? [];
  const raw = received.values.get(field.name);
  if (field.kind === 'checkbox') return raw === true || raw === 'yes' || raw === 'true' || raw === 'on';
  return typeof raw === 'string' ? raw : '';
}

/** A form block of a page in the current build, with the page's payload, or null. */
async function findForm(c: Context<AppEnv>, page: string, form: string): Promise<{ payload: Payload; block: FormBlock } | null> {
  const found = await c.get('store').pagePayload(c.get('build'), page);
  let block: FormBlock | undefined;
  if (found) {
    walkBlocks(found.payload.page.blocks, (b) => {
      if (b.type === 'form' && b.id === form) block = b;
    });
  }
  return found && block ? { payload: found.payload, block } : null;
}

const SentQuery = z.object({ form: FormId, page: PagePath });

/**
 * `GET /_app/forms/sent?page=…&form=…`: the thank-you page for browsers without JavaScript. A
 * plain post that was kept is sent here, a GET, so a reload posts nothing twice.
 */
export async function formSent(c: Context<AppEnv>) {
  const headers = { 'Cache-Control': CACHE_NONE };
  const query = SentQuery.safeParse({ form: c.req.query('form'), page: c.req.query('page') });
  if (!query.success) throw new HTTPException(400, { message: 'Bad Request: page and form must name a form of this site.' });
  const found = await findForm(c, query.data.page, query.data.form);
  if (!found || found.block.endpoint) throw new HTTPException(404, { message: 'Not Found: there is no such form.' });
  const { payload, block } = found;
  const lang = payload.chrome.locale.lang;
  const message = block.successMessage.trim() || formStrings(lang).sent;
  const page = { lang, page: payload.path, pageTitle: payload.page.title };
  return c.html(formSentPage({ ...page, heading: block.title ?? payload.page.title, message }), 200, headers);
}

/** A bot filled the field no person sees: answer as if the entry was kept, keep nothing. */
function isBot(received: Received): boolean {
  const honeypot = received.values.get(FORM_POST_FIELDS.honeypot);
  return typeof honeypot === 'string' && honeypot.trim() !== '';
}

/** The form's webhook as this build's site.json spells it, or null for a form without one. */
function webhookOf(c: Context<AppEnv>, block: FormBlock): WebhookTarget | null {
  if (block.webhook === undefined) return null;
  const { webhooks } = c.get('build').index;
  // The build checks the name; a row without a URL fails its deliveries visibly rather than being kept undelivered.
  const found = Object.hasOwn(webhooks, block.webhook) ? webhooks[block.webhook] : undefined;
  return { name: block.webhook, url: found?.url ?? '', secret: found?.secret ?? '' };
}

/**
 * Hands a stored entry to the delivery queue. The entry is already safe, so a queue that
 * refuses it changes nothing for the visitor: the row is marked unqueued and the scheduled
 * sweep sends it.
 */
async function queueDelivery(c: Context<AppEnv>, db: SqlDatabase, id: string): Promise<void> {
  try {
    const queue = (c.env as Partial<Env> | undefined)?.FORMS_QUEUE;
    if (!queue) throw new Error('no FORMS_QUEUE binding');
    await queue.send({ id }, { contentType: 'json' });
  } catch (err) {
    console.error(
      JSON.stringify({ type: 'error', requestId: c.get('requestId'), fault: 'FormQueueUnavailable', entry: id, message: String(err) }),
    );
    await markNotQueued(db, id).catch(() => {
      // Still marked queued: the sweep sends it once QUEUE_STALE_MS have passed.
    });
  }
}

/**
 * After the guards (form-guards.ts): reads the post, finds the form in the live build, and
 * answers a valid entry with 200 JSON or, without JavaScript, a 303 to the thank-you page.
 */
export async function receiveForm(c: Context<AppEnv>) {
  const headers = { 'Cache-Control': CACHE_NONE };
  const plain = isPlainPost(c);
  const keyHeader = c.req.header('idempotency-key');
  const parsedKey = keyHeader === undefined ? null : IdempotencyKey.safeParse(keyHeader);
  if (parsedKey && !parsedKey.success) throw await formRefusal(c, 400, 'unreadable');
  const key = parsedKey?.data;
  const received = await receive(c);
  if ('refused' in received) throw await formRefusal(c, received.refused.status, received.refused.reason);
  const found = await findForm(c, received.page, received.form);
  if (!found || found.block.endpoint) throw await formRefusal(c, 404, 'not_found');
  const { payload, block } = found;
  const done = () =>
    plain
      ? c.redirect(`${appEndpoints.formSent}?${new URLSearchParams({ page: payload.path, form: block.id })}`, 303)
      : c.json({ ok: true }, 200, headers);

  if (isBot(received)) {
    console.log(
      JSON.stringify({ type: 'form', requestId: c.get('requestId'), form: received.form, page: received.page, dropped: 'honeypot' }),
    );
    return done();
  }

  const lang = payload.chrome.locale.lang;
  const values = Object.fromEntries(block.fields.map((f) => [f.name, valueOf(f, received)]));
  const labels = Object.fromEntries(block.fields.map((f) => [f.name, f.label]));
  const errors = new Map<string, string>();
  for (const field of block.fields) {
    const message = await validateField(compileRules(field.rules), values[field.name], { label: field.label, lang, values, labels });
    if (message) errors.set(field.name, message);
  }
  if (errors.size > 0) {
    if (plain)
      return c.html(
        formErrorsPage({ lang, page: payload.path, pageTitle: payload.page.title, errors: [...errors.values()] }),
        422,
        headers,
      );
    return c.json({ error: 'invalid', errors: Object.fromEntries(errors) }, 422, headers);
  }

  const fields = Object.fromEntries(
    block.fields.map((f) => {
      const v = values[f.name];
      return [f.name, Array.isArray(v) ? v.map((file: UploadedFile) => ({ name: file.name, type: file.type, size: file.size })) : v];
    }),
  );
  const entry: NewEntry = {
    id: crypto.randomUUID(),
    // Without JavaScript there is no key: the 303 to the thank-you page keeps a reload from posting twice.
    idempotencyKey: key ?? `server-${c.get('requestId')}-${crypto.randomUUID()}`,
    submissionSha256: await submissionHash(payload.path, fields),
    form: received.form,
    page: payload.path,
    locale: payload.chrome.locale.code,
    build: c.get('build').record.id,
    preview: c.get('preview'),
    receivedAt: Date.now(),
    fields,
    webhook: webhookOf(c, block),
  };
  const db = (c.env as Partial<Env> | undefined)?.FORMS_DB as SqlDatabase | undefined;
  let outcome: InsertOutcome;
  try {
    if (!db) throw new Error('no FORMS_DB binding');
    outcome = await insertEntry(db, entry);
  } catch (err) {
    console.error(
      JSON.stringify({
        type: 'error',
        requestId: c.get('requestId'),
        fault: 'FormStoreUnavailable',
        form: entry.form,
        message: String(err),
      }),
    );
    throw await formRefusal(c, 503, 'unavailable', { 'Retry-After': String(FORM_UNAVAILABLE_RETRY_AFTER_S) });
  }
  console.log(
    JSON.stringify({
      type: 'form',
      requestId: c.get('requestId'),
      form: entry.form,
      page: entry.page,
      entry: outcome === 'stored' ? entry.id : undefined,
      duplicate: outcome === 'retried' || undefined,
      keyReused: outcome === 'key_reused' || undefined,
    }),
  );
  if (outcome === 'key_reused') return keyReused(c, lang, payload.path, plain);
  if (outcome === 'stored' && entry.webhook) await queueDelivery(c, db, entry.id);
  return done();
}

/**
 * 409 for a post whose key the form already holds for other answers: a client that reuses keys,
 * or a hostile one. The entry stored first stays as it was and this one is not kept; the visitor
 * is told so in the page's language, in JSON or, for a plain post, on a page.
 */
function keyReused(c: Context<AppEnv>, lang: string, page: string, plain: boolean) {
  const headers = { 'Cache-Control': CACHE_NONE };
  const t = formStrings(lang);
  if (!plain) return c.json({ error: 'key_reused', message: t.keyReused }, 409, headers);
  return c.html(formRefusedPage({ lang, heading: t.notSent, message: t.keyReused, back: { page, label: t.backToForm } }), 409, headers);
}
