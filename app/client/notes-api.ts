/**
 * The review-notes endpoints as the preview host's panel calls them (worker/preview/notes.ts).
 * Answers come from our own worker, so they are read as it writes them; what a refusal means
 * to the person at the screen is told by its status alone, in their language (the panel).
 */
import { appEndpoints } from '../endpoints';
import type { Note } from '../notes';

/** How a post went, as the panel tells it. */
export type SendOutcome = 'sent' | 'expired' | 'refused' | 'rate_limited' | 'invalid' | 'failed';

const OUTCOMES = new Map<number, SendOutcome>([
  [201, 'sent'],
  [400, 'invalid'],
  [401, 'refused'],
  [403, 'refused'],
  [410, 'expired'],
  [413, 'invalid'],
  [429, 'rate_limited'],
]);

const json = { 'content-type': 'application/json', accept: 'application/json' };

/** A reviewer's note on `page`, carrying the share link's grant as the gate reads it. */
export async function sendNote(page: string, share: string, note: { block: string; text: string; reviewer: string }): Promise<SendOutcome> {
  const query = new URLSearchParams({ page, share });
  try {
    const res = await fetch(`${appEndpoints.previewNotes}?${query}`, { method: 'POST', headers: json, body: JSON.stringify(note) });
    return OUTCOMES.get(res.status) ?? 'failed';
  } catch {
    return 'failed';
  }
}

/** The page's notes for an editor, or null when this browser is no editor's (or the list cannot be had). */
export async function fetchNotes(page: string): Promise<Note[] | null> {
  try {
    const res = await fetch(`${appEndpoints.previewNotes}?${new URLSearchParams({ page })}`, { headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    return ((await res.json()) as { notes: Note[] }).notes;
  } catch {
    return null;
  }
}

/** An editor resolves or deletes a note; true when it was done. */
export async function changeNote(action: 'resolve' | 'delete', id: string): Promise<boolean> {
  const url = action === 'resolve' ? appEndpoints.previewNotesResolve : appEndpoints.previewNotesDelete;
  try {
    return (await fetch(url, { method: 'POST', headers: json, body: JSON.stringify({ id }) })).ok;
  } catch {
    return false;
  }
}
