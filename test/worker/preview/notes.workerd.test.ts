/**
 * Review notes on the preview host, in workerd with the real D1 database and the real rate
 * limit binding: who may leave one (a share link's reviewer, for that link's page and draft,
 * until it expires), what a note may hold, and what editors may do with them. One worker for
 * the file; each test posts from an address of its own, so the rate limit of one never counts
 * against another.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appEndpoints } from '../../../app/endpoints';
import { NOTE_REVIEWER_MAX_CHARS, NOTE_TEXT_MAX_CHARS } from '../../../app/constants';
import type { Note } from '../../../app/notes';
import { PREVIEW_COOKIE, signPreviewCookie } from '../../../worker/preview/access';
import { deleteNotesOfDrafts, listNotes } from '../../../worker/preview/notes-store';
import { signShareGrant } from '../../../worker/preview/share';
import { REPO_CONTENT, buildForTest, type BuiltSite } from '../../support/built-site';
import { startWorker, type TestWorker } from '../../support/workerd';

const TOKEN = 'correct-horse-battery-staple-0123456789';
const SHARE_SECRET = 'share-links-secret-0123456789abcdef';
const PREVIEW = 'https://preview.example.com';
const SPRING = 'https://spring.preview.example.com';
const NOTE_LIMIT = 3;

let site: BuiltSite;
let worker: TestWorker;
let cookie: string;
let nextAddress = 0;

beforeAll(async () => {
  site = await buildForTest(REPO_CONTENT);
  worker = await startWorker(site, {
    bindings: { PREVIEW_HOSTS: 'preview.example.com', PREVIEW_TOKEN: TOKEN, PREVIEW_SHARE_SECRET: SHARE_SECRET },
    noteRateLimit: NOTE_LIMIT,
  });
  cookie = `${PREVIEW_COOKIE}=${await signPreviewCookie(TOKEN, Math.floor(Date.now() / 1000) + 3600)}`;
});
afterAll(async () => {
  await worker?.close();
  await site?.cleanup();
});

const nowS = () => Math.floor(Date.now() / 1000);
const grantFor = (page: string, { draft = null as string | null, expires = nowS() + 3600, secret = SHARE_SECRET } = {}) =>
  signShareGrant(secret, page, expires, draft);

interface PostOptions {
  page?: string;
  grant?: string;
  origin?: string;
  headers?: Record<string, string>;
  address?: string;
}

/** A reviewer's post from the link's page, from an address no other test uses. */
async function leaveNote(
  body: unknown,
  { page = '/en/contact', grant, origin = PREVIEW, headers = {}, address = `192.0.2.${++nextAddress}` }: PostOptions = {},
) {
  const share = grant ?? (await grantFor(page, { draft: origin === SPRING ? 'spring' : null }));
  return worker.fetch(`${origin}${appEndpoints.previewNotes}?page=${encodeURIComponent(page)}&share=${share}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'cf-connecting-ip': address, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function notesAsEditor(page: string, origin = PREVIEW): Promise<Note[]> {
  const res = await worker.fetch(`${origin}${appEndpoints.previewNotes}?page=${encodeURIComponent(page)}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { notes: Note[] }).notes;
}

const editorPost = (path: string, body: unknown, origin = PREVIEW) =>
  worker.fetch(origin + path, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('a reviewer on a share link', () => {
  test('leaves a note on a block of that page, and the editor sees it listed with its block, name and time', async () => {
    const before = Date.now();
    const res = await leaveNote({ block: 'blocks[1]', text: '  The rate in the second paragraph is wrong.\r\n', reviewer: ' Mari ' });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const { id } = (await res.json()) as { id: string };
    const listed = (await notesAsEditor('/en/contact')).find((n) => n.id === id);
    expect(listed).toEqual({
      id,
      draft: null,
      page: '/en/contact',
      block: 'blocks[1]',
      text: 'The rate in the second paragraph is wrong.',
      reviewer: 'Mari',
      createdAt: expect.any(Number),
      resolvedAt: null,
    });
    expect(listed!.createdAt).toBeGreaterThanOrEqual(before);
  });

  test('sees markup they type kept as the text it is, never as HTML', async () => {
    const text = '<img src=x onerror="alert(1)"> & <script>alert(2)</script>\nline two';
    const res = await leaveNote({ text, reviewer: '<b>Eve</b>' });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const listed = (await notesAsEditor('/en/contact')).find((n) => n.id === id)!;
    expect([listed.text, listed.reviewer, listed.block]).toEqual([text, '<b>Eve</b>', '']);
  });

  test('cannot leave a note on another page than the link opens', async () => {
    const grant = await grantFor('/en/contact');
    const res = await leaveNote({ text: 'Sneaky', reviewer: 'Eve' }, { page: '/en', grant });
    expect(res.status).toBe(401);
    expect(await notesAsEditor('/en')).toEqual([]);
  });

  test('cannot leave a note with a link of another draft', async () => {
    const unnamedGrant = await grantFor('/en/contact');
    expect((await leaveNote({ text: 'Wrong draft', reviewer: 'Eve' }, { origin: SPRING, grant: unnamedGrant })).status).toBe(401);
    const springGrant = await grantFor('/en/contact', { draft: 'spring' });
    expect((await leaveNote({ text: 'Wrong draft', reviewer: 'Eve' }, { grant: springGrant })).status).toBe(401);
  });

  test('leaves a note on the named draft its link opens, which only that draft lists', async () => {
    const res = await leaveNote({ text: 'Spring only', reviewer: 'Mari' }, { origin: SPRING });
    expect(res.status).toBe(201);
    expect((await notesAsEditor('/en/contact', SPRING)).map((n) => [n.text, n.draft])).toEqual([['Spring only', 'spring']]);
    expect((await notesAsEditor('/en/contact')).map((n) => n.text)).not.toContain('Spring only');
  });

  test('is told the link expired, and nothing is kept', async () => {
    const grant = await grantFor('/en/contact', { expires: nowS() - 60 });
    const res = await leaveNote({ text: 'Too late', reviewer: 'Mari' }, { grant });
    expect(res.status).toBe(410);
    expect(await res.text()).toContain('This share link has expired');
    expect((await notesAsEditor('/en/contact')).map((n) => n.text)).not.toContain('Too late');
  });

  test('is refused once the share secret was rotated (every link revoked)', async () => {
    const grant = await grantFor('/en/contact', { secret: 'the-secret-before-rotation-0123456789' });
    expect((await leaveNote({ text: 'Revoked', reviewer: 'Mari' }, { grant })).status).toBe(401);
  });

  test('cannot post from a page of another site', async () => {
    const res = await leaveNote(
      { text: 'Forged', reviewer: 'Eve' },
      { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } },
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden' });
  });

  test(`may leave ${NOTE_LIMIT} notes a minute from one link and address, then is asked to wait`, async () => {
    const address = '198.51.100.7';
    const grant = await grantFor('/en/contact');
    const statuses: number[] = [];
    for (let i = 0; i <= NOTE_LIMIT; i++)
      statuses.push((await leaveNote({ text: `Note ${i}`, reviewer: 'Mari' }, { address, grant })).status);
    expect(statuses).toEqual([...Array<number>(NOTE_LIMIT).fill(201), 429]);
    const res = await leaveNote({ text: 'One more', reviewer: 'Mari' }, { address, grant });
    expect(res.headers.get('retry-after')).toBe('60');
    expect(((await res.json()) as { message: string }).message).toContain('wait a minute');
    // Another address with the same link has its own allowance.
    expect((await leaveNote({ text: 'From elsewhere', reviewer: 'Ann' }, { grant })).status).toBe(201);
  });

  test('cannot read the notes, resolve or delete them', async () => {
    const grant = await grantFor('/en/contact');
    const list = await worker.fetch(`${PREVIEW}${appEndpoints.previewNotes}?page=/en/contact&share=${grant}`);
    expect(list.status).toBe(401);
    const resolve = await worker.fetch(`${PREVIEW}${appEndpoints.previewNotesResolve}?page=/en/contact&share=${grant}`, {
      method: 'POST',
      headers: { origin: PREVIEW, 'content-type': 'application/json' },
      body: JSON.stringify({ id: crypto.randomUUID() }),
    });
    expect(resolve.status).toBe(401);
  });
});

describe('what a note may hold', () => {
  const refusedFor = async (body: unknown) => {
    const res = await leaveNote(body);
    expect(res.status).toBe(400);
    return ((await res.json()) as { message: string }).message;
  };

  test(`a text of ${NOTE_TEXT_MAX_CHARS} characters is kept, one more is refused saying so`, async () => {
    expect((await leaveNote({ text: 'é'.repeat(NOTE_TEXT_MAX_CHARS), reviewer: 'Mari' })).status).toBe(201);
    expect(await refusedFor({ text: 'é'.repeat(NOTE_TEXT_MAX_CHARS + 1), reviewer: 'Mari' })).toContain(
      `text has more than ${NOTE_TEXT_MAX_CHARS} characters`,
    );
  });

  test(`a reviewer name longer than ${NOTE_REVIEWER_MAX_CHARS} characters is refused saying so`, async () => {
    expect(await refusedFor({ text: 'Fine', reviewer: 'M'.repeat(NOTE_REVIEWER_MAX_CHARS + 1) })).toContain(
      `reviewer has more than ${NOTE_REVIEWER_MAX_CHARS} characters`,
    );
  });

  test('an empty or blank text or name is refused', async () => {
    expect(await refusedFor({ text: ' \n ', reviewer: 'Mari' })).toContain('text is empty');
    expect(await refusedFor({ text: 'Fine', reviewer: '' })).toContain('reviewer is empty');
  });

  test('control characters are refused, in the text and the name', async () => {
    expect(await refusedFor({ text: 'bad \u001b[2J', reviewer: 'Mari' })).toContain('text has a control character');
    expect(await refusedFor({ text: 'Fine', reviewer: 'Ma\u202eri' })).toContain('reviewer has a control character');
  });

  test('a block that is not a content path is refused', async () => {
    expect(await refusedFor({ block: 'blocks[1]"><script>', text: 'Fine', reviewer: 'Mari' })).toContain('block must be a content path');
  });

  test('a body that is not a JSON note is refused with what is wrong', async () => {
    expect(await refusedFor('not json')).toContain('The note was not kept');
    expect(await refusedFor({ text: 'Fine', reviewer: 'Mari', page: '/en' })).toContain('The note was not kept');
    const form = await leaveNote('text=hi', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    const huge = await leaveNote({ text: 'x'.repeat(20_000), reviewer: 'Mari' });
    expect(huge.status).toBe(413);
  });
});

describe('editors', () => {
  test('resolve a note, which stays listed with when it was resolved', async () => {
    const { id } = (await (await leaveNote({ text: 'Resolve me', reviewer: 'Mari' })).json()) as { id: string };
    const res = await editorPost(appEndpoints.previewNotesResolve, { id });
    expect(res.status).toBe(200);
    const note = (await notesAsEditor('/en/contact')).find((n) => n.id === id)!;
    expect(note.resolvedAt).toEqual(expect.any(Number));
  });

  test('delete a note, which is then gone', async () => {
    const { id } = (await (await leaveNote({ text: 'Delete me', reviewer: 'Mari' })).json()) as { id: string };
    expect((await editorPost(appEndpoints.previewNotesDelete, { id })).status).toBe(200);
    expect((await notesAsEditor('/en/contact')).map((n) => n.id)).not.toContain(id);
    expect((await editorPost(appEndpoints.previewNotesDelete, { id })).status).toBe(404);
  });

  test('cannot resolve or delete another draft’s note from this draft’s host', async () => {
    const { id } = (await (await leaveNote({ text: 'Spring note', reviewer: 'Mari' }, { origin: SPRING })).json()) as { id: string };
    expect((await editorPost(appEndpoints.previewNotesDelete, { id })).status).toBe(404);
    expect((await editorPost(appEndpoints.previewNotesResolve, { id })).status).toBe(404);
    expect((await notesAsEditor('/en/contact', SPRING)).map((n) => n.id)).toContain(id);
  });

  test('are told what is wrong with an id that is none', async () => {
    const res = await editorPost(appEndpoints.previewNotesResolve, { id: '1 OR 1=1' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('id must be a note id');
  });

  test('are refused a page that is no content page', async () => {
    const res = await worker.fetch(`${PREVIEW}${appEndpoints.previewNotes}?page=/preview`, { headers: { cookie } });
    expect(res.status).toBe(400);
  });

  test('cannot be made to resolve a note by a page of another site', async () => {
    const { id } = (await (await leaveNote({ text: 'Keep open', reviewer: 'Mari' })).json()) as { id: string };
    const res = await worker.fetch(PREVIEW + appEndpoints.previewNotesResolve, {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ id }),
    });
    expect(res.status).toBe(403);
    expect((await notesAsEditor('/en/contact')).find((n) => n.id === id)!.resolvedAt).toBeNull();
  });
});

describe('the live host', () => {
  test('has no notes endpoints', async () => {
    const res = await worker.fetch(appEndpoints.previewNotes + '?page=/en/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://www.example.com' },
      body: JSON.stringify({ text: 'Hello', reviewer: 'Mari' }),
    });
    expect(res.status).toBe(404);
    expect((await worker.fetch(appEndpoints.previewNotes + '?page=/en/contact')).status).toBe(404);
  });
});

describe('when a draft goes', () => {
  test('its notes go with it, and no other draft’s', async () => {
    expect((await leaveNote({ text: 'Gone with spring', reviewer: 'Mari' }, { origin: SPRING })).status).toBe(201);
    const db = await worker.d1();
    const unnamedBefore = (await listNotes(db, null)).length;
    expect(await deleteNotesOfDrafts(db, ['spring'])).toBeGreaterThan(0);
    expect(await listNotes(db, 'spring')).toEqual([]);
    expect((await listNotes(db, null)).length).toBe(unnamedBefore);
  });
});
