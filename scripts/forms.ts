/**
 * `npm run forms -- list|export|redeliver …`: the stored form entries (FORMS_DB), in the local
 * state `npm start` uses unless `--remote --env NAME` says Cloudflare.
 *
 *   list [--form F] [--since DATE] [--status S]     one line per entry, oldest first
 *   export --format csv|json [--form F] [--since DATE] [--status S] > file
 *   redeliver ID [ID …] | --dead [--form F]        back to pending; the worker's next scheduled
 *                                                   run (every 5 minutes) queues them again
 *   delete ID [ID …]                                erased now, before their retention ends
 */
import { ENTRY_STATUSES, type EntryStatus } from '../worker/forms/entries';
import { KV_TARGET_FLAGS, fail, flags, kvTargetFrom } from './lib/cli';
import { withD1 } from './lib/d1-client';
import {
  deleteEntries,
  entriesCsv,
  entriesJson,
  entryLines,
  listEntries,
  parseSince,
  redeliver,
  redeliverDead,
  type EntryFilter,
} from './lib/form-entries';

const USAGE =
  'usage: npm run forms -- list | export --format csv|json | redeliver ID…|--dead | delete ID… [--form F] [--since DATE] [--remote --env NAME]';

const { values, positionals } = flags({
  ...KV_TARGET_FLAGS,
  form: { type: 'string' },
  since: { type: 'string' },
  status: { type: 'string' },
  format: { type: 'string' },
  dead: { type: 'boolean', default: false },
});
const [command, ...ids] = positionals;
if (command !== 'list' && command !== 'export' && command !== 'redeliver' && command !== 'delete') fail(USAGE);
const target = kvTargetFrom(values);

function filterFrom(): EntryFilter {
  const filter: EntryFilter = { form: values.form };
  if (values.since !== undefined) {
    try {
      filter.since = parseSince(values.since);
    } catch (err) {
      fail((err as Error).message);
    }
  }
  if (values.status !== undefined) {
    if (!(ENTRY_STATUSES as readonly string[]).includes(values.status)) fail(`--status must be one of ${ENTRY_STATUSES.join(', ')}`);
    filter.status = values.status as EntryStatus;
  }
  return filter;
}

try {
  if (command === 'list') {
    const filter = filterFrom();
    process.stdout.write(entryLines(await withD1(target, (db) => listEntries(db, filter))));
  } else if (command === 'export') {
    if (values.format !== 'csv' && values.format !== 'json') fail('export needs --format csv or --format json');
    const filter = filterFrom();
    const entries = await withD1(target, (db) => listEntries(db, filter));
    process.stdout.write(values.format === 'csv' ? entriesCsv(entries) : entriesJson(entries));
    process.stderr.write(`${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} exported\n`);
  } else if (command === 'delete') {
    if (ids.length === 0) fail('delete needs entry ids (npm run forms -- list shows them)');
    const outcome = await withD1(target, (db) => deleteEntries(db, ids));
    for (const id of outcome.deleted) process.stdout.write(`${id}  deleted\n`);
    for (const id of outcome.missing) process.stderr.write(`${id}  no such entry\n`);
    if (outcome.missing.length > 0) process.exit(1);
  } else {
    if (ids.length === 0 && !values.dead) fail('redeliver needs entry ids, or --dead for every dead-lettered entry');
    if (ids.length > 0 && values.dead) fail('give entry ids or --dead, not both');
    const outcome = await withD1(target, async (db) =>
      values.dead ? { redelivered: await redeliverDead(db, values.form), refused: [] } : redeliver(db, ids),
    );
    for (const id of outcome.redelivered) process.stdout.write(`${id}  pending: queued again by the worker's next scheduled run\n`);
    for (const { id, reason } of outcome.refused) process.stderr.write(`${id}  not redelivered: ${reason}\n`);
    if (outcome.refused.length > 0) process.exit(1);
  }
} catch (err) {
  fail((err as Error).message);
}
