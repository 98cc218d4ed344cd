/**
 * Delivering stored form entries to their webhooks: the worker's `queue()` handler.
 *
 * The delivery queue (FORMS_QUEUE) carries only entry ids; the row in D1 is the truth. Each
 * message is one attempt: a signed POST of the entry (signature.ts), which a 2xx answer
 * settles. Anything else (another status, a timeout, a network error, a missing secret) is
 * written to the row and the message is retried after a delay that grows 3 times per attempt
 * (retryDelayS). After wrangler.toml's `max_retries` the queue moves the message to the
 * dead-letter queue, whose consumer (this handler again) marks the row `dead`; the operators'
 * `npm run forms -- redeliver` puts it back to `pending` for the scheduled sweep.
 *
 * A queue delivers at least once, so a receiver may see an entry twice (a timeout after it
 * had accepted, say): the body and `X-Entry-Id` carry the entry's id to dedupe on.
 */
import { z } from 'zod';
import type { WorkerConfig } from '../config';
import { getEntry, markDead, markDelivered, recordFailure, type EntryRow, type SqlDatabase } from './entries';
import { SIGNATURE_HEADER, signatureHeader } from './signature';

/** The longest wait between two attempts. */
export const RETRY_DELAY_CAP_S = 900;

/**
 * Seconds before attempt `attempts + 1`: base, 3 x base, 9 x base, ... up to 15 minutes. With
 * the default base of 10 s and 10 retries that is 10 s, 30 s, 90 s, 270 s, 810 s, then 900 s:
 * about 95 minutes from the first attempt to the last.
 */
export function retryDelayS(attempts: number, baseS: number): number {
  return Math.min(baseS * 3 ** Math.max(0, attempts - 1), RETRY_DELAY_CAP_S);
}

/** What is used of a queue message (the Workers `Message`). */
export interface QueueMessage {
  readonly id: string;
  readonly body: unknown;
  /** 1 on the first delivery of the message */
  readonly attempts: number;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

export interface QueueBatch {
  readonly queue: string;
  readonly messages: readonly QueueMessage[];
}

/** The message the route and the sweep send: the id of a stored entry. */
export const DeliveryMessage = z.object({ id: z.string().min(1).max(64) });
export type DeliveryMessage = z.infer<typeof DeliveryMessage>;

/** The dead-letter queue of a delivery queue is named after it (wrangler.toml). */
export const isDeadLetterQueue = (queue: string) => queue.endsWith('-dlq');

/** What a receiver gets, as JSON: the entry as stored. */
export function deliveryBody(row: EntryRow): string {
  return JSON.stringify({
    id: row.id,
    form: row.form,
    page: row.page,
    locale: row.locale,
    receivedAt: new Date(row.received_at).toISOString(),
    preview: row.preview === 1,
    fields: JSON.parse(row.fields) as unknown,
  });
}

/** The secret named by the webhook, from the worker's secrets; the name comes from content. */
function secretOf(env: object, name: string | null): string | null {
  if (!name || !Object.hasOwn(env, name)) return null;
  const value = (env as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** One attempt: null when the receiver took the entry, else why not. */
export async function deliverEntry(row: EntryRow, env: object, config: WorkerConfig, now: number): Promise<string | null> {
  if (!row.webhook_url) return `webhook "${row.webhook ?? ''}" has no URL`;
  // Content allows https only; this keeps an old or hand-edited row from sending entries in clear text.
  if (!row.webhook_url.startsWith('https://')) return 'the webhook URL is not https';
  const secret = secretOf(env, row.webhook_secret);
  if (!secret) return `the secret ${row.webhook_secret ?? '(none)'} is not set (wrangler secret put ${row.webhook_secret ?? ''})`;
  const body = deliveryBody(row);
  try {
    const res = await fetch(row.webhook_url, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'edge-site-forms',
        'x-entry-id': row.id,
        [SIGNATURE_HEADER]: await signatureHeader(secret, body, now),
      },
      // A redirect would take the entry somewhere the content never named.
      redirect: 'manual',
      signal: AbortSignal.timeout(config.formDeliveryTimeoutMs),
    });
    await res.body?.cancel();
    return res.status >= 200 && res.status < 300 ? null : `HTTP ${res.status}`;
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${config.formDeliveryTimeoutMs} ms`;
    return `network: ${(err as Error).message}`.slice(0, 200);
  }
}

const log = (line: Record<string, unknown>) => console.log(JSON.stringify({ type: 'form-delivery', ...line }));

async function deliverMessage(message: QueueMessage, db: SqlDatabase, env: object, config: WorkerConfig, now: () => number): Promise<void> {
  const parsed = DeliveryMessage.safeParse(message.body);
  if (!parsed.success) {
    log({ message: message.id, outcome: 'dropped', error: 'not a delivery message' });
    return message.ack();
  }
  const { id } = parsed.data;
  let row: EntryRow | null;
  try {
    row = await getEntry(db, id);
  } catch (err) {
    log({ entry: id, outcome: 'retry', error: `FORMS_DB: ${String(err)}` });
    return message.retry({ delaySeconds: retryDelayS(message.attempts, config.formRetryDelayS) });
  }
  // Deleted by retention, delivered by an earlier copy of the message, or never to be delivered.
  if (!row || row.status !== 'pending') return message.ack();

  const error = await deliverEntry(row, env, config, now());
  try {
    // The row counts every attempt (entries.ts); `message.attempts` only paces the retries.
    if (error === null) await markDelivered(db, id, now());
    else await recordFailure(db, id, error, now());
  } catch (err) {
    // The attempt's outcome is not written: try again, a duplicate delivery is the lesser harm.
    log({ entry: id, outcome: 'retry', error: `FORMS_DB: ${String(err)}` });
    return message.retry({ delaySeconds: retryDelayS(message.attempts, config.formRetryDelayS) });
  }
  if (error === null) {
    log({ entry: id, form: row.form, webhook: row.webhook, attempt: message.attempts, outcome: 'delivered' });
    return message.ack();
  }
  const delaySeconds = retryDelayS(message.attempts, config.formRetryDelayS);
  log({ entry: id, form: row.form, webhook: row.webhook, attempt: message.attempts, outcome: 'failed', error, retryInS: delaySeconds });
  message.retry({ delaySeconds });
}

async function deadLetter(message: QueueMessage, db: SqlDatabase): Promise<void> {
  const parsed = DeliveryMessage.safeParse(message.body);
  if (!parsed.success) return message.ack();
  try {
    await markDead(db, parsed.data.id);
  } catch (err) {
    log({ entry: parsed.data.id, outcome: 'retry', error: `FORMS_DB: ${String(err)}` });
    return message.retry();
  }
  log({ entry: parsed.data.id, outcome: 'dead' });
  await warnDead(db, parsed.data.id);
  message.ack();
}

/**
 * A warning, where a delivery line is info: an entry went dead, so a visitor's message reaches
 * nobody until an operator redelivers it. The row says which form and webhook, and why.
 */
async function warnDead(db: SqlDatabase, id: string): Promise<void> {
  const row = await getEntry(db, id).catch(() => null);
  console.warn(
    JSON.stringify({
      type: 'warning',
      message: 'form entry dead',
      entry: id,
      form: row?.form ?? null,
      webhook: row?.webhook ?? null,
      attempts: row?.attempts ?? null,
      error: row?.last_error ?? null,
      action: 'npm run forms -- list --dead; then redeliver --dead once the webhook answers',
    }),
  );
}

/** The worker's `queue()` handler: the delivery queue, or its dead-letter queue. */
export async function handleFormQueue(
  batch: QueueBatch,
  env: { FORMS_DB?: SqlDatabase },
  config: WorkerConfig,
  now: () => number = Date.now,
): Promise<void> {
  const db = env.FORMS_DB;
  if (!db) {
    console.error(
      JSON.stringify({ type: 'error', fault: 'FormsDbMissing', message: 'no FORMS_DB binding: form entries cannot be delivered' }),
    );
    for (const m of batch.messages) m.retry();
    return;
  }
  const dead = isDeadLetterQueue(batch.queue);
  await Promise.all(batch.messages.map((m) => (dead ? deadLetter(m, db) : deliverMessage(m, db, env, config, now))));
}
