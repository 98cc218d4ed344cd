/**
 * The Idempotency-Key of form posts in workerd with the real D1 database: a key is the form's,
 * it stores one submission once however often it is retried, and a key reused with other
 * answers is refused with 409, the entry stored first left as it was. The site's /et/kontakt
 * form is renamed "callback" here, so two forms can be given one key.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as en from '../../../app/i18n/languages/en';
import * as et from '../../../app/i18n/languages/et';
import { REPO_CONTENT, buildForTest, tempDir, type BuiltSite } from '../../support/built-site';
import { newKey, rowsByKey, validValues } from '../../support/form-site';
import { checkProperty } from '../../support/property';
import { ORIGIN, startWorker, type TestWorker } from '../../support/workerd';

let site: BuiltSite;
let worker: TestWorker;

async function buildTwoFormSite(): Promise<BuiltSite> {
  const dir = await tempDir('two-forms');
  await cp(REPO_CONTENT, dir, { recursive: true });
  const pageFile = join(dir, 'pages/et/kontakt.json');
  const page = JSON.parse(await readFile(pageFile, 'utf8'));
  const walk = (blocks: { type: string; id?: string; blocks?: unknown[] }[]) => {
    for (const b of blocks) {
      if (b.type === 'form') b.id = 'callback';
      if (b.blocks) walk(b.blocks as typeof blocks);
    }
  };
  walk(page.blocks);
  await writeFile(pageFile, JSON.stringify(page));
  const built = await buildForTest(dir);
  return { ...built, cleanup: () => built.cleanup().then(() => rm(dir, { recursive: true, force: true })) };
}

beforeAll(async () => {
  site = await buildTwoFormSite();
  worker = await startWorker(site);
});
afterAll(async () => {
  await worker?.close();
  await site?.cleanup();
});

const FORMS = { '/en/contact': 'contact', '/et/kontakt': 'callback' } as const;
type FormPage = keyof typeof FORMS;

/** The hydrated form's post; `values` is sent as it is, so its key order is the caller's. */
function post(key: string, values: Record<string, unknown>, page: FormPage = '/en/contact'): Promise<Response> {
  return worker.fetch('/_app/forms', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: ORIGIN, 'idempotency-key': key },
    body: JSON.stringify({ form: FORMS[page], page, values }),
  });
}

const otherValues = { ...validValues, message: 'Please call me about a mortgage instead.' };

describe('a reused idempotency key', () => {
  test('with the same answers is answered as sent and stored once', async () => {
    const key = newKey();
    expect((await post(key, validValues)).status).toBe(200);
    const again = await post(key, validValues);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true });
    expect(await rowsByKey(worker, key)).toHaveLength(1);
  });

  test('with the same answers in another order and spelling is the same submission', async () => {
    const key = newKey();
    expect((await post(key, validValues)).status).toBe(200);
    const { consent: _, ...rest } = validValues;
    const reordered = Object.fromEntries([['consent', 'yes'], ...Object.entries(rest).reverse()]);
    expect((await post(key, reordered)).status).toBe(200);
    expect(await rowsByKey(worker, key)).toHaveLength(1);
  });

  test('with other answers is refused with 409 and a message, and the first entry is left as it was', async () => {
    const key = newKey();
    expect((await post(key, validValues)).status).toBe(200);
    const [first] = await rowsByKey(worker, key);
    const res = await post(key, otherValues);
    expect(res.status).toBe(409);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(await res.json()).toEqual({ error: 'key_reused', message: en.form.keyReused });
    expect(await rowsByKey(worker, key)).toEqual([first]);
    expect(JSON.parse(first!.fields)).toEqual(validValues);
  });

  test('with other answers is refused in the language of the form’s page', async () => {
    const key = newKey();
    expect((await post(key, validValues, '/et/kontakt')).status).toBe(200);
    const res = await post(key, otherValues, '/et/kontakt');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'key_reused', message: et.form.keyReused });
  });

  test('with other answers in a post without JavaScript gets a page in the visitor’s language, with the way back', async () => {
    const key = newKey();
    expect((await post(key, validValues, '/et/kontakt')).status).toBe(200);
    const res = await worker.fetch('/_app/forms', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'idempotency-key': key },
      body: new URLSearchParams({ _form: 'callback', _page: '/et/kontakt', ...otherValues, consent: 'yes' }),
    });
    expect(res.status).toBe(409);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('lang="et-EE"');
    expect(html).toContain(et.form.keyReused);
    expect(html).toContain('href="/et/kontakt"');
    expect(await rowsByKey(worker, key)).toHaveLength(1);
  });

  test('on another form is a new entry of that form', async () => {
    const key = newKey();
    expect((await post(key, validValues, '/en/contact')).status).toBe(200);
    expect((await post(key, otherValues, '/et/kontakt')).status).toBe(200);
    const rows = await rowsByKey(worker, key);
    expect(rows.map((r) => [r.form, JSON.parse(r.fields).message]).sort()).toEqual([
      ['callback', otherValues.message],
      ['contact', validValues.message],
    ]);
  });

  test('of an entry stored before submissions were hashed is answered as sent whatever it carries, and changes nothing', async () => {
    const key = newKey();
    const db = await worker.d1();
    await db
      .prepare(
        `INSERT INTO form_entries (id, idempotency_key, form, page, locale, build, preview, received_at, fields, status)
         VALUES (?, ?, 'contact', '/en/contact', 'en', 'old-build', 0, ?, ?, 'stored')`,
      )
      .bind(`legacy-${key}`, key, Date.now(), JSON.stringify(validValues))
      .run();
    expect((await post(key, otherValues)).status).toBe(200);
    const rows = await rowsByKey(worker, key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: `legacy-${key}`, fields: JSON.stringify(validValues) });
  });
});

/** Answers the contact form accepts, varied where its rules allow. */
const answers = fc.record({
  name: fc.stringMatching(/^[A-Za-zÀ-ž][A-Za-zÀ-ž '-]{0,30}$/),
  email: fc.constantFrom('mari@example.com', 'jaan@example.org', 'a.b@example.ee'),
  phone: fc.constantFrom('', '+372 5555 1234', '12345'),
  topic: fc.constantFrom('loan', 'mortgage', 'other'),
  message: fc.stringMatching(/^[\p{L}\p{N} .,!?]{10,80}$/u).filter((m) => m.trim().length >= 10),
});
/** The consent checkbox as each kind of client spells "checked". */
const checked = fc.constantFrom<unknown>(true, 'yes', 'on', 'true');

/** The answers with their names in a shuffled order: JSON object order carries no meaning here. */
const shuffled = (values: Record<string, unknown>) =>
  fc
    .shuffledSubarray(Object.keys(values), { minLength: Object.keys(values).length })
    .map((order) => Object.fromEntries(order.map((k) => [k, values[k]])));

describe('reusing a key, for any answers', () => {
  test('the same answers, in any order, are stored once; other answers are refused with 409', async () => {
    await checkProperty(
      fc.asyncProperty(
        answers.chain((a) => fc.tuple(fc.constant(a), checked, checked, shuffled({ ...a, consent: true }))),
        answers,
        async ([a, consentFirst, consentAgain, aShuffled], b) => {
          const key = newKey();
          expect((await post(key, { ...a, consent: consentFirst })).status).toBe(200);
          expect((await post(key, { ...aShuffled, consent: consentAgain })).status).toBe(200);
          const differs = (Object.keys(a) as (keyof typeof a)[]).some((k) => a[k] !== b[k]);
          expect((await post(key, { ...b, consent: true })).status).toBe(differs ? 409 : 200);
          const rows = await rowsByKey(worker, key);
          expect(rows).toHaveLength(1);
          expect(JSON.parse(rows[0]!.fields)).toEqual({ ...a, consent: true });
        },
      ),
      { numRuns: 25 },
    );
  });
});
