/**
 * What `npm run forms` does with the stored form entries (FORMS_DB), over any D1 database:
 * wrangler's local one, the real one through `wrangler d1 execute` (d1-client.ts), or the
 * tests' Miniflare. The row shape and the statuses are the worker's (worker/forms/entries.ts).
 */
import { EntryRow, type EntryStatus, type SqlDatabase, type SqlValue } from '../../worker/forms/entries';
import { jsonWithEscapedControls, visibleControls } from './control-chars';
import { toCsv } from './csv';

export interface EntryFilter {
  form?: string;
  /** received at or after this time, ms */
  since?: number;
  status?: EntryStatus;
}

/** An entry as the commands show and export it. */
export interface ExportedEntry {
  id: string;
  receivedAt: string;
  form: string;
  page: string;
  locale: string;
  build: string;
  preview: boolean;
  status: EntryStatus;
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
  webhook: string | null;
  fields: Record<string, unknown>;
}

/** `--since`: a date (2026-01-31, midnight UTC) or a date and time with its zone. */
export function parseSince(text: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(ms))
    throw new Error(`--since must be a date such as 2026-01-31 or 2026-01-31T12:00:00Z, not "${text}"`);
  return ms;
}

function fieldsOf(row: EntryRow): Record<string, unknown> {
  try {
    const fields = JSON.parse(row.fields) as unknown;
    return typeof fields === 'object' && fields !== null && !Array.isArray(fields) ? (fields as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function exported(row: EntryRow): ExportedEntry {
  return {
    id: row.id,
    receivedAt: new Date(row.received_at).toISOString(),
    form: row.form,
    page: row.page,
    locale: row.locale,
    build: row.build,
    preview: row.preview === 1,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    deliveredAt: row.delivered_at === null ? null : new Date(row.delivered_at).toISOString(),
    webhook: row.webhook,
    fields: fieldsOf(row),
  };
}

/** The entries that match, oldest first. */
export async function listEntries(db: SqlDatabase, filter: EntryFilter = {}): Promise<ExportedEntry[]> {
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (filter.form !== undefined) {
    where.push('form = ?');
    params.push(filter.form);
  }
  if (filter.since !== undefined) {
    where.push('received_at >= ?');
    params.push(filter.since);
  }
  if (filter.status !== undefined) {
    where.push('status = ?');
    params.push(filter.status);
  }
  const sql = `SELECT * FROM form_entries${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY received_at, id`;
  const { results } = await db
    .prepare(sql)
    .bind(...params)
    .all();
  return results.map((r) => exported(EntryRow.parse(r)));
}

/** One line per entry, for a terminal: no part can break the line or send the terminal a control sequence. */
export function entryLines(entries: readonly ExportedEntry[]): string {
  if (entries.length === 0) return 'no entries\n';
  return entries
    .map((e) => {
      const delivery = e.webhook ? `${e.status} (${e.attempts} attempt${e.attempts === 1 ? '' : 's'})` : e.status;
      return visibleControls([e.id, e.receivedAt, e.form, e.page, delivery, e.lastError ?? ''].join('  ').trimEnd()) + '\n';
    })
    .join('');
}

/**
 * `list --dead`: the entries the queue gave up on, then how many, so an empty answer is a plain
 * "0 dead" and not an empty screen a script or a tired operator could misread.
 */
export function deadEntryLines(entries: readonly ExportedEntry[]): string {
  if (entries.length === 0) return '0 dead\n';
  return `${entryLines(entries)}${entries.length} dead: npm run forms -- redeliver --dead once the webhook answers\n`;
}

const FIXED_COLUMNS = ['id', 'receivedAt', 'form', 'page', 'locale', 'status', 'attempts', 'lastError', 'deliveredAt', 'webhook'] as const;

/** A field's value as one cell: text as typed, files as "name (type, size bytes)". */
function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((f) => typeof f === 'object' && f !== null && 'name' in f))
    return (value as { name: string; type: string; size: number }[]).map((f) => `${f.name} (${f.type}, ${f.size} bytes)`).join('; ');
  return JSON.stringify(value);
}

/**
 * CSV with one column per field (`fields.{name}`), in the order fields first appear, so a form's
 * entries line up; a field another form does not have is an empty cell.
 */
export function entriesCsv(entries: readonly ExportedEntry[]): string {
  const fieldNames: string[] = [];
  for (const e of entries) for (const name of Object.keys(e.fields)) if (!fieldNames.includes(name)) fieldNames.push(name);
  const header = [...FIXED_COLUMNS, ...fieldNames.map((n) => `fields.${n}`)];
  const rows = entries.map((e) => [
    ...FIXED_COLUMNS.map((c) => cellOf(e[c])),
    ...fieldNames.map((n) => (Object.hasOwn(e.fields, n) ? cellOf(e.fields[n]) : '')),
  ]);
  return toCsv(header, rows);
}

/** The exact values, as JSON that is also safe to print (see jsonWithEscapedControls). */
export function entriesJson(entries: readonly ExportedEntry[]): string {
  return jsonWithEscapedControls(JSON.stringify(entries, null, 2)) + '\n';
}

export interface RedeliverOutcome {
  redelivered: string[];
  refused: { id: string; reason: string }[];
}

/**
 * Puts entries back to `pending`, off the queue: the worker's next scheduled run (every 5
 * minutes) sends them to the delivery queue, which tries them afresh. An entry of a form
 * without a webhook has nowhere to go. Attempts are kept, as the entry's history.
 */
export async function redeliver(db: SqlDatabase, ids: readonly string[]): Promise<RedeliverOutcome> {
  const outcome: RedeliverOutcome = { redelivered: [], refused: [] };
  for (const id of ids) {
    const { meta } = await db
      .prepare(`UPDATE form_entries SET status = 'pending', queued_at = NULL WHERE id = ? AND webhook IS NOT NULL`)
      .bind(id)
      .run();
    if (meta.changes === 1) {
      outcome.redelivered.push(id);
      continue;
    }
    const { results } = await db.prepare('SELECT webhook FROM form_entries WHERE id = ?').bind(id).all();
    outcome.refused.push({ id, reason: results.length === 0 ? 'no such entry' : 'its form has no webhook' });
  }
  return outcome;
}

/**
 * Deletes entries now, before their retention ends (a visitor asked for their data to be
 * erased, say); how many there were. A delivery already queued finds no row and stops.
 */
export async function deleteEntries(db: SqlDatabase, ids: readonly string[]): Promise<{ deleted: string[]; missing: string[] }> {
  const outcome = { deleted: [] as string[], missing: [] as string[] };
  for (const id of ids) {
    const { meta } = await db.prepare('DELETE FROM form_entries WHERE id = ?').bind(id).run();
    (meta.changes === 1 ? outcome.deleted : outcome.missing).push(id);
  }
  return outcome;
}

/**
 * `redeliver --dead`: every dead-lettered entry (of one form) back to `pending`, in one
 * statement, so it is one call on Cloudflare however many there are; the ids it put back.
 */
export async function redeliverDead(db: SqlDatabase, form?: string): Promise<string[]> {
  const ids = (await listEntries(db, { status: 'dead', form })).map((e) => e.id);
  if (ids.length === 0) return [];
  const formClause = form === undefined ? '' : ' AND form = ?';
  await db
    .prepare(`UPDATE form_entries SET status = 'pending', queued_at = NULL WHERE status = 'dead'${formClause}`)
    .bind(...(form === undefined ? [] : [form]))
    .run();
  return ids;
}
