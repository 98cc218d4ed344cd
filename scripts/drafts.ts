/**
 * `npm run drafts [-- delete NAME | notes [NAME]] [--local | --remote] [--env NAME]`: the drafts
 * in KV (name, build, published at and by, pages changed against the live build, URL), delete a
 * named one with its review notes, or list a draft's review notes (resolve or delete one).
 * Locally, as `npm run publish -- --draft` writes, the preview environment's KV and database.
 * See scripts/lib/drafts.ts and scripts/lib/draft-notes.ts.
 */
import { KV_TARGET_FLAGS, command, fail, kvTargetFrom } from './lib/cli';
import { withD1 } from './lib/d1-client';
import { changeDraftNote, draftNotes, noteLines, notesJson, notesTarget, parseNoteId, removeNotesOfDrafts } from './lib/draft-notes';
import { deleteDraft, listDrafts, parseDraftName, type DraftSummary } from './lib/drafts';
import { withKv } from './lib/kv-client';
import { previewOriginFor } from './lib/preview-link';
import { SHARE_MAX_DAYS } from '../worker/preview/share';
import { readWranglerToml } from './lib/wrangler-toml';

const USAGE = 'npm run drafts -- [delete NAME | notes [NAME] [--json | --resolve ID | --delete ID]] [--local | --remote] [--env NAME]';

const { values, positionals } = command({
  usage: USAGE,
  summary:
    'List the drafts the preview host serves, with what each changes against the live site; delete a named draft with its review notes; or list a draft’s review notes, and resolve or delete one.',
  options: {
    ...KV_TARGET_FLAGS,
    json: { type: 'boolean', default: false, description: 'notes: print them as JSON (times in ISO 8601 UTC)' },
    resolve: { type: 'string', value: 'ID', description: 'notes: mark this note resolved' },
    delete: { type: 'string', value: 'ID', description: 'notes: delete this note' },
  },
  examples: [
    'npm run drafts',
    'npm run drafts -- delete spring-campaign',
    'npm run drafts -- notes spring-campaign',
    'npm run drafts -- notes spring-campaign --resolve 3f1e0f7c-6a8e-4c86-9f57-1f7a9a2b8c11',
    'npm run drafts -- --remote --env preview',
  ],
  notes: [
    'delete NAME removes the draft and its review notes (its URL then says there is no such draft); gc removes its build once nothing else uses it.',
    'notes [NAME] lists the review notes reviewers left through share links (page, block, reviewer, time, state, id, text); without NAME, the unnamed draft’s.',
    'Notes are in the preview environment’s database (FORMS_DB) unless --env names another.',
    'gc also deletes drafts nobody has published for 30 days, with their notes (npm run gc -- --draft-days N).',
  ],
});
const target = kvTargetFrom(values);
// Local drafts live where npm run preview reads them (npm run publish -- --draft writes there).
if (target.mode === 'local' && target.env === undefined) target.env = 'preview';

const [action, name, ...rest] = positionals;
const noteFlags = values.json || values.resolve !== undefined || values.delete !== undefined;
if (
  rest.length > 0 ||
  (action !== undefined && action !== 'delete' && action !== 'notes') ||
  (action === 'delete' && name === undefined) ||
  (action !== 'notes' && noteFlags)
)
  fail(`usage: ${USAGE}`);
if ([values.json, values.resolve !== undefined, values.delete !== undefined].filter(Boolean).length > 1)
  fail('notes takes one of --json, --resolve ID and --delete ID');

function urlOf(draft: DraftSummary): string {
  try {
    return previewOriginFor(readWranglerToml(), target.mode === 'local' ? undefined : target.env, draft.name);
  } catch {
    return '(no preview host)';
  }
}

/** `notes [NAME]`: the list, or one note resolved or deleted. */
async function notes(): Promise<void> {
  const draft = name === undefined ? null : parseDraftName(name);
  const change = values.resolve !== undefined ? 'resolve' : values.delete !== undefined ? 'delete' : null;
  if (change) {
    const id = parseNoteId((values.resolve ?? values.delete)!);
    await withD1(notesTarget(target), (db) => changeDraftNote(db, draft, change, id));
    process.stdout.write(`${id}  ${change === 'resolve' ? 'resolved' : 'deleted'}\n`);
    return;
  }
  const list = await withD1(notesTarget(target), (db) => draftNotes(db, draft));
  process.stdout.write(values.json ? notesJson(list) : noteLines(list, draft));
}

/**
 * `delete NAME`: its notes first, so a failure leaves the draft to delete again; then the draft.
 * A draft already gone (gc removed it, and its notes could not go then) has its notes removed.
 */
async function deleteWithNotes(): Promise<void> {
  const draft = parseDraftName(name!);
  let removed: number;
  try {
    removed = await withD1(notesTarget(target), (db) => removeNotesOfDrafts(db, [draft]));
  } catch (err) {
    fail(`the draft ${draft} was not deleted: its review notes could not be deleted first: ${(err as Error).message}`);
  }
  let build: string | null;
  try {
    ({ build } = await withKv(target, (kv) => deleteDraft(kv, draft)));
  } catch (err) {
    if (removed === 0) throw err;
    process.stdout.write(`there is no draft named ${draft} any more; deleted its ${removed} review note(s) left behind\n`);
    return;
  }
  process.stdout.write(
    `deleted the draft ${draft} (build ${build ?? 'unknown'}) and its ${removed} review note(s); npm run gc removes the build once nothing uses it\n`,
  );
}

try {
  if (action === 'delete') await deleteWithNotes();
  else if (action === 'notes') await notes();
  else {
    const drafts = await withKv(target, listDrafts);
    if (drafts.length === 0) process.stdout.write('no drafts\n');
    for (const d of drafts) {
      const at = d.publishedAt === null ? 'published at: unknown' : `published ${new Date(d.publishedAt).toISOString()}`;
      const changed = d.changed === null ? 'pages changed: unknown' : `${d.changed.length} page(s) changed against live`;
      process.stdout.write(
        `${d.name ?? '(unnamed)'}  build ${d.build ?? 'unreadable'}  ${at} by ${d.publishedBy ?? 'unknown'}  ${changed}  ${urlOf(d)}\n`,
      );
      if (d.changed && d.changed.length > 0) process.stdout.write(`  changed: ${d.changed.join(' ')}\n`);
    }
    if (drafts.length > 0)
      process.stdout.write(
        `share links: not stored (signed, not recorded); each expires at most ${SHARE_MAX_DAYS} days after it was made, and rotating PREVIEW_SHARE_SECRET revokes them all\n`,
      );
  }
} catch (err) {
  fail((err as Error).message);
}
