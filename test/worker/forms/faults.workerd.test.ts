/**
 * Form entries when what they depend on fails, in workerd with the real D1 database and queue
 * wrapped so a test can make them throw: a visitor whose entry could not be stored is told so
 * (and nothing is half-stored), a queue that refuses an entry delays it without losing it, and
 * a webhook that is down through 200 posts loses none of them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { FORM_UNAVAILABLE_RETRY_AFTER_S } from '../../../app/constants';
import { redeliverDead } from '../../../scripts/lib/form-entries';
import type { BuiltSite } from '../../support/built-site';
import { buildFormSite, countRows, newKey, postEntry, rowsByKey, startFormWorker, waitFor } from '../../support/form-site';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';
import { ORIGIN, type TestWorker } from '../../support/workerd';

let site: BuiltSite;
let receiver: WebhookReceiver;
let worker: TestWorker;

beforeAll(async () => {
  site = await buildFormSite();
  receiver = await startWebhookReceiver();
  worker = await startFormWorker(site, receiver, { storageFaults: true });
});
afterAll(async () => {
  await worker?.close();
  await receiver?.close();
  await site?.cleanup();
});
beforeEach(async () => {
  receiver.setMode({ answer: 'ok' });
  await worker.setStorageFaults({});
});

async function statusCounts(): Promise<Record<string, number>> {
  const db = await worker.d1();
  const { results } = await db
    .prepare('SELECT status, COUNT(*) AS n FROM form_entries GROUP BY status')
    .all<{ status: string; n: number }>();
  return Object.fromEntries(results.map((r) => [r.status, r.n]));
}

describe('D1 unavailable during a post', () => {
  test('the hydrated form gets 503 with Retry-After and "unavailable", and no row is stored', async () => {
    const before = await countRows(worker);
    await worker.setStorageFaults({ d1: 'throw' });
    const key = newKey();
    const res = await postEntry(worker, { key });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(FORM_UNAVAILABLE_RETRY_AFTER_S));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ error: 'unavailable' });
    await worker.setStorageFaults({});
    expect(await rowsByKey(worker, key)).toHaveLength(0);
    expect(await countRows(worker)).toBe(before);
    expect(worker.logs.join('')).toContain('"fault":"FormStoreUnavailable"');
  });

  test('a post without JavaScript gets a page in the page’s language that says to send it again', async () => {
    await worker.setStorageFaults({ d1: 'throw' });
    const res = await worker.fetch('/_app/forms', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, referer: `${ORIGIN}/et/kontakt` },
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
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(FORM_UNAVAILABLE_RETRY_AFTER_S));
    const html = await res.text();
    expect(html).toContain('<html lang="et-EE"');
    expect(html).toContain('Sinu sõnumit ei õnnestunud praegu salvestada');
    expect(html).toContain('href="/et/kontakt"');
  });

  test('the same submission sent again once D1 is back is stored, once', async () => {
    const key = newKey();
    await worker.setStorageFaults({ d1: 'throw' });
    expect((await postEntry(worker, { key })).status).toBe(503);
    await worker.setStorageFaults({});
    expect((await postEntry(worker, { key })).status).toBe(200);
    expect((await postEntry(worker, { key })).status).toBe(200);
    expect(await rowsByKey(worker, key)).toHaveLength(1);
  });
});

describe('the delivery queue unavailable during a post', () => {
  test('the entry is stored and the visitor told it was sent; the scheduled sweep queues and delivers it', async () => {
    await worker.setStorageFaults({ queue: 'throw' });
    const key = newKey();
    expect((await postEntry(worker, { key })).status).toBe(200);
    const [row] = await rowsByKey(worker, key);
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(worker.logs.join('')).toContain(`"fault":"FormQueueUnavailable","entry":"${row!.id}"`);
    await worker.setStorageFaults({});
    await worker.scheduled();
    await waitFor('the delivery', async () => (await rowsByKey(worker, key))[0]?.status === 'delivered');
    expect(receiver.accepted.filter((r) => r.headers['x-entry-id'] === row!.id)).toHaveLength(1);
  });
});

describe('a webhook that is down', () => {
  test('through 200 posts loses none: all stored, pending or dead-lettered, then all delivered once it is back', async () => {
    const db = await worker.d1();
    await db.prepare('DELETE FROM form_entries').run();
    receiver.setMode({ answer: 'status', status: 503 });
    const keys = Array.from({ length: 200 }, newKey);
    for (let i = 0; i < keys.length; i += 20) {
      const answers = await Promise.all(keys.slice(i, i + 20).map((key) => postEntry(worker, { key })));
      expect(answers.map((r) => r.status)).toEqual(Array(answers.length).fill(200));
    }
    expect(await countRows(worker)).toBe(200);
    const down = await statusCounts();
    expect((down.pending ?? 0) + (down.dead ?? 0)).toBe(200);
    // Every attempt of every entry fails while it is down: they all end in the dead-letter queue.
    await waitFor('every entry dead-lettered', async () => (await statusCounts()).dead === 200, 60_000);

    receiver.setMode({ answer: 'ok' });
    expect(await redeliverDead(db)).toHaveLength(200);
    await worker.scheduled();
    await waitFor('every entry delivered', async () => (await statusCounts()).delivered === 200, 60_000);
    const ids = (await db.prepare('SELECT id FROM form_entries').all<{ id: string }>()).results.map((r) => r.id);
    const delivered = new Set(receiver.accepted.map((r) => r.headers['x-entry-id']));
    expect(ids.filter((id) => !delivered.has(id))).toEqual([]);
  }, 180_000);
});
