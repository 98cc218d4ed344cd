/**
 * Review notes on the preview host (docs/editors.md#review-notes), behind the gate:
 *
 *   POST /_app/preview/notes?page=&share=   a reviewer on a share link leaves a note on a block of
 *                                           that page; the gate let the post in only for the very
 *                                           page and draft the link opens, and not once it expired
 *   GET  /_app/preview/notes?page=          editors: the page's notes, oldest first
 *   POST /_app/preview/notes/resolve {id}   editors: the note is resolved
 *   POST /_app/preview/notes/delete  {id}   editors: the note is gone
 *
 * Every answer is JSON, never stored (`{ error, message }` when refused). Posts must come from
 * this host's own pages (Origin or Sec-Fetch-Site, as form posts); a reviewer's are counted by
 * the NOTE_RATE_LIMIT binding per link and address. On the live host none of this exists.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { NOTE_RATE_LIMIT_PERIOD_S } from '../../app/constants';
import { NoteAction, NoteInput, noteProblem } from '../../app/notes';
import type { AppEnv } from '../app-env';
import { draftNameOf } from '../build-memory';
import { CACHE_NONE } from '../cache-control';
import { BodyRefused, discardBody, formBodyType, readJson } from '../forms/body';
import type { SqlDatabase } from '../forms/entries';
import { mayPost } from '../forms/rate-limit';
import { SHARE_PARAM, isShareablePath } from './share';
import { deleteNote, insertNote, listNotes, resolveNote } from './notes-store';

/** Largest body a note post reads: a note's text at 4 bytes a character, its name and block, and room for JSON. */
const NOTE_MAX_BYTES = 16 * 1024;

type NoteRefusal = 'forbidden' | 'rate_limited' | 'too_large' | 'unsupported_type' | 'invalid' | 'not_found' | 'unavailable';

/** The refusal to throw, in JSON; what is left of the body is read first (see discardBody). */
async function refusal(
  c: Context<AppEnv>,
  status: 400 | 403 | 404 | 413 | 415 | 429 | 503,
  error: NoteRefusal,
  message: string,
  headers: Record<string, string> = {},
): Promise<HTTPException> {
  await discardBody(c.req.raw, NOTE_MAX_BYTES);
  return new HTTPException(status, { message, res: c.json({ error, message }, status, { 'Cache-Control': CACHE_NONE, ...headers }) });
}

/** A post from a page elsewhere must not act in a reviewer's or an editor's name (as sameOriginPosts for forms). */
async function sameOriginOnly(c: Context<AppEnv>): Promise<void> {
  const sameOrigin = c.req.header('origin') === new URL(c.req.url).origin || c.req.header('sec-fetch-site') === 'same-origin';
  if (!sameOrigin) throw await refusal(c, 403, 'forbidden', 'Cross-site posts are refused: send the note from the preview page itself.');
}

/** True for an editor: the gate let the request in by the editors' cookie, not by a share link. */
const isEditor = (c: Context<AppEnv>) => c.get('previewShare') === undefined;

async function editorsOnly(c: Context<AppEnv>): Promise<void> {
  if (!isEditor(c))
    throw await refusal(
      c,
      403,
      'forbidden',
      'Only signed-in editors see, resolve and delete notes; a share link lets its reviewer leave them.',
    );
}

/** The JSON body, checked against `schema`: 415 for another type, 413 past the size, 400 with the first problem. */
async function jsonBody<T extends z.ZodType>(c: Context<AppEnv>, schema: T): Promise<z.infer<T>> {
  if (formBodyType(c.req.header('content-type'))?.type !== 'json')
    throw await refusal(c, 415, 'unsupported_type', 'Send the note as JSON (Content-Type: application/json).');
  let body: unknown;
  try {
    body = await readJson(c.req.raw, NOTE_MAX_BYTES);
  } catch (err) {
    if (err instanceof BodyRefused && err.status === 413) throw await refusal(c, 413, 'too_large', 'The note is too large.');
    throw err;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw await refusal(c, 400, 'invalid', `The note was not kept: ${noteProblem(parsed.error)}.`);
  return parsed.data;
}

/** The store, or a 503 that says notes cannot be kept here (plain workerd without D1, as in the bench). */
async function database(c: Context<AppEnv>) {
  const db = (c.env as Partial<Env> | undefined)?.FORMS_DB as SqlDatabase | undefined;
  if (!db) throw await refusal(c, 503, 'unavailable', 'Review notes are not configured on this host (no FORMS_DB binding).');
  return db;
}

/** A store that fails is a 503 the reviewer or editor can retry, never a 500 page. */
async function stored<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    console.error(JSON.stringify({ type: 'error', requestId: c.get('requestId'), fault: 'ReviewNotesStore', message: String(err) }));
    throw await refusal(c, 503, 'unavailable', 'The notes could not be reached just now: try again in a minute.', { 'Retry-After': '60' });
  }
}

/** The page a request is about: the share link's, or for an editor the `page` of the query. */
async function pageOf(c: Context<AppEnv>): Promise<string> {
  const shared = c.get('previewShare');
  if (shared !== undefined) return shared;
  const page = c.req.query('page') ?? '';
  if (page.length > 1024 || !isShareablePath(page))
    throw await refusal(c, 400, 'invalid', 'page: must be a content page path such as /en/contact.');
  return page;
}

/** On the live host these paths are no endpoint: the /_app/ 404 answers. */
function previewOnly(handler: (c: Context<AppEnv>) => Promise<Response>): MiddlewareHandler<AppEnv> {
  return async (c, next) => (c.get('preview') ? handler(c) : next());
}

export function previewNotes({ now = () => Date.now(), newId = () => crypto.randomUUID() } = {}) {
  const leave = previewOnly(async (c) => {
    await sameOriginOnly(c);
    const grant = c.req.query(SHARE_PARAM) ?? 'editor';
    // Per link and address: one reviewer's flood does not use up another's allowance.
    const key = `${c.req.header('cf-connecting-ip') || 'unknown-client'} ${grant}`;
    if (!(await mayPost((c.env as Partial<Env> | undefined)?.NOTE_RATE_LIMIT, key, c.get('requestId'))))
      throw await refusal(c, 429, 'rate_limited', 'Too many notes from this link and network: wait a minute, then send again.', {
        'Retry-After': String(NOTE_RATE_LIMIT_PERIOD_S),
      });
    const page = await pageOf(c);
    const input = await jsonBody(c, NoteInput);
    const db = await database(c);
    const note = await stored(c, () =>
      insertNote(db, { ...input, id: newId(), draft: draftNameOf(c.get('channel')), page, createdAt: now() }),
    );
    // A reviewer learns it was kept; what editors see of notes is theirs alone.
    return c.json({ id: note.id, createdAt: note.createdAt }, 201, { 'Cache-Control': CACHE_NONE });
  });

  const list = previewOnly(async (c) => {
    await editorsOnly(c);
    const page = await pageOf(c);
    const db = await database(c);
    const notes = await stored(c, () => listNotes(db, draftNameOf(c.get('channel')), page));
    return c.json({ page, notes }, 200, { 'Cache-Control': CACHE_NONE });
  });

  const act = (change: (db: SqlDatabase, draft: string | null, id: string) => Promise<boolean>) =>
    previewOnly(async (c) => {
      await sameOriginOnly(c);
      await editorsOnly(c);
      const { id } = await jsonBody(c, NoteAction);
      const db = await database(c);
      const draft = draftNameOf(c.get('channel'));
      if (!(await stored(c, () => change(db, draft, id))))
        throw await refusal(c, 404, 'not_found', 'This draft has no such note (deleted already?).');
      return c.json({ id }, 200, { 'Cache-Control': CACHE_NONE });
    });

  return {
    leave,
    list,
    resolve: act((db, draft, id) => resolveNote(db, draft, id, now())),
    remove: act(deleteNote),
  };
}
