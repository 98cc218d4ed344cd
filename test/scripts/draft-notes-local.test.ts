/**
 * `npm run drafts -- notes`, `delete` and gc against the real local state `npm run preview`
 * uses (workerd through Miniflare, as wrangler dev keeps it): notes are listed and resolved where the
 * preview host keeps them, and go when their draft goes. One migration of the file's database;
 * each command opens its own, as it does on an operator's machine.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { kvKeys } from '../../app/kv-keys';
import type { Note } from '../../app/notes';
import { localD1 } from '../../scripts/lib/d1-client';
import { localKv } from '../../scripts/lib/kv-local';
import { applyMigrations } from '../../scripts/lib/migrations';
import { insertNote, listNotes } from '../../worker/preview/notes-store';
import { tempDir } from '../support/built-site';
import { runScriptInProcess } from '../support/script-in-process';

const DAY_MS = 86_400_000;
const IDS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];

let state: string;

/** The preview environment's FORMS_DB in the file's state, for one piece of work. */
async function withNotesDb<T>(work: (db: ReturnType<typeof localD1>) => Promise<T>): Promise<T> {
  const db = localD1({ env: 'preview', persistTo: state });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  state = await tempDir('draft-notes');
  await withNotesDb(async (db) => {
    await applyMigrations(db);
    const at = Date.UTC(2026, 10, 27, 12);
    await insertNote(db, {
      id: IDS[0]!,
      draft: 'spring',
      page: '/en',
      block: 'blocks[1]',
      text: 'Wrong rate',
      reviewer: 'Mari',
      createdAt: at,
    });
    await insertNote(db, { id: IDS[1]!, draft: 'autumn', page: '/en', block: '', text: 'Typo', reviewer: 'Ann', createdAt: at });
    await insertNote(db, { id: IDS[2]!, draft: null, page: '/en', block: '', text: 'Unnamed draft note', reviewer: 'Ann', createdAt: at });
  });
  // An autumn draft nobody has published for 40 days: gc removes it.
  const kv = localKv({ env: 'preview', persistTo: state });
  try {
    await kv.putMany([
      {
        key: kvKeys.namedDraft('autumn'),
        value: JSON.stringify({ id: '0123456789abcdef', timestamp: 1 }),
        metadata: { publishedAt: Date.now() - 40 * DAY_MS, publishedBy: 'editor@host' },
      },
    ]);
  } finally {
    await kv.close();
  }
}, 60_000);
afterAll(async () => {
  if (state) await rm(state, { recursive: true, force: true });
});

test('a draft’s notes are listed as JSON and one is resolved', async () => {
  const resolved = await runScriptInProcess('drafts', ['notes', 'spring', '--resolve', IDS[0]!, '--persist-to', state]);
  expect([resolved.status, resolved.stdout]).toEqual([0, `${IDS[0]}  resolved\n`]);
  const listed = await runScriptInProcess('drafts', ['notes', 'spring', '--json', '--persist-to', state]);
  expect(listed.status).toBe(0);
  const notes = JSON.parse(listed.stdout) as { id: string; text: string; resolvedAt: string | null }[];
  expect(notes.map((n) => [n.id, n.text])).toEqual([[IDS[0], 'Wrong rate']]);
  expect(notes[0]!.resolvedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
});

test('gc’s expiry of an unused draft takes its notes, and no other draft’s', async () => {
  const gc = await runScriptInProcess('gc', ['--env', 'preview', '--persist-to', state]);
  expect(gc.status).toBe(0);
  expect(gc.stdout).toContain('removed draft autumn');
  expect(gc.stdout).toContain('removed 1 review note(s) of the removed drafts');
  const left: Note[] = await withNotesDb(async (db) => [
    ...(await listNotes(db, 'autumn')),
    ...(await listNotes(db, 'spring')),
    ...(await listNotes(db, null)),
  ]);
  expect(left.map((n) => n.id)).toEqual([IDS[0], IDS[2]]);
});

test('deleting a draft takes its notes, even once the draft itself is gone', async () => {
  const run = await runScriptInProcess('drafts', ['delete', 'spring', '--persist-to', state]);
  expect([run.status, run.stdout]).toEqual([0, 'there is no draft named spring any more; deleted its 1 review note(s) left behind\n']);
  expect(await withNotesDb((db) => listNotes(db, 'spring'))).toEqual([]);
});
