/**
 * `npm run gc -- [--keep N] [--draft-days N] [--force] [--dry-run] [--local | --remote] [--env NAME]`:
 * remove what only older builds use. Keeps the live and every draft's build, every build live
 * within the edge cache lifetime (unless --force), and besides all those the N most recently
 * published (default DEFAULT_GC_KEEP_BUILDS); deletes named drafts nobody has published for
 * --draft-days days, and their review notes.
 */
import { KV_TARGET_FLAGS, command, fail, kvTargetFrom } from './lib/cli';
import { collectGarbage } from './lib/build-admin';
import { withD1 } from './lib/d1-client';
import { notesTarget, removeNotesOfDrafts } from './lib/draft-notes';
import { DEFAULT_DRAFT_EXPIRY_DAYS, parseDraftDays } from './lib/drafts';
import { DEFAULT_GC_KEEP_BUILDS } from './lib/gc-plan';
import { withKv } from './lib/kv-client';

const { values } = command({
  usage: 'npm run gc -- [--keep N] [--force] [--dry-run] [--local | --remote] [--env NAME]',
  summary:
    'Remove the KV records only older builds use, keeping the live and every draft’s build and those still in edge caches; delete drafts unused for --draft-days.',
  options: {
    ...KV_TARGET_FLAGS,
    keep: {
      type: 'string',
      default: String(DEFAULT_GC_KEEP_BUILDS),
      value: 'N',
      description: 'how many more builds to keep, most recently published first, besides the live, draft and recently live ones',
    },
    'draft-days': {
      type: 'string',
      default: String(DEFAULT_DRAFT_EXPIRY_DAYS),
      value: 'N',
      description: 'delete named drafts nobody has published for N days',
    },
    force: { type: 'boolean', default: false, description: 'also remove builds live within the edge cache lifetime' },
    'dry-run': { type: 'boolean', default: false, description: 'print what would go, remove nothing' },
  },
  examples: ['npm run gc -- --dry-run', 'npm run gc -- --remote --env production --keep 5'],
});
const keep = Number(values.keep);
if (!/^\d+$/.test(values.keep) || !Number.isSafeInteger(keep))
  fail(
    `--keep ${JSON.stringify(values.keep)} is not a whole number of builds; usage: npm run gc -- --keep N ` +
      `(N more builds to keep besides the live, draft and recently live ones; default ${DEFAULT_GC_KEEP_BUILDS})`,
  );
let draftDays = DEFAULT_DRAFT_EXPIRY_DAYS;
try {
  draftDays = parseDraftDays(values['draft-days']);
} catch (err) {
  fail((err as Error).message);
}
const target = kvTargetFrom(values);
let removedDrafts: string[] = [];
try {
  ({ removedDrafts } = await withKv(target, (kv) =>
    collectGarbage(kv, {
      keep,
      draftDays,
      force: values.force,
      dryRun: values['dry-run'],
      log: (line) => process.stdout.write(`${line}\n`),
    }),
  ));
} catch (err) {
  fail((err as Error).message);
}
// Notes go when their draft goes (scripts/lib/draft-notes.ts).
if (removedDrafts.length > 0 && !values['dry-run']) {
  try {
    const notes = await withD1(notesTarget(target), (db) => removeNotesOfDrafts(db, removedDrafts));
    process.stdout.write(`removed ${notes} review note(s) of the removed drafts\n`);
  } catch (err) {
    fail(
      `removed the drafts ${removedDrafts.join(', ')} but not their review notes: ${(err as Error).message}; ` +
        `npm run drafts -- delete NAME removes a gone draft's notes`,
    );
  }
}
