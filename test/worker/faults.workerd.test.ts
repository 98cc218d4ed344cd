/**
 * The fault model (README, "Faults"), one test per row: what a visitor observes when KV is
 * missing a record, corrupt, failing or slow, and the log line an operator gets. Faults come
 * from a wrapper around the real KV binding (test/support/workerd.ts), never a fake store.
 * Each test gets a fresh isolate with empty KV and cache from the file's one Miniflare (a
 * restart of workerd spares the start of a new Miniflare).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BuildIndex, RECORDS_FORMAT } from '../../app/build-records';
import { Health } from '../../worker/health/schema';
import { kvKeys } from '../../app/kv-keys';
import { buildGeneratedSite } from '../support/built-site';
import { bootData } from '../support/html';
import { startWorker, type TestWorker } from '../support/workerd';

let old: Awaited<ReturnType<typeof buildGeneratedSite>>;
let next: Awaited<ReturnType<typeof buildGeneratedSite>>;
let shared: TestWorker | undefined;

beforeAll(async () => {
  // Contents other files build too, so a run builds each once (test/support/run-services.ts).
  old = await buildGeneratedSite({ pagesPerLocale: 2 });
  // Another site name, so no page of it has the same payload (a key by content hash) as old's.
  next = await buildGeneratedSite({ pagesPerLocale: 3, siteName: 'Draft Site' });
});
afterAll(async () => {
  await shared?.close();
  await old?.cleanup();
  await next?.cleanup();
});

/** The file's worker as a fresh isolate that knows nothing, with `old` published unless `publish` is false. */
async function faulty(publish = true) {
  if (!shared) shared = await startWorker(old, { faults: true, publish });
  else await shared.restart({ publish });
  return shared;
}

/** Serves /en once so the isolate knows the old build as complete. */
async function warmed() {
  const w = await faulty();
  expect(bootData(await (await w.fetch('/en')).text()).buildId).toBe(old.build.id);
  return w;
}

const buildOf = async (w: TestWorker, path = '/en') => bootData(await (await w.fetch(path)).text()).buildId;
const logLines = (w: TestWorker) =>
  w.logs
    .join('')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('a broken live-build pointer', () => {
  test.each([
    ['missing', { prefix: kvKeys.latest, action: 'value' as const, value: undefined }],
    ['not JSON', { prefix: kvKeys.latest, action: 'value' as const, value: '{"id": "abc' }],
    ['not matching its schema', { prefix: kvKeys.latest, action: 'value' as const, value: '{"id": 42}' }],
  ])('%s: visitors keep getting the last complete build, and the log names the key', async (_, fault) => {
    const w = await warmed();
    await w.setFaults([fault.value === undefined ? { prefix: kvKeys.latest, action: 'value', value: null as unknown as string } : fault]);
    const res = await w.fetch('/en/page-1');
    expect(res.status).toBe(200);
    expect(bootData(await res.text()).buildId).toBe(old.build.id);
    if (fault.value !== undefined) expect(logLines(w).some((l) => l.type === 'fault' && l.key === kvKeys.latest)).toBe(true);
  });

  test('a pointer to a build whose manifest is not in KV yet keeps the last complete build, also for latest.json', async () => {
    const w = await warmed();
    await w.put(next.build.records.filter((r) => !r.key.startsWith('builds/meta/')));
    await w.put([next.build.pointer]);
    expect(await buildOf(w)).toBe(old.build.id);
    expect(((await (await w.fetch('/_app/builds/latest.json')).json()) as { id: string }).id).toBe(old.build.id);
    const health = await w.fetch('/_app/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ build: next.build.id, kv: 'incomplete', reason: 'manifest missing' });
    // Once the manifest arrives, the new build is adopted.
    await w.put(next.build.records.filter((r) => r.key.startsWith('builds/meta/')));
    expect(await buildOf(w)).toBe(next.build.id);
  });

  test('a pointer to a build one of whose payloads is not in KV yet serves that page from the previous build', async () => {
    const w = await warmed();
    const index = BuildIndex.parse(JSON.parse(next.build.records.find((r) => r.key === kvKeys.index(next.build.id))!.value));
    const missing = kvKeys.payload(index.pages['/en/page-1']!);
    await w.publish({ ...next, build: { ...next.build, records: next.build.records.filter((r) => r.key !== missing) } });
    expect(await buildOf(w, '/en/page-2')).toBe(next.build.id);
    const res = await w.fetch('/en/page-1');
    expect(res.status).toBe(200);
    expect(bootData(await res.text()).buildId).toBe(old.build.id);
    expect(logLines(w).some((l) => l.type === 'fault' && l.key === missing)).toBe(true);
  });

  test('with a corrupt pointer and no complete build known, pages are the 503 "temporarily unavailable" page with Retry-After', async () => {
    const w = await faulty();
    await w.setFaults([{ prefix: kvKeys.latest, action: 'value', value: 'garbage' }]);
    const res = await w.fetch('/en');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const html = await res.text();
    expect(html).toContain('This site is temporarily unavailable');
    expect(html).not.toContain('not been published');
  });
});

describe('KV failing or slow', () => {
  test('reads that throw are answered from the last complete build', async () => {
    const w = await warmed();
    await w.setFaults([{ prefix: 'builds/', action: 'throw' }]);
    const res = await w.fetch('/en/page-2');
    expect(res.status).toBe(200);
    expect(bootData(await res.text()).buildId).toBe(old.build.id);
  });

  test('a read that hangs is cut off after about a second and the request is answered', async () => {
    const w = await warmed();
    await w.setFaults([{ prefix: kvKeys.latest, action: 'hang' }]);
    const started = Date.now();
    const res = await w.fetch('/en/page-2');
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test('a page in the edge cache is served while its payload cannot be read', async () => {
    const w = await warmed();
    await w.fetch('/fi/page-1');
    await new Promise((r) => setTimeout(r, 100));
    await w.setFaults([{ prefix: 'payloads/', action: 'hang' }]);
    const res = await w.fetch('/fi/page-1');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-edge-cache')).toBe('HIT');
  });

  test('a payload that cannot be read and is not cached is a 503 with Retry-After and the request id, never a hang or a 500', async () => {
    const w = await warmed();
    await w.setFaults([{ prefix: 'payloads/', action: 'hang' }]);
    const res = await w.fetch('/fi/page-2', { headers: { 'cf-ray': '00000000000000a1-TLL' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const html = await res.text();
    expect(html).toContain('00000000000000a1-TLL');
    expect(html).toContain('This site is temporarily unavailable');
    const line = logLines(w).find((l) => l.type === 'error' && l.requestId === '00000000000000a1-TLL');
    expect(line).toMatchObject({ path: '/fi/page-2', build: old.build.id, fault: 'KvUnavailableError' });
  });

  test('with KV down and nothing known, the answer is a 503 "temporarily unavailable" with Retry-After, not "not published"', async () => {
    const w = await faulty();
    await w.setFaults([{ prefix: '', action: 'throw' }]);
    const res = await w.fetch('/en');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const html = await res.text();
    expect(html).toContain('<title>Internal Server Error | ');
    expect(html.replaceAll('<!-- -->', '')).toContain('503 · Internal Server Error');
    expect(html).toContain('This site is temporarily unavailable');
    expect(html).not.toContain('not been published');
  });

  test('with KV down and nothing known, payloads and the build pointer answer 503 JSON naming the outage', async () => {
    const w = await faulty();
    await w.setFaults([{ prefix: '', action: 'throw' }]);
    for (const path of ['/en/_payload.json', '/_app/builds/latest.json']) {
      const res = await w.fetch(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toMatch(/^\d+$/);
      expect(await res.json(), path).toEqual({ error: 'unavailable' });
    }
  });
});

describe('a corrupt payload', () => {
  test.each([
    ['not JSON', '{"path": '],
    ['not a payload', '{"path": "/en/page-1"}'],
  ])('(%s) gives that page the 500 screen, logged with the key and build, and the rest of the site works', async (_, value) => {
    const w = await warmed();
    const index = BuildIndex.parse(JSON.parse(old.build.records.find((r) => r.key === kvKeys.index(old.build.id))!.value));
    const key = kvKeys.payload(index.pages['/en/page-1']!);
    await w.setFaults([{ prefix: key, action: 'value', value }]);
    const res = await w.fetch('/en/page-1', { headers: { 'cf-ray': '00000000000000c0-TLL' } });
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('Internal Server Error');
    expect(html).toContain('00000000000000c0-TLL');
    const line = logLines(w).find((l) => l.requestId === '00000000000000c0-TLL' && l.type === 'error');
    expect(line).toMatchObject({ fault: 'CorruptRecordError', build: old.build.id });
    expect(String(line!.message)).toContain(key);
    expect(JSON.stringify(line)).not.toContain('Generated Site');
    expect((await w.fetch('/en/page-2')).status).toBe(200);
  });
});

describe('the health check', () => {
  /** The answer in the health schema, without the worker's code version (health.workerd.test.ts covers it). */
  const withoutCode = (body: unknown) => {
    const { code: _code, ...rest } = Health.parse(body);
    return rest;
  };

  test('is 200 with the build id when the live build reads back whole, and never cached', async () => {
    const w = await faulty();
    const res = await w.fetch('/_app/health', { headers: { 'user-agent': 'Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1)' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(withoutCode(await res.json())).toEqual({ build: old.build.id, kv: 'ok', recordsFormat: RECORDS_FORMAT });
  });

  test('is 503 with the reason when KV fails, naming the key and keeping what KV said for the log', async () => {
    const w = await faulty();
    await w.setFaults([{ prefix: '', action: 'throw' }]);
    const res = await w.fetch('/_app/health');
    expect(res.status).toBe(503);
    const body = await res.text();
    expect(withoutCode(JSON.parse(body))).toEqual({
      build: null,
      kv: 'error',
      reason: `KV did not answer for ${kvKeys.latest}`,
      recordsFormat: null,
    });
    expect(body).not.toContain('injected');
    await expect.poll(() => w.logs.join('')).toContain('KV GET failed (injected)');
  });

  test('is 503 naming a corrupt pointer, without the schema’s words', async () => {
    const w = await faulty();
    await w.setFaults([{ prefix: kvKeys.latest, action: 'value', value: '{"id":1}' }]);
    const res = await w.fetch('/_app/health');
    expect(res.status).toBe(503);
    expect(withoutCode(await res.json())).toEqual({ build: null, kv: 'error', reason: `${kvKeys.latest} is corrupt`, recordsFormat: null });
  });

  test('is 503 "nothing published" before the first publish', async () => {
    const w = await faulty(false);
    const res = await w.fetch('/_app/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ build: null, reason: 'nothing published' });
  });
});

describe('across isolates', () => {
  test('a new isolate with an unreadable pointer serves the build other isolates last served (Cache API)', async () => {
    const w = await faulty();
    expect(await buildOf(w)).toBe(old.build.id);
    await w.setFaults([{ prefix: kvKeys.latest, action: 'value', value: 'corrupt' }]);
    // workerd restarts: a new isolate, the same KV and cache.
    await w.restart({ keepStorage: true });
    const res = await w.fetch('/en');
    expect(res.status).toBe(200);
    expect(bootData(await res.text()).buildId).toBe(old.build.id);
  });
});

describe('every response line', () => {
  test('one JSON line per request names method, path, status, build, cache, mode and duration', async () => {
    const w = await faulty();
    await w.fetch('/en/page-1', { headers: { 'cf-ray': '0000000000000010-TLL' } });
    const line = logLines(w).find((l) => l.type === 'request' && l.requestId === '0000000000000010-TLL');
    expect(line).toMatchObject({ method: 'GET', path: '/en/page-1', status: 200, build: old.build.id, cache: 'miss', mode: 'live' });
    expect(typeof line!.ms).toBe('number');
  });

  test('a page the edge cache answers is logged as a hit', async () => {
    const w = await faulty();
    await w.fetch('/en/page-2');
    await w.fetch('/en/page-2', { headers: { 'cf-ray': '00000000000000b1-TLL' } });
    const line = logLines(w).find((l) => l.type === 'request' && l.requestId === '00000000000000b1-TLL');
    expect(line).toMatchObject({ path: '/en/page-2', status: 200, cache: 'hit' });
  });
});
