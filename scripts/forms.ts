/** `npm run forms -- list|export|redeliver|delete|sweep …`: the stored form entries (`--help` says how). */
import { ENTRY_STATUSES, type EntryStatus } from '../worker/forms/entries';
import { KV_TARGET_FLAGS, command, fail, kvTargetFrom } from './lib/cli';
import { withD1 } from './lib/d1-client';
import { devRegistryPath, triggerScheduled } from './lib/local-scheduled';
import { readWranglerToml, type WranglerToml } from './lib/wrangler-toml';
import {
  deadEntryLines,
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
  'usage: npm run forms -- list | export --format csv|json | redeliver ID…|--dead | delete ID… | sweep [--form F] [--since DATE] [--dead] [--remote --env NAME]';

const { values, positionals } = command({
  usage: 'npm run forms -- list|export|redeliver|delete|sweep [ID…] [--form F] [--since DATE] [--status S] [--remote --env NAME]',
  summary: 'The stored form entries (FORMS_DB), in the local state npm start uses unless --remote says Cloudflare.',
  options: {
    ...KV_TARGET_FLAGS,
    form: { type: 'string', value: 'F', description: 'only the entries of this form' },
    since: { type: 'string', value: 'DATE', description: 'only entries received on or after this date (YYYY-MM-DD or ISO time)' },
    status: { type: 'string', value: 'S', description: `only entries with this status (${ENTRY_STATUSES.join(', ')})` },
    format: { type: 'string', value: 'csv|json', description: 'the export format (export only)' },
    dead: { type: 'boolean', default: false, description: 'list: only the dead entries, and how many; redeliver: every dead entry' },
  },
  examples: [
    'npm run forms -- list --dead',
    'npm run forms -- sweep',
    'npm run -s forms -- export --format csv --since 2026-11-01 > entries.csv',
  ],
  notes: [
    'commands:',
    '  list                 one line per entry, oldest first',
    '  export               every matching entry as CSV or JSON on stdout',
    '  redeliver ID… | --dead  back to pending; the next scheduled run (every 5 minutes) queues them again',
    '  delete ID…           erased now, before their retention ends',
    '  sweep                run the scheduled handler (sweep and retention) now, on the running npm start server',
  ],
});
const [subcommand, ...ids] = positionals;
const COMMANDS = new Set(['list', 'export', 'redeliver', 'delete', 'sweep']);
if (subcommand === undefined || !COMMANDS.has(subcommand)) fail(USAGE);
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

/**
 * The cron's run, now, on the dev server of this environment: locally nothing runs the cron
 * (scripts/lib/local-scheduled.ts says why wrangler's own trigger cannot).
 */
async function sweep(): Promise<void> {
  if (target.mode === 'remote') fail('sweep runs on the local dev server; on Cloudflare the cron trigger runs it every 5 minutes');
  const toml = readWranglerToml() as WranglerToml & { name?: string; triggers?: { crons?: string[] } };
  if (target.env !== undefined && !toml.env?.[target.env]) fail(`wrangler.toml has no environment "${target.env}"`);
  const worker = (target.env === undefined ? undefined : toml.env?.[target.env]?.name) ?? toml.name;
  if (!worker) fail('wrangler.toml names no worker');
  const time = Date.now();
  const cron = toml.triggers?.crons?.[0] ?? '*/5 * * * *';
  await triggerScheduled({ registry: devRegistryPath(), worker, time, cron });
  process.stdout.write(`scheduled handler of ${worker} ran at ${new Date(time).toISOString()}: its lines are in npm start's output\n`);
}

try {
  if (subcommand === 'sweep') await sweep();
  else if (subcommand === 'list' && values.dead) {
    if (values.status !== undefined && values.status !== 'dead') fail('list --dead lists dead entries: leave out --status');
    const filter = { ...filterFrom(), status: 'dead' as const };
    process.stdout.write(deadEntryLines(await withD1(target, (db) => listEntries(db, filter))));
  } else if (subcommand === 'list') {
    const filter = filterFrom();
    process.stdout.write(entryLines(await withD1(target, (db) => listEntries(db, filter))));
  } else if (subcommand === 'export') {
    if (values.format !== 'csv' && values.format !== 'json') fail('export needs --format csv or --format json');
    const filter = filterFrom();
    const entries = await withD1(target, (db) => listEntries(db, filter));
    process.stdout.write(values.format === 'csv' ? entriesCsv(entries) : entriesJson(entries));
    process.stderr.write(`${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} exported\n`);
  } else if (subcommand === 'delete') {
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
