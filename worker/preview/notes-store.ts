/**
 * Review notes in D1 (FORMS_DB, table `review_notes` from migrations/0003_review_notes.sql): the
 * one place their SQL is spelled, for the preview host's endpoints (notes.ts) and the operators'
 * command (`npm run drafts -- notes NAME`, scripts/lib/draft-notes.ts). Over the same small
 * SqlDatabase as the form entries, so the command runs it locally or over `wrangler d1 execute`.
 */
import { z } from 'zod';
import type { Note, NoteInput } from '../../app/notes';
import type { SqlDatabase } from '../forms/entries';

/** A row as D1 returns it: checked like any other input. */
const NoteRow = z.object({
  id: z.string(),
  draft: z.string(),
  page: z.string(),
  block: z.string(),
  text: z.string(),
  reviewer: z.string(),
  created_at: z.number(),
  resolved_at: z.number().nullable(),
});

/** The draft as the table keys it: '' for the unnamed one (a NULL would never equal itself). */
const draftKey = (draft: string | null) => draft ?? '';

function noteOf(row: unknown): Note {
  const r = NoteRow.parse(row);
  return {
    id: r.id,
    draft: r.draft === '' ? null : r.draft,
    page: r.page,
    block: r.block,
    text: r.text,
    reviewer: r.reviewer,
    createdAt: r.created_at,
    resolvedAt: r.resolved_at,
  };
}

const COLUMNS = 'id, draft, page, block, text, reviewer, created_at, resolved_at';

export async function insertNote(
  db: SqlDatabase,
  note: NoteInput & { id: string; draft: string | null; page: string; createdAt: number },
): Promise<Note> {
  await db
    .prepare(`INSERT INTO review_notes (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)`)
    .bind(note.id, draftKey(note.draft), note.page, note.block, note.text, note.reviewer, note.createdAt)
    .run();
  return {
    id: note.id,
    draft: note.draft,
    page: note.page,
    block: note.block,
    text: note.text,
    reviewer: note.reviewer,
    createdAt: note.createdAt,
    resolvedAt: null,
  };
}

/** A draft's notes, of one page or of all, oldest first (then by page, for the command). */
export async function listNotes(db: SqlDatabase, draft: string | null, page?: string): Promise<Note[]> {
  const { results } =
    page === undefined
      ? await db.prepare(`SELECT ${COLUMNS} FROM review_notes WHERE draft = ? ORDER BY page, created_at, id`).bind(draftKey(draft)).all()
      : await db
          .prepare(`SELECT ${COLUMNS} FROM review_notes WHERE draft = ? AND page = ? ORDER BY created_at, id`)
          .bind(draftKey(draft), page)
          .all();
  return results.map(noteOf);
}

/**
 * Marks a note of `draft` resolved at `at` (a note already resolved keeps its time). False when
 * the draft has no such note: an editor of one draft cannot touch another's by its id.
 */
export async function resolveNote(db: SqlDatabase, draft: string | null, id: string, at: number): Promise<boolean> {
  const { results } = await db
    .prepare('UPDATE review_notes SET resolved_at = COALESCE(resolved_at, ?) WHERE id = ? AND draft = ? RETURNING id')
    .bind(at, id, draftKey(draft))
    .all();
  return results.length > 0;
}

/** Deletes a note of `draft`; false when the draft has no such note. */
export async function deleteNote(db: SqlDatabase, draft: string | null, id: string): Promise<boolean> {
  const { results } = await db.prepare('DELETE FROM review_notes WHERE id = ? AND draft = ? RETURNING id').bind(id, draftKey(draft)).all();
  return results.length > 0;
}

/** Deletes every note of the named drafts (they went: deleted, or expired by gc); how many went. */
export async function deleteNotesOfDrafts(db: SqlDatabase, drafts: readonly string[]): Promise<number> {
  let deleted = 0;
  for (const draft of drafts) {
    // A name '' would be the unnamed draft's notes, which stay with it.
    if (draft === '') continue;
    const { meta } = await db.prepare('DELETE FROM review_notes WHERE draft = ?').bind(draft).run();
    deleted += meta.changes;
  }
  return deleted;
}
