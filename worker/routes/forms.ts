/**
 * `POST /_app/forms`: where forms without an `endpoint` send their entries. It takes the JSON
 * the hydrated form sends, multipart (forms with files), or a plain form post from a browser
 * without JavaScript. It checks the entry against the form the content defines, with the same
 * rules and messages as the browser, and keeps a valid entry in KV (without file contents) for
 * FORM_ENTRY_RETENTION_S: nothing a visitor sends is dropped on the floor. Only a bot's post
 * (the honeypot filled) is dropped, answered like any other so the bot learns nothing.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { FORM_ENTRY_RETENTION_S, FORM_MAX_BYTES, FORM_MAX_VALUES, FORM_TEXT_MAX_CHARS } from '../../app/constants';
import { isContentPath } from '../../app/content/paths';
import type { Payload } from '../../app/build-records';
import type { Block, Field } from '../../app/content/schema';
import { formStrings } from '../../app/i18n/form-strings';
import { walkBlocks } from '../../app/content/walk-blocks';
import { kvKeys } from '../../app/kv-keys';
import { HONEYPOT_FIELD } from '../../app/render/blocks/form';
import { compileRules, validateField, type FieldValue, type UploadedFile } from '../../app/validation/validate';
import type { AppEnv } from '../app-env';
import { CACHE_NONE } from '../cache-control';
import { BodyRefused, formBodyType, readFormFields, readJson } from './form-body';
import { isPlainPost, refuseForm } from './form-guards';
import { formErrorsPage, formSentPage } from './form-pages';

type FormBlock = Extract<Block, { type: 'form' }>;

const FormId = z.string().regex(/^[a-z0-9-]{1,64}$/);
const PagePath = z.string().max(1024).refine(isContentPath, 'not a page path');
const Values = z
  .record(z.string().max(64), z.union([z.string().max(FORM_TEXT_MAX_CHARS), z.boolean(), z.null()]))
  .refine((v) => Object.keys(v).length <= FORM_MAX_VALUES)
  // A Map from here on: value names are the visitor's, and `constructor` must be just a name.
  .transform((v) => new Map(Object.entries(v)));
const Envelope = z.object({ form: FormId, page: PagePath, values: Values });

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
    const form = FormId.safeParse(body.values.get('_form'));
    const page = PagePath.safeParse(body.values.get('_page'));
    body.values.delete('_form');
    body.values.delete('_page');
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

/** Where a plain (no JavaScript) post that was kept is sent: a GET, so a reload posts nothing twice. */
export const FORM_SENT_PATH = '/_app/forms/sent';
const SentQuery = z.object({ form: FormId, page: PagePath });

/** `GET /_app/forms/sent?page=…&form=…`: the thank-you page for browsers without JavaScript. */
export async function formSent(c: Context<AppEnv>) {
  const headers = { 'Cache-Control': CACHE_NONE };
  const query = SentQuery.safeParse({ form: c.req.query('form'), page: c.req.query('page') });
  if (!query.success) return c.text('Bad Request: page and form must name a form of this site.', 400, headers);
  const found = await findForm(c, query.data.page, query.data.form);
  if (!found || found.block.endpoint) return c.text('Not Found: there is no such form.', 404, headers);
  const { payload, block } = found;
  const lang = payload.chrome.locale.lang;
  const message = block.successMessage.trim() || formStrings(lang).sent;
  const page = { lang, page: payload.path, pageTitle: payload.page.title };
  return c.html(formSentPage({ ...page, heading: block.title ?? payload.page.title, message }), 200, headers);
}

/** A bot filled the field no person sees: answer as if the entry was kept, keep nothing. */
function isBot(received: Received): boolean {
  const honeypot = received.values.get(HONEYPOT_FIELD);
  return typeof honeypot === 'string' && honeypot.trim() !== '';
}

/**
 * After the guards (form-guards.ts): reads the post, finds the form in the live build, and
 * answers a valid entry with 200 JSON or, without JavaScript, a 303 to the thank-you page.
 */
export async function receiveForm(c: Context<AppEnv>) {
  const headers = { 'Cache-Control': CACHE_NONE };
  const plain = isPlainPost(c);
  const received = await receive(c);
  if ('refused' in received) return refuseForm(c, received.refused.status, received.refused.reason);
  const found = await findForm(c, received.page, received.form);
  if (!found || found.block.endpoint) return refuseForm(c, 404, 'not_found');
  const { payload, block } = found;
  const done = () =>
    plain
      ? c.redirect(`${FORM_SENT_PATH}?${new URLSearchParams({ page: payload.path, form: block.id })}`, 303)
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

  const receivedAt = Date.now();
  const entry = {
    form: received.form,
    page: received.page,
    build: c.get('build').record.id,
    preview: c.get('preview'),
    receivedAt: new Date(receivedAt).toISOString(),
    values: Object.fromEntries(
      block.fields.map((f) => {
        const v = values[f.name];
        return [f.name, Array.isArray(v) ? v.map((file: UploadedFile) => ({ name: file.name, type: file.type, size: file.size })) : v];
      }),
    ),
  };
  await c.env.SITE_KV.put(kvKeys.formEntry(received.form, receivedAt, c.get('requestId')), JSON.stringify(entry), {
    expirationTtl: FORM_ENTRY_RETENTION_S,
  });
  console.log(JSON.stringify({ type: 'form', requestId: c.get('requestId'), form: received.form, page: received.page }));
  return done();
}
