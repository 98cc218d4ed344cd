/**
 * The contact form and /reset-storage in Chromium against `npm start`, as a visitor sees
 * them: messages in the page language beside the field, focus on the first invalid field,
 * drafts that survive a reload, a submission that succeeds or fails (the POST is answered
 * here with page.route), an entry sent to the real endpoint and exported with `npm run forms`,
 * and the reset pages removing what the site stored.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { useSharedSiteInBrowser } from '../support/site-in-browser';
import type { TrackedPage } from '../support/browser';
import { REPO_ROOT } from '../support/built-site';
import { keepPage, type KeptPage } from '../support/kept-page';

const env = useSharedSiteInBrowser();
// One browser profile and one tab for the whole file: each test starts on a blank tab with
// nothing stored (test/support/kept-page.ts). No test here adds an init script or a listener.
let kept: KeptPage;
beforeAll(async () => {
  kept = await keepPage(env.browser, env.site.url);
});
beforeEach(() => kept.reset());

async function open(path: string): Promise<TrackedPage> {
  const tracked = kept.tracked;
  await tracked.page.goto(env.site.url + path);
  await tracked.page.waitForSelector('html[data-hydrated="true"]');
  // The form switches to its own validation once hydrated.
  if (await tracked.page.locator('form[data-form-id]').count()) await tracked.page.waitForSelector('form[data-form-id][novalidate]');
  return tracked;
}

const EN_DRAFT_KEY = 'edge-site:v1:draft:/en/contact:contact';
const ET_DRAFT_KEY = 'edge-site:v1:draft:/et/kontakt:contact';
const EN_SUCCESS = 'Thank you! We have received your message and will reply within one working day.';

/** `npm run forms -- …` as an operator runs it, against the test server's local state. */
function runFormsCommand(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['scripts/forms.ts', ...args], { cwd: REPO_ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const errorText = (page: Page, name: string) => page.locator(`#contact-${name}-error`).textContent();
const storedDraft = (page: Page, key = EN_DRAFT_KEY) => page.evaluate((k) => localStorage.getItem(k), key);

async function fillValid(page: Page) {
  await page.fill('#contact-name', 'Mari Maasikas');
  await page.fill('#contact-email', 'mari@example.com');
  await page.fill('#contact-phone', '+372 5555 1234');
  await page.selectOption('#contact-topic', 'mortgage');
  await page.fill('#contact-message', 'I would like to ask about a home loan.');
  await page.check('#contact-consent');
}

/** Answers the form POST here (the worker's route is not what these tests are about). */
async function answerForms(page: Page, status: number, gate?: Promise<void>): Promise<Request[]> {
  const seen: Request[] = [];
  await page.route('**/_app/forms', async (route) => {
    seen.push(route.request());
    await gate;
    await route.fulfill({ status, contentType: 'application/json', body: status < 400 ? '{"ok":true}' : '{"error":"boom"}' });
  });
  return seen;
}

describe('the form without JavaScript', () => {
  /** The opening tag that matches, for order-independent attribute checks. */
  const openingTag = (html: string, start: RegExp) => html.match(new RegExp(`${start.source}[^>]*>`))?.[0] ?? '';

  test('the server sends a real form that posts, with native constraints and real labels', async () => {
    const html = await (await fetch(`${env.site.url}/en/contact`)).text();
    // Not the header's search form, the first form of every page.
    const form = openingTag(html, /<form (?![^>]*role="search")/);
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/_app/forms"');
    expect(form).not.toMatch(/novalidate/i);
    expect(form).not.toContain('enctype'); // no file field
    expect(html).toContain('<input type="hidden" name="_form" value="contact"/>');
    expect(html).toContain('<input type="hidden" name="_page" value="/en/contact"/>');
    const name = openingTag(html, /<input id="contact-name"/);
    expect(name).toContain('type="text"');
    expect(name).toContain('required=""');
    expect(name).toMatch(/maxlength="80"/i);
    const email = openingTag(html, /<input id="contact-email"/);
    expect(email).toContain('type="email"');
    expect(email).toContain('required=""');
    expect(openingTag(html, /<input id="contact-phone"/)).not.toContain('required');
    expect(html).toContain('<label for="contact-name">Full name</label>');
  });

  test('with the scripts blocked, the browser checks the constraints and posts the form itself', async () => {
    const { page } = kept.tracked;
    await page.route('**/_app/*.js', (route) => route.abort());
    const posts: Request[] = [];
    await page.route('**/_app/forms', async (route) => {
      posts.push(route.request());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Sent</title><p>Received</p>' });
    });
    await page.goto(`${env.site.url}/en/contact`);
    await page.getByRole('button', { name: 'Send message' }).click();
    expect(await page.evaluate(() => document.querySelector<HTMLInputElement>('#contact-name')!.validity.valueMissing)).toBe(true);
    expect(posts).toHaveLength(0);

    await fillValid(page);
    await Promise.all([page.waitForURL(`${env.site.url}/_app/forms`), page.getByRole('button', { name: 'Send message' }).click()]);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.method()).toBe('POST');
    const body = new URLSearchParams(posts[0]!.postData() ?? '');
    expect(Object.fromEntries(body)).toEqual({
      _form: 'contact',
      _page: '/en/contact',
      name: 'Mari Maasikas',
      email: 'mari@example.com',
      phone: '+372 5555 1234',
      topic: 'mortgage',
      message: 'I would like to ask about a home loan.',
      consent: 'yes',
      _hp: '',
    });
    await page.goBack();
  });

  test("with the scripts blocked, a real post ends on a thank-you page with the form's message and the way back", async () => {
    const { page } = kept.tracked;
    await page.route('**/_app/*.js', (route) => route.abort());
    await page.goto(`${env.site.url}/en/contact`);
    await fillValid(page);
    await Promise.all([page.waitForURL(/\/_app\/forms\/sent\?/), page.getByRole('button', { name: 'Send message' }).click()]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Send us a message');
    expect(await page.getByRole('status').textContent()).toBe(EN_SUCCESS);
    await Promise.all([
      page.waitForURL(`${env.site.url}/en/contact`),
      page.getByRole('link', { name: '← Contact us – Example Bank' }).click(),
    ]);
  });
});

describe('validation in the page language', () => {
  test('English: a field is checked on blur, with the message tied to it, and again as the visitor types', async () => {
    const { page, problems } = await open('/en/contact');
    await page.focus('#contact-name');
    await page.keyboard.press('Tab');
    await expect.poll(() => errorText(page, 'name')).toBe('The Full name field is required');
    const name = page.locator('#contact-name');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.getAttribute('aria-describedby')).toBe('contact-name-error');
    // Accessible description as a screen reader gets it.
    expect(
      await page.evaluate(
        () => document.getElementById(document.getElementById('contact-name')!.getAttribute('aria-describedby')!)?.textContent,
      ),
    ).toBe('The Full name field is required');

    await page.fill('#contact-email', 'not-an-email');
    await page.locator('#contact-email').blur();
    await expect.poll(() => errorText(page, 'email')).toBe('The Email field must be a valid email');

    // Once shown, the message follows the typing.
    await name.fill('Mari');
    await expect.poll(() => page.locator('#contact-name-error').count()).toBe(0);
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    expect(await name.getAttribute('aria-describedby')).toBeNull();
    expect(problems).toEqual([]);
  });

  test('Estonian: submitting an empty form shows Estonian messages and focuses the first invalid field', async () => {
    const { page, problems } = await open('/et/kontakt');
    const posts = await answerForms(page, 200);
    await page.getByRole('button', { name: 'Saada sõnum' }).click();
    await expect.poll(() => errorText(page, 'name')).toBe('Väli Ees- ja perekonnanimi on kohustuslik');
    expect(await errorText(page, 'email')).toBe('Väli E-post on kohustuslik');
    expect(await errorText(page, 'message')).toBe('Väli Sinu sõnum on kohustuslik');
    expect(await page.locator('#contact-phone-error').count()).toBe(0); // optional and empty
    expect(await page.locator('#contact-consent').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focusedId(page)).toBe('contact-name');

    // With the name filled, the next invalid field gets the focus.
    await page.fill('#contact-name', 'Mari Maasikas');
    await page.getByRole('button', { name: 'Saada sõnum' }).click();
    await expect.poll(() => focusedId(page)).toBe('contact-email');
    expect(await page.locator('#contact-name-error').count()).toBe(0);
    expect(posts).toHaveLength(0);
    expect(problems).toEqual([]);
  });
});

describe('drafts', () => {
  test('what was typed survives a reload', async () => {
    const { page } = await open('/en/contact');
    await page.fill('#contact-name', 'Mari Maasikas');
    await page.fill('#contact-email', 'mari@example.com');
    await page.selectOption('#contact-topic', 'loan');
    await page.fill('#contact-message', 'Half-written question');
    await page.check('#contact-consent');
    await expect.poll(() => storedDraft(page)).toContain('Half-written question');

    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => page.inputValue('#contact-message')).toBe('Half-written question');
    expect(await page.inputValue('#contact-name')).toBe('Mari Maasikas');
    expect(await page.inputValue('#contact-email')).toBe('mari@example.com');
    expect(await page.inputValue('#contact-topic')).toBe('loan');
    expect(await page.isChecked('#contact-consent')).toBe(true);
    expect(await page.inputValue('#contact-phone')).toBe('');
  });

  test('a draft is kept per page: the Estonian form does not get the English one', async () => {
    const { page } = await open('/en/contact');
    await page.fill('#contact-name', 'English draft');
    await page.locator('#contact-name').blur();
    await expect.poll(() => storedDraft(page)).toContain('English draft');
    await page.goto(`${env.site.url}/et/kontakt`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForSelector('form[data-form-id][novalidate]');
    expect(await page.inputValue('#contact-name')).toBe('');
  });
});

describe('submission', () => {
  test('success: sending state, the POST body, the success message, an empty form and no draft', async () => {
    const { page, problems } = await open('/en/contact');
    let release!: () => void;
    const posts = await answerForms(page, 200, new Promise<void>((r) => (release = r)));
    await fillValid(page);
    await expect.poll(() => storedDraft(page)).not.toBeNull();

    await page.getByRole('button', { name: 'Send message' }).click();
    const button = page.locator('form[data-form-id="contact"] button[type="submit"]');
    await expect.poll(() => button.textContent()).toBe('Sending…');
    expect(await button.isDisabled()).toBe(true);
    expect(await page.locator('form[data-form-id="contact"]').getAttribute('aria-busy')).toBe('true');
    release();

    await expect.poll(() => page.getByRole('status').filter({ hasText: EN_SUCCESS }).count()).toBe(1);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.method()).toBe('POST');
    expect(posts[0]!.postDataJSON()).toEqual({
      form: 'contact',
      page: '/en/contact',
      values: {
        name: 'Mari Maasikas',
        email: 'mari@example.com',
        phone: '+372 5555 1234',
        topic: 'mortgage',
        message: 'I would like to ask about a home loan.',
        consent: true,
        _hp: '',
      },
    });
    expect(await button.textContent()).toBe('Send message');
    expect(await button.isDisabled()).toBe(false);
    expect(await page.inputValue('#contact-name')).toBe('');
    expect(await page.inputValue('#contact-message')).toBe('');
    expect(await page.isChecked('#contact-consent')).toBe(false);
    expect(await storedDraft(page)).toBeNull();

    await page.reload();
    await page.waitForSelector('form[data-form-id][novalidate]');
    expect(await page.inputValue('#contact-name')).toBe('');
    expect(problems).toEqual([]);
  });

  test('failure: the typed values and the draft stay, a message says so, and the POST is not retried', async () => {
    const { page } = await open('/en/contact');
    const posts = await answerForms(page, 500);
    await fillValid(page);
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Could not send' }).textContent())
      .toBe('Could not send: your answers are kept, please try again.');
    expect(posts).toHaveLength(1);
    expect(await page.inputValue('#contact-name')).toBe('Mari Maasikas');
    expect(await page.inputValue('#contact-message')).toBe('I would like to ask about a home loan.');
    expect(await page.isChecked('#contact-consent')).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: EN_SUCCESS }).count()).toBe(0);
    expect((JSON.parse((await storedDraft(page))!) as { values: unknown }).values).toMatchObject({ name: 'Mari Maasikas', consent: true });
    expect(await page.locator('form[data-form-id="contact"] button[type="submit"]').isDisabled()).toBe(false);
  });

  test('while the post is on its way the fields cannot be changed, and once it has failed they can again', async () => {
    const { page } = await open('/en/contact');
    let release!: () => void;
    const posts = await answerForms(page, 500, new Promise<void>((r) => (release = r)));
    await fillValid(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.locator('form[data-form-id="contact"]').getAttribute('aria-busy')).toBe('true');
    for (const id of ['name', 'email', 'phone', 'topic', 'message', 'consent'])
      expect(await page.locator(`#contact-${id}`).isEditable(), id).toBe(false);
    // Text fields are read-only, not disabled: they stay in the tab order and are read out with their values.
    expect(await page.locator('#contact-message').isDisabled()).toBe(false);
    expect(await page.locator('#contact-message').getAttribute('readonly')).not.toBeNull();
    await page.locator('#contact-message').press('End');
    await page.keyboard.type(' And more.');
    release();

    await expect.poll(() => page.locator('form[data-form-id="contact"]').getAttribute('data-status')).toBe('failed');
    expect(posts).toHaveLength(1);
    expect((posts[0]!.postDataJSON() as { values: { message: string } }).values.message).toBe('I would like to ask about a home loan.');
    expect(await page.inputValue('#contact-message')).toBe('I would like to ask about a home loan.');
    for (const id of ['name', 'email', 'phone', 'topic', 'message', 'consent'])
      expect(await page.locator(`#contact-${id}`).isEditable(), id).toBe(true);
    await page.fill('#contact-name', 'Mari M');
    expect(await page.inputValue('#contact-name')).toBe('Mari M');
  });

  test('failure in Estonian speaks Estonian', async () => {
    const { page } = await open('/et/kontakt');
    await answerForms(page, 500);
    await fillValid(page);
    await page.getByRole('button', { name: 'Saada sõnum' }).click();
    await expect
      .poll(() => page.locator('.form-block [role="alert"]').textContent())
      .toBe('Saatmine ebaõnnestus: sinu vastused on alles, palun proovi uuesti.');
    expect(await storedDraft(page, ET_DRAFT_KEY)).not.toBeNull();
  });
});

describe('a submission the site could not store (503)', () => {
  test('says to send it again, and the same answers sent again carry the same Idempotency-Key', async () => {
    const { page } = await open('/en/contact');
    let status = 503;
    const posts: Request[] = [];
    await page.route('**/_app/forms', async (route) => {
      posts.push(route.request());
      await route.fulfill({ status, contentType: 'application/json', body: status === 200 ? '{"ok":true}' : '{"error":"unavailable"}' });
    });
    await fillValid(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect
      .poll(() => page.locator('.form-block [role="alert"]').textContent())
      .toBe('Your message could not be saved just now, so it was not sent. Please send it again in a minute.');
    status = 200;
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: EN_SUCCESS }).count()).toBe(1);
    const keys = await Promise.all(posts.map((p) => p.headerValue('idempotency-key')));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  test('changed answers are a new submission, with a new key', async () => {
    const { page } = await open('/en/contact');
    const posts = await answerForms(page, 503);
    await fillValid(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => posts.length).toBe(1);
    await expect.poll(() => page.locator('form[data-form-id="contact"]').getAttribute('data-status')).toBe('failed');
    await page.fill('#contact-message', 'I would like to ask about a car loan instead.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => posts.length).toBe(2);
    expect(await posts[1]!.headerValue('idempotency-key')).not.toBe(await posts[0]!.headerValue('idempotency-key'));
  });
});

describe('a submission whose answer never came', () => {
  test('the same answers sent again after a reload carry the same Idempotency-Key, and a confirmed send clears it', async () => {
    const { page, problems } = await open('/en/contact');
    const keys: (string | null)[] = [];
    let answer = false;
    await page.route('**/_app/forms', async (route) => {
      keys.push(await route.request().headerValue('idempotency-key'));
      // The first post reached the site (which may have stored it), and its answer never comes.
      if (answer) await route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' });
    });
    await fillValid(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => keys.length).toBe(1);
    await expect.poll(() => page.locator('form[data-form-id="contact"] button[type="submit"]').textContent()).toBe('Sending…');

    // The visitor gives up waiting and reloads: the draft comes back, and so does the key.
    await page.reload();
    await page.waitForSelector('form[data-form-id][novalidate]');
    await expect.poll(() => page.inputValue('#contact-message')).toBe('I would like to ask about a home loan.');
    expect(await page.inputValue('#contact-topic')).toBe('mortgage');
    expect(await page.isChecked('#contact-consent')).toBe(true);
    answer = true;
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: EN_SUCCESS }).count()).toBe(1);

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await storedDraft(page)).toBeNull();

    // Confirmed: the same answers typed again are a new submission.
    await fillValid(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => keys.length).toBe(3);
    expect(keys[2]).not.toBe(keys[0]);
    expect(problems).toEqual([]);
  });

  test('changed answers sent after the reload get a new key', async () => {
    const { page } = await open('/en/contact');
    const keys: (string | null)[] = [];
    await page.route('**/_app/forms', async (route) => {
      keys.push(await route.request().headerValue('idempotency-key'));
    });
    await fillValid(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => keys.length).toBe(1);
    await page.reload();
    await page.waitForSelector('form[data-form-id][novalidate]');
    await expect.poll(() => page.inputValue('#contact-message')).toBe('I would like to ask about a home loan.');
    await page.fill('#contact-message', 'I would like to ask about a car loan instead.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => keys.length).toBe(2);
    expect(keys[1]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });
});

describe('what the site says when it refuses a post', () => {
  test('too many posts: the Estonian form says to wait a minute', async () => {
    const { page } = await open('/et/kontakt');
    await page.route('**/_app/forms', (route) =>
      route.fulfill({ status: 429, headers: { 'retry-after': '60' }, contentType: 'application/json', body: '{"error":"rate_limited"}' }),
    );
    await fillValid(page);
    await page.getByRole('button', { name: 'Saada sõnum' }).click();
    await expect
      .poll(() => page.locator('.form-block [role="alert"]').textContent())
      .toBe('Sinu ühenduselt on saadetud liiga palju sõnumeid. Palun oota minut ja saada see siis uuesti.');
  });

  test('a post refused as not from this site: the English form says to reload the page', async () => {
    const { page } = await open('/en/contact');
    await page.route('**/_app/forms', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: '{"error":"forbidden"}' }),
    );
    await fillValid(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect
      .poll(() => page.locator('.form-block [role="alert"]').textContent())
      .toBe('This form can only be sent from its page on this site. Please reload the page and try again.');
  });
});

describe('the form against the real endpoint', () => {
  test("Chromium's own post from the hydrated form passes the same-origin check and is kept", async () => {
    const { page, problems } = await open('/en/contact');
    await fillValid(page);
    const [response] = await Promise.all([
      page.waitForResponse('**/_app/forms'),
      page.getByRole('button', { name: 'Send message' }).click(),
    ]);
    expect(response.status()).toBe(200);
    await expect.poll(() => page.getByRole('status').filter({ hasText: EN_SUCCESS }).count()).toBe(1);
    expect(problems).toEqual([]);
  });

  test('`npm run forms -- export` prints an entry sent from the browser, from the local state `npm start` serves', async () => {
    const { page } = await open('/en/contact');
    const message = `Export me, please: ${Date.now()}`;
    await fillValid(page);
    await page.fill('#contact-message', message);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: EN_SUCCESS }).count()).toBe(1);

    const exported = await runFormsCommand(['export', '--format', 'csv', '--form', 'contact', '--persist-to', env.site.state]);
    expect(exported.code, exported.stderr).toBe(0);
    const lines = exported.stdout.split('\r\n');
    expect(lines[0]).toMatch(/^id,receivedAt,form,page,locale,status,attempts,lastError,deliveredAt,webhook,fields\.name,/);
    const row = lines.find((line) => line.includes(message));
    expect(row).toContain(',contact,/en/contact,en,stored,0,');
    expect(row).toContain('Mari Maasikas');
    expect(row).toContain("'+372 5555 1234");
  });

  test('the honeypot is out of reach: Tab goes from the last field to the button, and assistive technology does not see it', async () => {
    const { page } = await open('/en/contact');
    await page.focus('#contact-consent');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('submit');
    expect(await page.getByRole('textbox', { name: 'Leave this field empty' }).count()).toBe(0);
    expect(await page.locator('form[data-form-id="contact"]').ariaSnapshot()).not.toContain('Leave this field empty');
  });
});

describe('/reset-storage', () => {
  async function seed(page: Page) {
    await page.evaluate(
      ({ en, et }) => {
        localStorage.setItem(en, JSON.stringify({ v: 1, savedAt: 1, values: { name: 'x' } }));
        localStorage.setItem(et, JSON.stringify({ v: 1, savedAt: 1, values: { name: 'y' } }));
        localStorage.setItem('edge-site:v0:old-setting', 'garbage{');
        localStorage.setItem('someone-else:keep', 'keep me');
        sessionStorage.setItem('edge-site:v1:chunk-reload', JSON.stringify({ path: '/en', expires: Date.now() + 5000 }));
        sessionStorage.setItem('other-session', 'keep me');
        document.cookie = 'site_pref=dark; path=/';
      },
      { en: EN_DRAFT_KEY, et: ET_DRAFT_KEY },
    );
  }

  const stored = (page: Page) =>
    page.evaluate(() => ({
      local: Object.keys(localStorage).sort(),
      session: Object.keys(sessionStorage).sort(),
      cookie: document.cookie,
    }));

  test('before hydration the server says what the page will do', async () => {
    const html = await (await fetch(`${env.site.url}/reset-storage?lang=en`)).text();
    expect(html).toContain('This page removes everything this site has stored in your browser.');
    expect(html).toContain('This happens in your browser as soon as the page has loaded.');
    const slugHtml = await (await fetch(`${env.site.url}/reset-storage/et/kontakt`)).text();
    expect(slugHtml).toContain('See leht eemaldab selle saidi salvestatud andmed ühe lehe kohta:');
    expect(slugHtml).toContain('<code>/et/kontakt</code>');
  });

  test('removes everything the site stored, says what, and leaves other keys alone', async () => {
    const { page, problems } = await open('/en');
    await seed(page);
    await page.goto(`${env.site.url}/reset-storage?lang=en`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const status = page.locator('.screen--reset [role="status"]');
    await expect.poll(() => status.textContent()).toContain('Items removed: 5');
    const items = await status.locator('li').allTextContents();
    expect(items.sort()).toEqual(
      [
        `Form answers saved on /en/contact: ${EN_DRAFT_KEY}`,
        `Form answers saved on /et/kontakt: ${ET_DRAFT_KEY}`,
        'Stored setting: edge-site:v0:old-setting',
        'Reload marker (for this session): edge-site:v1:chunk-reload',
        'Cookie: site_pref',
      ].sort(),
    );
    expect(await stored(page)).toEqual({ local: ['someone-else:keep'], session: ['other-session'], cookie: '' });

    // A second visit finds nothing left.
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => status.textContent()).toBe('This site had nothing stored in this browser. Nothing was removed.');
    expect(problems).toEqual([]);
  });

  test('/reset-storage/en/contact removes only that page’s draft, in the page’s language', async () => {
    const { page } = await open('/en');
    await seed(page);
    await page.goto(`${env.site.url}/reset-storage/en/contact`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const status = page.locator('.screen--reset [role="status"]');
    await expect.poll(() => status.textContent()).toContain('Removed what this site stored for /en/contact. Items removed: 1');
    expect(await status.locator('li').allTextContents()).toEqual([`Form answers saved on /en/contact: ${EN_DRAFT_KEY}`]);
    const after = await stored(page);
    expect(after.local).toEqual([ET_DRAFT_KEY, 'edge-site:v0:old-setting', 'someone-else:keep'].sort());
    expect(after.session).toEqual(['edge-site:v1:chunk-reload', 'other-session']);
    expect(after.cookie).toBe('site_pref=dark');
    await page.evaluate(() => (document.cookie = 'site_pref=; max-age=0; path=/'));
  });

  test('/reset-storage/et/kontakt reports in Estonian', async () => {
    const { page } = await open('/et');
    await seed(page);
    await page.goto(`${env.site.url}/reset-storage/et/kontakt`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const status = page.locator('.screen--reset [role="status"]');
    await expect.poll(() => status.textContent()).toContain('Eemaldatud kirjeid: 1');
    expect(await status.locator('li').allTextContents()).toEqual([`Vormi vastused lehel /et/kontakt: ${ET_DRAFT_KEY}`]);
    expect(await storedDraft(page)).not.toBeNull();
    await page.evaluate(() => (document.cookie = 'site_pref=; max-age=0; path=/'));
  });
});
