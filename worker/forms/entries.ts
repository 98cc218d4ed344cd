/**
 * Form entries in D1 (the FORMS_DB binding, table `form_entries` from migrations/): the one
 * place the worker spells their SQL. The route stores an entry before the visitor is told
 * "sent"; the queue consumer and the scheduled handler move its delivery status along.
 *
 * The database is described by the few calls made on it, not by the Workers types, so the
 * operators' commands (scripts/lib/form-entries.ts) and the tests use the same row shape with
 * a D1 binding from Miniflare, from wrangler's getPlatformProxy, or over `wrangler d1 execute`.
 */
import { z } from 'zod';

export type SqlValue = string | number | null;

/** What is used of a D1 prepared statement. */
export interface SqlStatement {
  bind(...values: SqlValue[]): SqlStatement;
  all<T = Record<string, unknown>>(): Promise<{ results: T[] }>;
  run(): Promise<{ meta: { changes: number } }>;
}

/** What is used of a D1 database. */
export interface SqlDatabase {
  prepare(query: string): SqlStatement;
}

export const ENTRY_STATUSES = ['stored', 'pending', 'delivered', 'dead'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/**
 * A row as D1 returns it: every reader checks it, since a row is input like any other. Its
 * submission_sha256 is read only by insertEntry, so it is not part of the shape.
 */
export const EntryRow = z.object({
  id: z.string(),
  idempotency_key: z.string(),
  form: z.string(),
  page: z.string(),
  locale: z.string(),
  build: z.string(),
  preview: z.number(),
  received_at: z.number(),
  fields: z.string(),
  webhook: z.string().nullable(),
  webhook_url: z.string().nullable(),
  webhook_secret: z.string().nullable(),
  status: z.enum(ENTRY_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  queued_at: z.number().nullable(),
  delivered_at: z.number().nullable(),
});
export type EntryRow = z.infer<typeof EntryRow>;

/** Where an entry is delivered: a site.json webhook, resolved when the entry is stored. */
export interface WebhookTarget {
  name: string;
  url: string;
  /** the NAME of the worker secret that signs deliveries */
  secret: string;
}

export interface NewEntry {
  id: string;
  idempotencyKey: string;
  /** submissionHash() of the page and fields: what a reuse of the key is compared with */
  submissionSha256: string;
  form: string;
  page: string;
  locale: string;
  build: string;
  preview: boolean;
  receivedAt: number;
  fields: Record<string, unknown>;
  webhook: WebhookTarget | null;
}

/**
 * A pending entry the queue has not touched for this long is taken to be lost by the queue
 * and sent again by the scheduled sweep. Longer than the longest wait between two attempts
 * (15 min, delivery.ts) with room for a backlog; a duplicate delivery is the price of a
 * false alarm, and receivers dedupe on the entry id.
 */
export const QUEUE_STALE_MS = 60 * 60 * 1000;

/**
 * stored: a new entry. retried: the form already has an entry with this key and the same
 * submission (or one stored before submissions were hashed), so nothing changed. key_reused:
 * the form has an entry with this key and another submission; it is left as it was.
 */
export type InsertOutcome = 'stored' | 'retried' | 'key_reused';

/** The row that holds a form's idempotency key, as insertEntry's RETURNING gives it. */
const HeldKey = z.object({ id: z.string(), submission_sha256: z.string().nullable() });

/**
 * Stores the entry, once per form and idempotency key. One statement, so an entry is stored
 * whole or not at all, and the check of a key already taken cannot race another post: on a
 * conflict the no-op update makes RETURNING give the row that holds the key (its id and hash)
 * instead of the new one. An entry with a webhook starts `pending` and counts as queued (the
 * caller sends it next, and clears that mark if it cannot); one without starts, and stays, `stored`.
 */
export async function insertEntry(db: SqlDatabase, entry: NewEntry): Promise<InsertOutcome> {
  const { results } = await db
    .prepare(
      `INSERT INTO form_entries
         (id, idempotency_key, submission_sha256, form, page, locale, build, preview, received_at, fields,
          webhook, webhook_url, webhook_secret, status, attempts, queued_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)
       ON CONFLICT (form, idempotency_key) DO UPDATE SET idempotency_key = form_entries.idempotency_key
       RETURNING id, submission_sha256`,
    )
    .bind(
      entry.id,
      entry.idempotencyKey,
      entry.submissionSha256,
      entry.form,
      entry.page,
      entry.locale,
      entry.build,
      entry.preview ? 1 : 0,
      entry.receivedAt,
      JSON.stringify(entry.fields),
      entry.webhook?.name ?? null,
      entry.webhook?.url ?? null,
      entry.webhook?.secret ?? null,
      entry.webhook ? 'pending' : 'stored',
      entry.webhook ? entry.receivedAt : null,
    )
    .all();
  const held = HeldKey.parse(results[0]);
  if (held.id === entry.id) return 'stored';
  return held.submission_sha256 === null || held.submission_sha256 === entry.submissionSha256 ? 'retried' : 'key_reused';
}

export async function getEntry(db: SqlDatabase, id: string): Promise<EntryRow | null> {
  const { results } = await db.prepare('SELECT * FROM form_entries WHERE id = ?').bind(id).all();
  return results.length === 0 ? null : EntryRow.parse(results[0]);
}

/** The queue did not take it: the next scheduled sweep sends it. */
export async function markNotQueued(db: SqlDatabase, id: string): Promise<void> {
  await db.prepare(`UPDATE form_entries SET queued_at = NULL WHERE id = ? AND status = 'pending'`).bind(id).run();
}

/** A failed attempt: the queue retries it later, so it still counts as queued, from now. */
/**
 * One attempt failed. `attempts` counts every attempt the entry has had, in SQL so that two
 * copies of one message cannot lose a count; the queue's own count starts again at 1 when the
 * sweep queues the entry anew (after a redeliver, or a lost message).
 */
export async function recordFailure(db: SqlDatabase, id: string, error: string, now: number): Promise<void> {
  await db
    .prepare(`UPDATE form_entries SET attempts = attempts + 1, last_error = ?, queued_at = ? WHERE id = ? AND status = 'pending'`)
    .bind(error.slice(0, 500), now, id)
    .run();
}

/** The attempt that delivered it is counted too (see recordFailure). */
export async function markDelivered(db: SqlDatabase, id: string, now: number): Promise<void> {
  await db
    .prepare(
      `UPDATE form_entries SET status = 'delivered', attempts = attempts + 1, delivered_at = ?, last_error = NULL, queued_at = NULL
       WHERE id = ? AND status = 'pending'`,
    )
    .bind(now, id)
    .run();
}

/** The queue gave up on it (the dead-letter queue's consumer says so); the last error stays. */
export async function markDead(db: SqlDatabase, id: string): Promise<void> {
  await db.prepare(`UPDATE form_entries SET status = 'dead', queued_at = NULL WHERE id = ? AND status = 'pending'`).bind(id).run();
}

/** Pending entries the queue does not have: never queued, redelivered, or lost (QUEUE_STALE_MS). */
export async function entriesToQueue(db: SqlDatabase, now: number, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT id FROM form_entries
       WHERE status = 'pending' AND (queued_at IS NULL OR queued_at < ?)
       ORDER BY received_at LIMIT ?`,
    )
    .bind(now - QUEUE_STALE_MS, limit)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

export async function markQueued(db: SqlDatabase, ids: readonly string[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .prepare(`UPDATE form_entries SET queued_at = ? WHERE status = 'pending' AND id IN (${ids.map(() => '?').join(', ')})`)
    .bind(now, ...ids)
    .run();
}

/** Deletes every entry received before `cutoff` (ms), whatever its status; how many went. */
export async function deleteEntriesBefore(db: SqlDatabase, cutoff: number): Promise<number> {
  const { meta } = await db.prepare('DELETE FROM form_entries WHERE received_at < ?').bind(cutoff).run();
  return meta.changes;
}

/** Entries waiting for delivery (pending) and given up on (dead), for the deep health check. */
export async function deliveryCounts(db: SqlDatabase): Promise<{ waiting: number; dead: number }> {
  const { results } = await db
    .prepare(`SELECT status, COUNT(*) AS n FROM form_entries WHERE status IN ('pending', 'dead') GROUP BY status`)
    .all<{ status: string; n: number }>();
  const count = (status: string) => results.find((r) => r.status === status)?.n ?? 0;
  return { waiting: count('pending'), dead: count('dead') };
}
