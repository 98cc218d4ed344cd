/**
 * A draft's review notes for `npm run drafts -- notes [NAME]` and for what removes a draft
 * (`npm run drafts -- delete NAME`, gc's expiry): where they are, how they print, and their
 * removal with the draft. The queries are the worker's own (worker/preview/notes-store.ts).
 * Notes live in the preview environment's FORMS_DB, the one its worker writes, so that is the
 * database unless `--env` names another.
 */
import { NoteId, type Note } from '../../app/notes';
import type { SqlDatabase } from '../../worker/forms/entries';
import { deleteNote, deleteNotesOfDrafts, listNotes, resolveNote } from '../../worker/preview/notes-store';
import { jsonWithEscapedControls, visibleControls } from './control-chars';
import type { KvTarget } from './kv-cli';

/** The environment whose worker keeps review notes. */
export const NOTES_ENV = 'preview';

/** The database of a command's notes: the target's mode and local state, in the preview environment unless it names one. */
export function notesTarget(target: KvTarget): KvTarget {
  return { ...target, env: target.env ?? NOTES_ENV };
}

const NO_TABLE = /no such table: review_notes/;

/** A clearer error for a database the migrations have not reached. */
function explained(err: unknown): Error {
  if (NO_TABLE.test(String(err)))
    return new Error(
      'there is no review_notes table in this database: `npm run preview` (or a deploy) applies the migrations that make it',
      {
        cause: err,
      },
    );
  return err as Error;
}

/** The id as given, checked: a note id is a UUID (the list shows them). */
export function parseNoteId(text: string): string {
  const parsed = NoteId.safeParse(text);
  if (!parsed.success) throw new Error(`"${text}" is not a note id: ids are UUIDs, as npm run drafts -- notes NAME lists them`);
  return parsed.data;
}

export async function draftNotes(db: SqlDatabase, draft: string | null): Promise<Note[]> {
  try {
    return await listNotes(db, draft);
  } catch (err) {
    throw explained(err);
  }
}

/** Resolves or deletes one note of the draft; an id the draft does not have is an error that says so. */
export async function changeDraftNote(db: SqlDatabase, draft: string | null, action: 'resolve' | 'delete', id: string, now = Date.now()) {
  let done: boolean;
  try {
    done = action === 'resolve' ? await resolveNote(db, draft, id, now) : await deleteNote(db, draft, id);
  } catch (err) {
    throw explained(err);
  }
  if (!done) throw new Error(`the draft ${draft ?? '(unnamed)'} has no note ${id} (npm run drafts -- notes ${draft ?? ''} lists them)`);
}

/**
 * Deletes every note of drafts that are going; how many went. A database the migrations have
 * not reached has none to delete.
 */
export async function removeNotesOfDrafts(db: SqlDatabase, drafts: readonly string[]): Promise<number> {
  if (drafts.length === 0) return 0;
  try {
    return await deleteNotesOfDrafts(db, drafts);
  } catch (err) {
    if (NO_TABLE.test(String(err))) return 0;
    throw err;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * One block of lines per note, oldest first by page: page, block, reviewer, time, state and
 * id, then its text indented, with anything a terminal would act on shown as an escape.
 */
export function noteLines(notes: readonly Note[], draft: string | null): string {
  if (notes.length === 0) return `no review notes on the draft ${draft ?? '(unnamed)'}\n`;
  return notes
    .map((n) => {
      const state = n.resolvedAt === null ? 'open' : `resolved ${iso(n.resolvedAt)}`;
      const head = [n.page, n.block || '(page)', visibleControls(n.reviewer), iso(n.createdAt), state, n.id].join('  ');
      const text = visibleControls(n.text, '\n\t')
        .split('\n')
        .map((line) => `    ${line}`)
        .join('\n');
      return `${head}\n${text}\n`;
    })
    .join('');
}

/** The notes as a JSON array, times in ISO 8601 UTC, for other tools. */
export function notesJson(notes: readonly Note[]): string {
  const exported = notes.map((n) => ({
    id: n.id,
    draft: n.draft,
    page: n.page,
    block: n.block,
    reviewer: n.reviewer,
    createdAt: iso(n.createdAt),
    resolvedAt: n.resolvedAt === null ? null : iso(n.resolvedAt),
    text: n.text,
  }));
  return `${jsonWithEscapedControls(JSON.stringify(exported, null, 2))}\n`;
}
