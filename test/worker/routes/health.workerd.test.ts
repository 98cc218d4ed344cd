/**
 * `/_app/health` in workerd with the build's static assets, KV, D1 and the queue: the cheap
 * check names the code and the records format; `?deep=1` is refused without the token and,
 * with it, checks the form store and every client and media file of the live build. One
 * worker for the file, on a copy of the build this file may break (a file taken away is put
 * back after its test).
 */
import { describe, expect, test } from 'vitest';
import { BuildIndex } from '../../../app/build-records';
import { READABLE_RECORDS_FORMATS } from '../../../worker/build-store';
import { kvKeys } from '../../../app/kv-keys';
import { insertEntry, markDead } from '../../../worker/forms/entries';
import { Health, HealthRefusal } from '../../../worker/health/schema';
import { contactEntry } from '../../support/form-site';
import { useWorkerOnCopy } from '../../support/worker-on-copy';

const TOKEN = 'health-token-for-tests-0123456789abcdef';
const bearer = { authorization: `Bearer ${TOKEN}` };

const served = useWorkerOnCopy('health', { bindings: { HEALTH_TOKEN: TOKEN } });

const indexOf = () =>
  BuildIndex.parse(JSON.parse(served.site.build.records.find((r) => r.key === kvKeys.index(served.site.build.id))!.value));

async function deep(headers: Record<string, string> = bearer) {
  const res = await served.worker.fetch('/_app/health?deep=1', { headers });
  return { status: res.status, body: Health.parse(await res.json()) };
}

describe('the cheap check', () => {
  test('names the live build, its records format, the code it was made with and this worker’s client entry', async () => {
    const res = await served.worker.fetch('/_app/health');
    expect(res.status).toBe(200);
    const body = Health.parse(await res.json());
    const code = indexOf().code!;
    expect(body).toMatchObject({ build: served.site.build.id, kv: 'ok', recordsFormat: code.recordsFormat });
    expect(body.code).toEqual({
      clientEntry: expect.stringMatching(/^\/_app\/entry\.[A-Za-z0-9]+\.js$/),
      readsRecordsFormats: [...READABLE_RECORDS_FORMATS],
      buildCode: code.id,
    });
    expect(code.clientFiles).toContain(body.code.clientEntry);
    expect(body.deep).toBeUndefined();
  });
});

describe('who may ask for the deep check', () => {
  test('without a token it is a 401 that says what to send', async () => {
    const res = await served.worker.fetch('/_app/health?deep=1');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="health"');
    expect(HealthRefusal.parse(await res.json()).error).toContain('Authorization: Bearer HEALTH_TOKEN');
  });

  test('a wrong token is a 401', async () => {
    const res = await served.worker.fetch('/_app/health?deep=1', { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'that health token is not valid' });
  });

  test.each([
    ['/_app/health?deep=0', {}],
    ['/_app/health?deep=true', {}],
    ['/_app/health?deep=1&deep=1', bearer],
    ['/_app/health?deep=%00', bearer],
    ['/_app/health?deep=1', { authorization: `Basic ${TOKEN}` }],
  ])('%s is a 400 naming what is wrong, never a 500', async (path, headers) => {
    const res = await served.worker.fetch(path, { headers });
    expect(res.status).toBe(400);
    expect(HealthRefusal.parse(await res.json()).error).toMatch(/deep must be given once|Authorization must be/);
  });
});

describe('the deep check', () => {
  test('with the token, checks D1, the queue, the form entries and every client and media file', async () => {
    const { status, body } = await deep();
    expect(status).toBe(200);
    expect(body.deep).toMatchObject({
      d1: { ok: true },
      queue: { ok: true },
      forms: { ok: true, waiting: 0, dead: 0 },
      clientFiles: { ok: true, checked: indexOf().code!.clientFiles.length, missing: [] },
      media: { ok: true, missing: [] },
    });
    expect(body.deep!.media.checked).toBeGreaterThan(5);
  });

  test('fails (503) naming a client file the live build names that is neither a static asset nor in KV', async () => {
    const file = indexOf().code!.clientFiles.find((f) => f.startsWith('/_app/chunks/'))!;
    const kv = await served.worker.kv();
    const archived = await kv.get(kvKeys.clientFile(file));
    await kv.delete(kvKeys.clientFile(file));
    try {
      const { status, body } = await served.withoutAsset(file, deep);
      expect(status).toBe(503);
      expect(body.kv).toBe('ok');
      expect(body.deep!.clientFiles).toMatchObject({ ok: false, missing: [file] });
      expect(body.deep!.clientFiles.detail).toMatch(/^1 of \d+ client files not reachable$/);
    } finally {
      if (archived !== null) await kv.put(kvKeys.clientFile(file), archived);
    }
  });

  test('fails (503) naming a media file a page shows that the static assets do not have', async () => {
    const { status, body } = await served.withoutAsset('/media/harbour.jpg', deep);
    expect(status).toBe(503);
    expect(body.deep!.media).toMatchObject({ ok: false, missing: ['/media/harbour.jpg'] });
  });

  test('counts the entries waiting for delivery and those that went dead', async () => {
    const db = await served.worker.d1();
    await insertEntry(db, contactEntry('health-waiting', served.site.build.id));
    await insertEntry(db, contactEntry('health-dead', served.site.build.id));
    await markDead(db, 'health-dead');
    try {
      const { status, body } = await deep();
      expect(status).toBe(200);
      expect(body.deep!.forms).toEqual({ ok: true, detail: '1 waiting, 1 dead (npm run forms -- list --dead)', waiting: 1, dead: 1 });
    } finally {
      await db.prepare(`DELETE FROM form_entries WHERE id LIKE 'health-%'`).run();
    }
  });
});
