/**
 * Form entries in workerd with the real D1 database and queues (Miniflare): stored once
 * before the visitor hears "sent", delivered to a webhook receiver this file starts on
 * 127.0.0.1 (Miniflare's outbound service routes the webhook's https URL there), retried when
 * it fails or hangs, dead-lettered after the last attempt, redelivered by the operators'
 * command module, and deleted after the retention period by the scheduled handler.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { deadEntryLines, deleteEntries, listEntries, redeliver } from '../../../scripts/lib/form-entries';
import { verifySignature } from '../../../worker/forms/signature';
import type { BuiltSite } from '../../support/built-site';
import {
  WEBHOOK_SECRET,
  WEBHOOK_SECRET_NAME,
  buildFormSite,
  newKey,
  postEntry,
  rowById,
  rowsByKey,
  startFormWorker,
  validValues,
  waitFor,
  type Row,
} from '../../support/form-site';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';
import { FORMS_DLQ, FORMS_QUEUE, ORIGIN, startWorker, type TestWorker } from '../../support/workerd';

const DAY_MS = 86_400_000;
/** Attempts in this file: the first and 2 retries, 1 s then 3 s apart. */
const MAX_RETRIES = 2;

let site: BuiltSite;
let receiver: WebhookReceiver;
let worker: TestWorker;

beforeAll(async () => {
  site = await buildFormSite();
  receiver = await startWebhookReceiver();
  worker = await startFormWorker(site, receiver, { maxRetries: MAX_RETRIES });
});
afterAll(async () => {
  await worker?.close();
  await receiver?.close();
  await site?.cleanup();
});
beforeEach(() => receiver.setMode({ answer: 'ok' }));

/** Posts one entry of /en/contact (webhook "crm") and gives its row. */
async function stored(page = '/en/contact'): Promise<Row> {
  const key = newKey();
  const res = await postEntry(worker, { key, page });
  expect(res.status).toBe(200);
  return (await rowsByKey(worker, key))[0]!;
}

const deliveriesOf = (id: string, list = receiver.requests) => list.filter((r) => r.headers['x-entry-id'] === id);
const rowIn = (id: string, status: string) => async () => {
  const row = await rowById(worker, id);
  return row?.status === status ? row : undefined;
};

describe('storing an entry', () => {
  test('a valid entry is in D1, whole, by the time the visitor is told it was sent', async () => {
    const key = newKey();
    const res = await postEntry(worker, { key });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const rows = await rowsByKey(worker, key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ form: 'contact', page: '/en/contact', locale: 'en', webhook: 'crm' });
    expect(JSON.parse(rows[0]!.fields)).toEqual(validValues);
    expect(Math.abs(rows[0]!.received_at - Date.now())).toBeLessThan(60_000);
  });

  test('a post retried with the same idempotency key is answered as sent and stored once', async () => {
    const key = newKey();
    expect((await postEntry(worker, { key })).status).toBe(200);
    expect((await postEntry(worker, { key })).status).toBe(200);
    expect(await rowsByKey(worker, key)).toHaveLength(1);
  });

  test('an entry of a form without a webhook is stored and never queued', async () => {
    const row = await stored('/et/kontakt');
    expect(row).toMatchObject({ locale: 'et', webhook: null, status: 'stored', attempts: 0 });
  });

  test('an idempotency key that is not one is refused with 400, and nothing is stored', async () => {
    const key = 'short';
    const res = await postEntry(worker, { key });
    expect(res.status).toBe(400);
    expect(await rowsByKey(worker, key)).toHaveLength(0);
  });

  test('a post without JavaScript is stored with a key the worker makes', async () => {
    const db = await worker.d1();
    const before = (await db.prepare(`SELECT COUNT(*) AS n FROM form_entries WHERE idempotency_key LIKE 'server-%'`).all<{ n: number }>())
      .results[0]!.n;
    const res = await worker.fetch('/_app/forms', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams({
        _form: 'contact',
        _page: '/et/kontakt',
        name: 'A B',
        email: 'a@example.com',
        topic: 'other',
        message: 'Hello there, world',
        consent: 'yes',
      }),
    });
    expect(res.status).toBe(303);
    const after = (await db.prepare(`SELECT COUNT(*) AS n FROM form_entries WHERE idempotency_key LIKE 'server-%'`).all<{ n: number }>())
      .results[0]!.n;
    expect(after).toBe(before + 1);
  });
});

describe('delivery to the webhook', () => {
  test('a stored entry is delivered to its webhook, signed with its secret, and marked delivered', async () => {
    const row = await stored();
    const delivered = await waitFor('delivery', rowIn(row.id, 'delivered'));
    expect(delivered.attempts).toBe(1);
    const [request] = deliveriesOf(row.id);
    expect(request!.path).toBe('/site-forms');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(await verifySignature(WEBHOOK_SECRET, request!.body, request!.headers['x-signature']!, Date.now())).toBe(true);
    expect(await verifySignature('another-secret', request!.body, request!.headers['x-signature']!, Date.now())).toBe(false);
    expect(JSON.parse(request!.body)).toEqual({
      id: row.id,
      form: 'contact',
      page: '/en/contact',
      locale: 'en',
      receivedAt: new Date(row.received_at).toISOString(),
      preview: false,
      fields: validValues,
    });
  });

  test('a receiver that answers 500 gets the entry again, and the row counts both attempts', async () => {
    receiver.setMode({ answer: 'status', status: 500, times: 1 });
    const row = await stored();
    const delivered = await waitFor('the second attempt', rowIn(row.id, 'delivered'));
    expect(delivered.attempts).toBe(2);
    expect(deliveriesOf(row.id)).toHaveLength(2);
    expect(worker.logs.join('')).toMatch(new RegExp(`"entry":"${row.id}".*"outcome":"failed","error":"HTTP 500"`));
  });

  test('a receiver that does not answer in time counts as failed and gets the entry again', async () => {
    receiver.setMode({ answer: 'hang', times: 1 });
    const row = await stored();
    const delivered = await waitFor('the attempt after the timeout', rowIn(row.id, 'delivered'));
    expect(delivered.attempts).toBe(2);
    expect(worker.logs.join('')).toMatch(new RegExp(`"entry":"${row.id}".*"error":"no answer within 1000 ms"`));
  });

  test('after the last attempt the entry moves to the dead-letter queue and its row is marked dead', async () => {
    receiver.setMode({ answer: 'status', status: 503 });
    const row = await stored();
    const dead = await waitFor('the dead-letter queue', rowIn(row.id, 'dead'));
    expect(dead).toMatchObject({ attempts: MAX_RETRIES + 1, last_error: 'HTTP 503' });
    expect(deliveriesOf(row.id)).toHaveLength(MAX_RETRIES + 1);
    expect(worker.logs.join('')).toContain(`{"type":"form-delivery","entry":"${row.id}","outcome":"dead"}`);
  });

  test('an entry that goes dead is logged as a warning naming its form, webhook and last error, and listed by list --dead', async () => {
    receiver.setMode({ answer: 'status', status: 503 });
    const row = await stored();
    await waitFor('the first failed attempt', async () => ((await rowById(worker, row.id))?.last_error ? true : undefined));
    await worker.queue(FORMS_DLQ, [{ id: 'dead-1', timestamp: new Date(), attempts: 1, body: { id: row.id } }]);
    const warning = worker.logs
      .join('')
      .split('\n')
      .map((line) => line.slice(line.indexOf('{')))
      .filter((line) => line.startsWith('{"type":"warning","message":"form entry dead"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.entry === row.id);
    expect(warning).toMatchObject({ form: row.form, webhook: 'crm', error: 'HTTP 503' });
    const dead = await listEntries(await worker.d1(), { status: 'dead' });
    expect(dead.map((e) => e.id)).toContain(row.id);
    const lines = deadEntryLines(dead).trimEnd().split('\n');
    expect(lines.find((l) => l.startsWith(`${row.id}  `))).toMatch(/ dead \(\d+ attempts?\) {2}HTTP 503$/);
    expect(lines.at(-1)).toBe(`${dead.length} dead: npm run forms -- redeliver --dead once the webhook answers`);
  });

  test('a dead entry redelivered with the forms command is delivered by the next scheduled run', async () => {
    receiver.setMode({ answer: 'status', status: 503 });
    const row = await stored();
    await waitFor('the dead-letter queue', rowIn(row.id, 'dead'));
    receiver.setMode({ answer: 'ok' });
    expect(await redeliver(await worker.d1(), [row.id, 'no-such-entry'])).toEqual({
      redelivered: [row.id],
      refused: [{ id: 'no-such-entry', reason: 'no such entry' }],
    });
    expect((await rowById(worker, row.id))!.status).toBe('pending');
    await worker.scheduled();
    await waitFor('the redelivery', rowIn(row.id, 'delivered'));
    expect(deliveriesOf(row.id, receiver.accepted)).toHaveLength(1);
  });

  test('an entry delivered after a redeliver counts the attempts of both rounds', async () => {
    receiver.setMode({ answer: 'status', status: 503 });
    const row = await stored();
    await waitFor('the dead-letter queue', rowIn(row.id, 'dead'));
    receiver.setMode({ answer: 'ok' });
    await redeliver(await worker.d1(), [row.id]);
    await worker.scheduled();
    // The sweep queues a new message, whose own count starts again at 1.
    const delivered = await waitFor('the redelivery', rowIn(row.id, 'delivered'));
    expect(delivered.attempts).toBe(MAX_RETRIES + 2);
  });

  test('a failed attempt is retried after the delay its attempt number gives', async () => {
    receiver.setMode({ answer: 'status', status: 500 });
    const row = await stored('/et/kontakt');
    // An entry of a form without a webhook is never sent: make this one deliverable by hand.
    const db = await worker.d1();
    await db
      .prepare(`UPDATE form_entries SET status = 'pending', webhook = 'crm', webhook_url = ?, webhook_secret = ? WHERE id = ?`)
      .bind('https://hooks.example.test/site-forms', WEBHOOK_SECRET_NAME, row.id)
      .run();
    const result = await worker.queue(FORMS_QUEUE, [{ id: 'message-1', timestamp: new Date(), attempts: 3, body: { id: row.id } }]);
    // FORM_RETRY_DELAY_S is 1 here: 1 s, 3 s, then 9 s after the third attempt.
    expect(result.retryMessages).toEqual([{ msgId: 'message-1', delaySeconds: 9 }]);
    // The message's attempts pace the retry; the row counts the entry's own, this one its first.
    expect(await rowById(worker, row.id)).toMatchObject({ attempts: 1, last_error: 'HTTP 500' });
  });
});

describe('the forms command', () => {
  test('lists an entry by form and time, and deletes it on request', async () => {
    const row = await stored('/et/kontakt');
    const db = await worker.d1();
    const listed = await listEntries(db, { form: 'contact', since: row.received_at });
    expect(listed.map((e) => e.id)).toContain(row.id);
    expect(await listEntries(db, { form: 'contact', since: row.received_at + 60_000 })).toEqual([]);
    expect(await deleteEntries(db, [row.id, 'no-such-entry'])).toEqual({ deleted: [row.id], missing: ['no-such-entry'] });
    expect(await rowById(worker, row.id)).toBeUndefined();
  });
});

describe('retention', () => {
  test('the scheduled run deletes entries older than FORM_RETENTION_DAYS, keeps younger ones, and logs how many', async () => {
    const retention = await startWorker(site, { bindings: { FORM_RETENTION_DAYS: '30' } });
    try {
      const key = newKey();
      expect((await postEntry(retention, { key, page: '/et/kontakt' })).status).toBe(200);
      const receivedAt = (await rowsByKey(retention, key))[0]!.received_at;

      await retention.scheduled(receivedAt + 29 * DAY_MS);
      expect(await rowsByKey(retention, key)).toHaveLength(1);
      expect(retention.logs.join('')).toContain('"type":"form-retention","deleted":0');

      await retention.scheduled(receivedAt + 30 * DAY_MS + 1);
      expect(await rowsByKey(retention, key)).toHaveLength(0);
      expect(retention.logs.join('')).toContain('"type":"form-retention","deleted":1');
    } finally {
      await retention.close();
    }
  });
});
