/**
 * `POST /_app/forms`: where forms without an `endpoint` send their entries. It takes the JSON
 * the hydrated form sends, multipart (forms with files), or a plain form post from a browser
 * without JavaScript. It checks the entry against the form the content defines, with the same
 * rules and messages as the browser, and keeps a valid entry in KV (without file contents) for
 * FORM_ENTRY_RETENTION_S: nothing a visitor sends is dropped on the floor.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { FORM_ENTRY_RETENTION_S, FORM_MAX_BYTES } from '../../app/constants';
import { isContentPath } from '../../app/content/paths';
import type { Payload } from '../../app/build-records';
import type { Block, Field } from '../../app/content/schema';
import { formStrings } from '../../app/i18n/form-strings';
import { walkBlocks } from '../../app/content/walk-blocks';
import { kvKeys } from '../../app/kv-keys';
import { compileRules, validateField, type FieldValue } from '../../app/validation/validate';
import type { AppEnv } from '../app-env';
import { CACHE_NONE } from '../cache-control';
import { formErrorsPage, formSentPage } from './form-pages';

type FormBlock = Extract<Block, { type: 'form' }>;

const Envelope = z.object({
  form: z.string().regex(/^[a-z0-9-]{1,64}$/),
  page: z.string().max(1024).refine(isContentPath, 'not a page path'),
  values: z
    .record(z.string().max(64), z.union([z.string().max(20_000), z.boolean(), z.null()]))
    .refine((v) => Object.keys(v).length <= 100),
});
type Envelope = z.infer<typeof Envelope>;

interface Received {
  envelope: Envelope;
  files: Record<string, File[]>;
  /** the browser ran no JavaScript: answer with a page or a redirect, not JSON */
  plain: boolean;
}

class BadForm extends Error {
  constructor(
    readonly status: 400 | 403 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** The body, read up to FORM_MAX_BYTES: a post without Content-Length (chunked) is bounded too. */
async function readBody(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get('content-length') ?? 0) > FORM_MAX_BYTES) throw new BadForm(413, 'The form is too large.');
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > FORM_MAX_BYTES) {
      await reader.cancel();
      throw new BadForm(413, 'The form is too large.');
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

async function receive(c: Context<AppEnv>): Promise<Received> {
  const type = c.req.header('content-type') ?? '';
  const isForm = type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded');
  if (!type.startsWith('application/json') && !isForm) throw new BadForm(415, 'Send the form as JSON or as a form post.');
  const body = await readBody(c.req.raw);
  if (!isForm) {
    const parsed = Envelope.safeParse(parseJson(body));
    if (!parsed.success) throw new BadForm(400, 'The form data is not valid.');
    return { envelope: parsed.data, files: {}, plain: false };
  }
  {
    const data = await new Response(body, { headers: { 'content-type': type } }).formData().catch(() => null);
    if (!data) throw new BadForm(400, 'The form data is not valid.');
    const values: Record<string, string> = {};
    const files: Record<string, File[]> = {};
    for (const [name, value] of data.entries()) {
      if (name === '_form' || name === '_page') continue;
      if (typeof value === 'string') values[name] = value;
      else if (value.size > 0 || value.name) (files[name] ??= []).push(value);
    }
    const parsed = Envelope.safeParse({ form: data.get('_form'), page: data.get('_page'), values });
    if (!parsed.success) throw new BadForm(400, 'The form data is not valid.');
    const plain = !(c.req.header('accept') ?? '').includes('application/json');
    return { envelope: parsed.data, files, plain };
  }
}

/** The value a field has in a post: checkboxes arrive as `true` (JSON) or "yes" (plain posts). */
function valueOf(field: Field, received: Received): FieldValue {
  if (field.kind === 'file') return received.files[field.name] ?? [];
  const raw = received.envelope.values[field.name];
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
const SentQuery = Envelope.pick({ form: true, page: true });

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

export async function receiveForm(c: Context<AppEnv>) {
  const headers = { 'Cache-Control': CACHE_NONE };
  // A form on another site must not post here in a visitor's name.
  const origin = c.req.header('origin');
  if (origin && origin !== new URL(c.req.url).origin)
    return c.json({ error: 'forbidden', message: 'Cross-site form posts are refused.' }, 403, headers);

  let received: Received;
  try {
    received = await receive(c);
  } catch (err) {
    if (err instanceof BadForm) return c.json({ error: 'bad_form', message: err.message }, err.status, headers);
    throw err;
  }
  const { envelope } = received;
  const found = await findForm(c, envelope.page, envelope.form);
  if (!found || found.block.endpoint) return c.json({ error: 'not_found', message: 'There is no such form.' }, 404, headers);
  const { payload, block } = found;

  const lang = payload.chrome.locale.lang;
  const values = Object.fromEntries(block.fields.map((f) => [f.name, valueOf(f, received)]));
  const labels = Object.fromEntries(block.fields.map((f) => [f.name, f.label]));
  const errors: Record<string, string> = {};
  for (const field of block.fields) {
    const message = await validateField(compileRules(field.rules), values[field.name], { label: field.label, lang, values, labels });
    if (message) errors[field.name] = message;
  }
  if (Object.keys(errors).length > 0) {
    if (received.plain) return c.html(formErrorsPage({ lang, page: payload.path, pageTitle: payload.page.title, errors }), 422, headers);
    return c.json({ error: 'invalid', errors }, 422, headers);
  }

  const receivedAt = Date.now();
  const entry = {
    form: envelope.form,
    page: envelope.page,
    build: c.get('build').record.id,
    preview: c.get('preview'),
    receivedAt: new Date(receivedAt).toISOString(),
    values: Object.fromEntries(
      block.fields.map((f) => {
        const v = values[f.name];
        return [f.name, Array.isArray(v) ? v.map((file) => ({ name: file.name, type: file.type, size: file.size })) : v];
      }),
    ),
  };
  await c.env.SITE_KV.put(kvKeys.formEntry(envelope.form, receivedAt, c.get('requestId')), JSON.stringify(entry), {
    expirationTtl: FORM_ENTRY_RETENTION_S,
  });
  console.log(JSON.stringify({ type: 'form', requestId: c.get('requestId'), form: envelope.form, page: envelope.page }));
  if (received.plain) {
    const query = new URLSearchParams({ page: payload.path, form: block.id });
    return c.redirect(`${FORM_SENT_PATH}?${query}`, 303);
  }
  return c.json({ ok: true }, 200, headers);
}
