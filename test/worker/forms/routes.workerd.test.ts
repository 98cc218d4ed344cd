/**
 * POST /_app/forms in workerd with the repository's contact forms, plus a page with an upload
 * form: what a visitor's browser gets back, with and without JavaScript, that a valid entry is
 * kept, and how posts that are not a visitor's own are refused.
 */
import { cp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FORM_MAX_BYTES } from '../../../app/constants';
import { IMAGE_HEAD_BYTES } from '../../../app/validation/image-info';
import { formBodyType, readFormFields } from '../../../worker/forms/body';
import { mayPost } from '../../../worker/forms/rate-limit';
import { REPO_CONTENT, buildForTest, tempDir, type BuiltSite } from '../../support/built-site';
import { png } from '../../support/images';
import { PROTOTYPE_NAMES } from '../../support/property';
import { ORIGIN, startWorker, type TestWorker } from '../../support/workerd';

let contentDir: string;
let site: BuiltSite;
let worker: TestWorker;

/** The repository's content, plus /en/apply: a form with an image upload. */
async function contentWithUploadForm(): Promise<string> {
  const dir = await tempDir('forms-content');
  await cp(REPO_CONTENT, dir, { recursive: true });
  const page = {
    title: 'Apply',
    blocks: [
      {
        type: 'form',
        id: 'apply',
        fields: [
          { name: 'name', label: 'Name', kind: 'text', rules: 'required' },
          { name: 'photo', label: 'Photo', kind: 'file', rules: 'required|image|size:5000|dimensions:3,2' },
        ],
        submitLabel: 'Apply',
        successMessage: 'Received',
      },
    ],
  };
  await writeFile(join(dir, 'pages/en/apply.json'), JSON.stringify(page));
  return dir;
}

beforeAll(async () => {
  contentDir = await contentWithUploadForm();
  site = await buildForTest(contentDir);
  worker = await startWorker(site);
});
afterAll(async () => {
  await worker?.close();
  await site?.cleanup();
  if (contentDir) await rm(contentDir, { recursive: true, force: true });
});

const valid = {
  name: 'Mari Maasikas',
  email: 'mari@example.com',
  phone: '',
  topic: 'loan',
  message: 'Please call me about a loan.',
  consent: true,
};
const plainValid = {
  _form: 'contact',
  _page: '/en/contact',
  name: 'A B',
  email: 'a@example.com',
  topic: 'other',
  message: 'Hello there, world',
  consent: 'yes',
};

const postJson = (body: unknown, headers: Record<string, string> = {}) =>
  worker.fetch('/_app/forms', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: ORIGIN, ...headers },
    body: JSON.stringify(body),
  });

/** A post as a browser without JavaScript sends it (no Accept: application/json). */
const postPlain = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  worker.fetch('/_app/forms', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
    body: new URLSearchParams(fields),
  });

/** FormData encoded here: Miniflare's own fetch would not recognise Node's FormData as one. */
async function encoded(form: FormData): Promise<{ type: string; bytes: Uint8Array<ArrayBuffer> }> {
  const request = new Request('https://x.example/', { method: 'POST', body: form });
  return { type: request.headers.get('content-type')!, bytes: new Uint8Array(await request.arrayBuffer()) };
}

/** A multipart post as the hydrated form sends it when the form has files. */
async function postMultipart(form: FormData, headers: Record<string, string> = {}): Promise<Response> {
  const { type, bytes } = await encoded(form);
  return worker.fetch('/_app/forms', {
    method: 'POST',
    headers: { 'content-type': type, accept: 'application/json', origin: ORIGIN, ...headers },
    body: bytes,
  });
}

/** The ids of a form's stored entries (FORMS_DB), oldest first. */
async function entries(form = 'contact'): Promise<string[]> {
  const db = await worker.d1();
  const { results } = await db.prepare('SELECT id FROM form_entries WHERE form = ? ORDER BY rowid').bind(form).all<{ id: string }>();
  return results.map((r) => r.id);
}

interface StoredEntry {
  form: string;
  page: string;
  values: Record<string, unknown>;
}

async function lastEntry(form: string): Promise<StoredEntry> {
  const db = await worker.d1();
  const { results } = await db
    .prepare('SELECT form, page, fields FROM form_entries WHERE form = ? ORDER BY rowid DESC LIMIT 1')
    .bind(form)
    .all<{ form: string; page: string; fields: string }>();
  const row = results[0]!;
  return { form: row.form, page: row.page, values: JSON.parse(row.fields) as Record<string, unknown> };
}

function applyForm(photo: File | null, extra: [string, string | File][] = []): FormData {
  const body = new FormData();
  body.append('_form', 'apply');
  body.append('_page', '/en/apply');
  body.append('name', 'Mari');
  if (photo) body.append('photo', photo);
  for (const [name, value] of extra) body.append(name, value);
  return body;
}

/** A 3 x 2 PNG followed by `padding` bytes: a large upload whose header says 3 x 2. */
const bigPng = (padding: number) => new File([png(3, 2), new Uint8Array(padding)], 'photo.png', { type: 'image/png' });

describe('form entries', () => {
  test('a valid entry is accepted and stored in D1 without its file contents', async () => {
    const before = (await entries()).length;
    const res = await postJson({ form: 'contact', page: '/en/contact', values: valid });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const after = await entries();
    expect(after.length).toBe(before + 1);
    expect(await lastEntry('contact')).toMatchObject({
      form: 'contact',
      page: '/en/contact',
      values: { email: 'mari@example.com', consent: true },
    });
  });

  test('an invalid entry gets each field’s message in the page’s language', async () => {
    const res = await postJson({ form: 'contact', page: '/et/kontakt', values: { ...valid, email: 'not-an-email', consent: false } });
    expect(res.status).toBe(422);
    const { errors } = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(errors).sort()).toEqual(['consent', 'email']);
    expect(errors.email).not.toMatch(/must be a valid email/);
  });

  test('without JavaScript a valid post is kept and redirected (303) to a thank-you page, so a reload posts nothing twice', async () => {
    const before = (await entries()).length;
    const res = await postPlain(plainValid);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/_app/forms/sent?page=%2Fen%2Fcontact&form=contact');
    expect((await entries()).length).toBe(before + 1);
  });

  test('without JavaScript an invalid post gets a page listing the messages and a link back named after the page', async () => {
    const res = await postPlain({ _form: 'contact', _page: '/en/contact', name: '', email: 'x' });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('field is required');
    expect(html).toMatch(/<a href="\/en\/contact">← [^<]+<\/a>/);
  });
});

describe('uploads', () => {
  test('a 4 MB image is judged by its type, size and dimensions and kept as name, type and size', async () => {
    const res = await postMultipart(applyForm(bigPng(4 * 1024 * 1024)));
    expect(res.status).toBe(200);
    expect((await lastEntry('apply')).values.photo).toEqual([
      { name: 'photo.png', type: 'image/png', size: png(3, 2).length + 4 * 1024 * 1024 },
    ]);
  });

  test('an image of other dimensions gets the dimensions message', async () => {
    const res = await postMultipart(applyForm(new File([png(4, 4)], 'photo.png', { type: 'image/png' })));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'invalid', errors: { photo: 'The Photo field must be 3 pixels by 2 pixels' } });
  });

  test('a file over the size rule gets the size message', async () => {
    const res = await postMultipart(applyForm(bigPng(5_000 * 1024 + 1_000)));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string> }).errors.photo).toBe(
      'The Photo field size may not be greater than 5000 KB',
    );
  });

  test('a file input left empty is no file: the required rule says so', async () => {
    const res = await postMultipart(applyForm(new File([], '', { type: 'application/octet-stream' })));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string> }).errors.photo).toBe('The Photo field is required');
  });

  test('a multipart body cut off before its closing boundary is a 400', async () => {
    const body =
      '--b\r\nContent-Disposition: form-data; name="_form"\r\n\r\napply\r\n--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nMa';
    const res = await worker.fetch('/_app/forms', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b', accept: 'application/json', origin: ORIGIN },
      body,
    });
    expect(res.status).toBe(400);
  });

  test('of a 4 MB upload the worker keeps its size and only its first bytes, never a copy of the whole', async () => {
    const request = new Request('https://x.example/_app/forms', { method: 'POST', body: applyForm(bigPng(4 * 1024 * 1024)) });
    const body = await readFormFields(request, formBodyType(request.headers.get('content-type')!)!, FORM_MAX_BYTES);
    const [photo] = body.files.get('photo')!;
    expect(photo!.size).toBe(png(3, 2).length + 4 * 1024 * 1024);
    expect((await photo!.slice().arrayBuffer()).byteLength).toBe(IMAGE_HEAD_BYTES);
  });

  test('a multipart body read in chunks of any size gives the same fields', async () => {
    const { type, bytes } = await encoded(
      applyForm(new File([png(3, 2)], 'p.png', { type: 'image/png' }), [['note', 'a\r\n--not-the-boundary\r\n']]),
    );
    for (const size of [1, 2, 3, 7, 41, 97]) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
          controller.close();
        },
      });
      const request = new Request('https://x.example/', {
        method: 'POST',
        headers: { 'content-type': type },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      const body = await readFormFields(request, formBodyType(type)!, FORM_MAX_BYTES);
      expect(Object.fromEntries(body.values)).toEqual({
        _form: 'apply',
        _page: '/en/apply',
        name: 'Mari',
        note: 'a\r\n--not-the-boundary\r\n',
      });
      expect(body.files.get('photo')!.map((f) => [f.name, f.type, f.size])).toEqual([['p.png', 'image/png', png(3, 2).length]]);
    }
  });
});

describe('the thank-you page after a post without JavaScript', () => {
  test("shows the form's success message in the page's language, with the way back, never cached or indexed", async () => {
    const res = await worker.fetch('/_app/forms/sent?page=/et/kontakt&form=contact');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<html lang="et-EE"');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(/<p role="status">[^<]+<\/p>/);
    expect(html).toContain('<a href="/et/kontakt">');
    expect(html).not.toContain('<script');
  });

  test.each([
    ['no query', 400, '/_app/forms/sent'],
    ['another host as the page', 400, '/_app/forms/sent?page=//evil.example&form=contact'],
    ['a javascript: page', 400, '/_app/forms/sent?page=javascript:alert(1)&form=contact'],
    ['a form id with markup', 400, '/_app/forms/sent?page=/en/contact&form=%3Cscript%3E'],
    ['a page without that form', 404, '/_app/forms/sent?page=/en&form=contact'],
    ['a page that does not exist', 404, '/_app/forms/sent?page=/en/nowhere&form=contact'],
  ])('%s is answered %i', async (_, status, path) => {
    const res = await worker.fetch(path);
    expect(res.status).toBe(status);
    expect(await res.text()).not.toContain('<script');
  });
});

describe('posts that are not from the site’s own pages', () => {
  test('a post from another site is refused', async () => {
    const res = await postJson({ form: 'contact', page: '/en/contact', values: valid }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  test('a post without Origin is refused with 403 and kept nowhere', async () => {
    const before = (await entries()).length;
    const res = await worker.fetch('/_app/forms', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ form: 'contact', page: '/en/contact', values: valid }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden' });
    expect((await entries()).length).toBe(before);
  });

  test('a post with Origin "null" (a sandboxed frame, a redirect) is refused', async () => {
    expect((await postJson({ form: 'contact', page: '/en/contact', values: valid }, { origin: 'null' })).status).toBe(403);
  });

  test('a post without Origin that the browser marks Sec-Fetch-Site: same-origin is accepted', async () => {
    const res = await worker.fetch('/_app/forms', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ form: 'contact', page: '/en/contact', values: valid }),
    });
    expect(res.status).toBe(200);
  });

  test('a plain post refused as cross-site gets a page saying why, in the language of the page it came from', async () => {
    const res = await postPlain(plainValid, { origin: 'https://evil.example', referer: `${ORIGIN}/et/kontakt` });
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('<html lang="et-EE"');
    expect(html).toContain('Seda vormi saab saata ainult selle saidi vastavalt lehelt.');
    expect(html).toContain('<a href="/et/kontakt">← Tagasi vormi juurde</a>');
  });
});

describe('bodies the endpoint does not take', () => {
  test.each([
    ['a form the page does not have', 404, { form: 'nope', page: '/en/contact', values: valid }],
    ['a page that does not exist', 404, { form: 'contact', page: '/en/nowhere', values: valid }],
    ['a malformed page path', 400, { form: 'contact', page: '//evil.example', values: valid }],
    ['values of the wrong shape', 400, { form: 'contact', page: '/en/contact', values: { name: { $gt: '' } } }],
  ])('%s is answered %i', async (_, status, body) => {
    expect((await postJson(body)).status).toBe(status);
  });

  test('a body that is not JSON is a 400, not a 500', async () => {
    const res = await worker.fetch('/_app/forms', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: '{"form": ',
    });
    expect(res.status).toBe(400);
  });

  test('an oversized post is refused before it is read', async () => {
    const res = await worker.fetch('/_app/forms', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: 'x'.repeat(6 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
  });

  test('an oversized post sent without Content-Length (chunked) is refused with 413 as it streams', async () => {
    const chunk = new Uint8Array(256 * 1024).fill(120);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > FORM_MAX_BYTES * 2) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await worker.fetch('/_app/forms', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  test('another content type is a 415', async () => {
    const res = await worker.fetch('/_app/forms', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: ORIGIN },
      body: 'hi',
    });
    expect(res.status).toBe(415);
  });

  test.each([
    'application/jsonfoo',
    'application/json-patch+json',
    'application/json/x',
    'multipart/form-datax',
    'application/x-www-form-urlencodedx',
    'json',
    '',
  ])('a JSON body sent as %j is a 415, not read as JSON', async (type) => {
    const res = await worker.fetch('/_app/forms', {
      method: 'POST',
      headers: { 'content-type': type, accept: 'application/json', origin: ORIGIN },
      body: JSON.stringify({ form: 'contact', page: '/en/contact', values: valid }),
    });
    expect(res.status).toBe(415);
  });

  test('the media type is read case-insensitively, with its parameters', async () => {
    const res = await postJson(
      { form: 'contact', page: '/en/contact', values: valid },
      { 'content-type': 'Application/JSON ; charset="UTF-8"' },
    );
    expect(res.status).toBe(200);
  });
});

describe('names Object.prototype has', () => {
  test.each(PROTOTYPE_NAMES)('%s as the form id is a 4xx', async (name) => {
    const res = await postJson({ form: name, page: '/en/contact', values: valid });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  test.each(PROTOTYPE_NAMES)('%s as a file field name in a multipart post is a 4xx, never a 500', async (name) => {
    const res = await postMultipart(applyForm(null, [[name, new File(['x'], 'x.png', { type: 'image/png' })]]));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({ photo: 'The Photo field is required' });
  });

  test.each(PROTOTYPE_NAMES)('%s as a value name in a plain post is ignored: the entry is judged by its fields', async (name) => {
    const res = await postPlain({ _form: 'contact', _page: '/en/contact', [name]: 'x' });
    expect(res.status).toBe(422);
  });

  test('as value keys in JSON they are ignored and never stored', async () => {
    const values = { ...Object.fromEntries(PROTOTYPE_NAMES.map((n) => [n, 'x'])), ...valid };
    const res = await postJson({ form: 'contact', page: '/en/contact', values });
    expect(res.status).toBe(200);
    expect(Object.keys((await lastEntry('contact')).values).sort()).toEqual(Object.keys(valid).sort());
  });
});

describe('the honeypot', () => {
  const openingTag = (html: string, start: RegExp) => html.match(new RegExp(`${start.source}[^>]*>`))?.[0] ?? '';

  test('is in the form, off-screen, hidden from assistive technology, out of the tab order and never autofilled', async () => {
    const html = await (await worker.fetch('/en/contact')).text();
    expect(html).toContain('<div class="visually-hidden" aria-hidden="true"><label for="contact-_hp">');
    const input = openingTag(html, /<input id="contact-_hp"/);
    expect(input).toContain('name="_hp"');
    expect(input).toContain('tabindex="-1"');
    expect(input.toLowerCase()).toContain('autocomplete="off"');
    expect(input).toContain('value=""');
  });

  test('left empty, the entry is kept', async () => {
    const before = (await entries()).length;
    expect((await postJson({ form: 'contact', page: '/en/contact', values: { ...valid, _hp: '' } })).status).toBe(200);
    expect((await entries()).length).toBe(before + 1);
  });

  test('filled in a JSON post, the answer is a success but nothing is kept', async () => {
    const before = (await entries()).length;
    const res = await postJson({ form: 'contact', page: '/en/contact', values: { ...valid, _hp: 'https://spam.example' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect((await entries()).length).toBe(before);
  });

  test('filled in a plain post, the answer is the thank-you redirect but nothing is kept', async () => {
    const before = (await entries()).length;
    const res = await postPlain({ ...plainValid, _hp: 'buy now' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/_app/forms/sent?page=%2Fen%2Fcontact&form=contact');
    expect((await entries()).length).toBe(before);
  });
});

describe('the rate limit', () => {
  let limited: TestWorker;
  beforeAll(async () => {
    limited = await startWorker(site, { formRateLimit: 2, publish: true });
  });
  afterAll(() => limited?.close());

  const post = (ip: string, headers: Record<string, string> = {}) =>
    limited.fetch('/_app/forms', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', origin: ORIGIN, 'cf-connecting-ip': ip, ...headers },
      body: JSON.stringify({ form: 'contact', page: '/en/contact', values: valid }),
    });

  test('the post over the limit from one client is refused with 429, Retry-After and rate_limited', async () => {
    expect((await post('192.0.2.1')).status).toBe(200);
    expect((await post('192.0.2.1')).status).toBe(200);
    const res = await post('192.0.2.1');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(await res.json()).toMatchObject({ error: 'rate_limited' });
  });

  test('another client is not held back by the first one’s posts', async () => {
    for (let i = 0; i < 3; i++) await post('192.0.2.2');
    expect((await post('192.0.2.3')).status).toBe(200);
  });

  test('a plain post over the limit gets a page in the visitor’s language, with the way back', async () => {
    const plain = (ip: string) =>
      limited.fetch('/_app/forms', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: ORIGIN,
          'cf-connecting-ip': ip,
          referer: `${ORIGIN}/et/kontakt`,
        },
        body: new URLSearchParams({ ...plainValid, _page: '/et/kontakt' }),
      });
    await plain('192.0.2.4');
    await plain('192.0.2.4');
    const res = await plain('192.0.2.4');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    const html = await res.text();
    expect(html).toContain('<html lang="et-EE"');
    expect(html).toContain('Sinu ühenduselt on saadetud liiga palju sõnumeid.');
    expect(html).toContain('<a href="/et/kontakt">');
  });

  test('without the binding (plain workerd, as in the bench) posts go through and one warning is logged', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (line: string) => warnings.push(line);
    try {
      for (let i = 0; i < 3; i++) expect(await mayPost(undefined, '192.0.2.9', 'req')).toBe(true);
    } finally {
      console.warn = warn;
    }
    expect(warnings).toEqual([JSON.stringify({ type: 'warning', message: 'no FORM_RATE_LIMIT binding: form posts are not rate limited' })]);
  });
});
