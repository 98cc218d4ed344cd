/**
 * The worker's `scheduled()` handler (wrangler.toml [triggers], every 5 minutes):
 *
 *   sweep      pending entries the delivery queue does not have (their send failed, the
 *              operator redelivered them, or the queue lost them) are sent to it again
 *   retention  entries received more than FORM_RETENTION_DAYS ago are deleted, whatever their
 *              delivery status, and the log says how many
 *
 * "Now" is the run's scheduled time, so a test drives both with a made-up clock.
 */
import type { WorkerConfig } from '../config';
import { deleteEntriesBefore, entriesToQueue, markQueued, type SqlDatabase } from './entries';

export const DAY_MS = 86_400_000;
/** Entries queued per round (a queue batch takes at most 100 messages), and rounds per run. */
const SWEEP_BATCH = 50;
const SWEEP_ROUNDS = 20;

/** What is used of the queue producer binding. */
export interface DeliveryQueue {
  sendBatch(messages: Iterable<{ body: unknown; contentType?: 'json' }>): Promise<unknown>;
}

export interface ScheduledEnv {
  FORMS_DB?: SqlDatabase;
  FORMS_QUEUE?: DeliveryQueue;
}

export interface ScheduledOutcome {
  queued: number;
  deleted: number;
}

async function sweep(db: SqlDatabase, queue: DeliveryQueue | undefined, now: number): Promise<number> {
  let queued = 0;
  for (let round = 0; round < SWEEP_ROUNDS; round++) {
    const ids = await entriesToQueue(db, now, SWEEP_BATCH);
    if (ids.length === 0) break;
    if (!queue) throw new Error(`no FORMS_QUEUE binding: ${ids.length} pending entries cannot be queued`);
    await queue.sendBatch(ids.map((id) => ({ body: { id }, contentType: 'json' as const })));
    await markQueued(db, ids, now);
    queued += ids.length;
    if (ids.length < SWEEP_BATCH) break;
  }
  return queued;
}

export async function runScheduled(env: ScheduledEnv, config: WorkerConfig, now: number): Promise<ScheduledOutcome> {
  const outcome: ScheduledOutcome = { queued: 0, deleted: 0 };
  const db = env.FORMS_DB;
  if (!db) {
    console.error(JSON.stringify({ type: 'error', fault: 'FormsDbMissing', message: 'no FORMS_DB binding: no sweep, no retention' }));
    return outcome;
  }
  // Each part on its own: a queue that is down must not keep old entries past their time.
  try {
    outcome.queued = await sweep(db, env.FORMS_QUEUE, now);
    if (outcome.queued > 0) console.log(JSON.stringify({ type: 'form-delivery', outcome: 'queued', entries: outcome.queued }));
  } catch (err) {
    console.error(JSON.stringify({ type: 'error', fault: 'FormSweep', message: String(err) }));
  }
  const cutoff = now - config.formRetentionDays * DAY_MS;
  try {
    outcome.deleted = await deleteEntriesBefore(db, cutoff);
    console.log(
      JSON.stringify({
        type: 'form-retention',
        deleted: outcome.deleted,
        receivedBefore: new Date(cutoff).toISOString(),
        days: config.formRetentionDays,
      }),
    );
  } catch (err) {
    console.error(JSON.stringify({ type: 'error', fault: 'FormRetention', message: String(err) }));
  }
  return outcome;
}
