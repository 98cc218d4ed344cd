/**
 * POST /_app/forms in workerd with the repository's contact forms: what a visitor's browser
 * gets back, with and without JavaScript, and that a valid entry is kept.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_CONTENT, buildForTest, type BuiltSite } from '../support/built-site';
import { ORIGIN, startWorker, type TestWorker } from '../support/workerd';

let site: BuiltSite;
let worker: TestWorker;

beforeAll(async () => {
  site = await buildForTest(REPO_CONTENT);
  worker = await startWorker(site);
});
afterAll(async () => {
  await worker?.close();
  await site?.cleanup();
});

const valid = {
  name: 'Mari Maasikas',
  email: 'mari@example.com',
  phone: '',
  topic: 'loan',
  message: 'Please call me about a loan.',
  consent: true,
};

const postJson = (body: unknown, headers: Record<string, string> = {}) =>
  worker.fetch('/_app/forms', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: ORIGIN, ...headers },
    body: JSON.stringify(body),
  });

async function entries(): Promise<string[]> {
  const kv = await worker.kv();
  return (await kv.list({ prefix: 'forms/contact/' })).keys.map((k) => k.name);
}

describe('form entries', () => {
  test('a valid entry is accepted and kept in KV without its file contents', async () => {
    const before = (await entries()).length;
    const res = await postJson({ form: 'contact', page: '/en/contact', values: valid });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const after = await entries();
    expect(after.length).toBe(before + 1);
    const kv = await worker.kv();
    const stored = JSON.parse((await kv.get(after.at(-1)!))!);
    expect(stored).toMatchObject({ form: 'contact', page: '/en/contact', values: { email: 'mari@example.com', consent: true } });
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
    const body = new URLSearchParams({
      _form: 'contact',
      _page: '/en/contact',
      name: 'A B',
      email: 'a@example.com',
      topic: 'other',
      message: 'Hello there, world',
      consent: 'yes',
    });
    const res = await worker.fetch('/_app/forms', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/_app/forms/sent?page=%2Fen%2Fcontact&form=contact');
    expect((await entries()).length).toBe(before + 1);
  });

  test('without JavaScript an invalid post gets a page listing the messages and a link back named after the page', async () => {
    const body = new URLSearchParams({ _form: 'contact', _page: '/en/contact', name: '', email: 'x' });
    const res = await worker.fetch('/_app/forms', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('field is required');
    expect(html).toMatch(/<a href="\/en\/contact">← [^<]+<\/a>/);
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

  test('a post from another site is refused', async () => {
    const res = await postJson({ form: 'contact', page: '/en/contact', values: valid }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  test.each([
    ['a form the page does not have', 404, { form: 'nope', page: '/en/contact', values: valid }],
    ['a page that does not exist', 404, { form: 'contact', page: '/en/nowhere', values: valid }],
    ['a malformed page path', 400, { form: 'contact', page: '//evil.example', values: valid }],
    ['values of the wrong shape', 400, { form: 'contact', page: '/en/contact', values: { name: { $gt: '' } } }],
  ])('%s is answered %i', async (_, status, body) => {
    expect((await postJson(body)).status).toBe(status);
  });

  test('a body that is not JSON is a 400, not a 500', async () => {
    const res = await worker.fetch('/_app/forms', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"form": ' });
    expect(res.status).toBe(400);
  });

  test('an oversized post is refused before it is read', async () => {
    const res = await worker.fetch('/_app/forms', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(6 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
  });

  test('another content type is a 415', async () => {
    const res = await worker.fetch('/_app/forms', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' });
    expect(res.status).toBe(415);
  });
});
