/** The build store's errors, in-process: named for the log, with what went wrong underneath kept. */
import { describe, expect, test } from 'vitest';
import { kvKeys } from '../../app/kv-keys';
import {
  BuildMemory,
  CorruptRecordError,
  KvUnavailableError,
  createBuildStore,
  type CompleteBuild,
  type KvReader,
} from '../../worker/build-store';
import { BUILD_ID, fixtureBuild } from './in-process';

const storeOver = (kv: KvReader) => createBuildStore({ kv, memory: new BuildMemory() });

describe('the build store’s errors', () => {
  test('a KV read that throws is a KvUnavailableError that keeps what KV threw', async () => {
    const thrown = new Error('KV GET failed');
    const err: unknown = await storeOver({ get: () => Promise.reject(thrown) })
      .manifest(BUILD_ID)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KvUnavailableError);
    expect(err).toMatchObject({ name: 'KvUnavailableError', status: 503, cause: thrown });
  });

  test('a record that is not JSON is a CorruptRecordError that keeps the parse error', async () => {
    const err: unknown = await storeOver({ get: () => Promise.resolve('{"id": ') })
      .manifest(BUILD_ID)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CorruptRecordError);
    expect(err).toMatchObject({ name: 'CorruptRecordError', status: 500, cause: expect.any(SyntaxError) });
  });
});

describe('the records an isolate keeps', () => {
  test('past the entry bound, the least recently used record goes first', () => {
    const memory = new BuildMemory({ maxEntries: 3, maxBytes: 1_000 });
    for (const key of ['a', 'b', 'c']) memory.remember(key, key, 10);
    memory.recall('a'); // now b is the least recently used
    memory.remember('d', 'd', 10);
    expect(memory.recall('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => memory.recall(key))).toEqual(['a', 'c', 'd']);
    expect(memory.recordUsage()).toEqual({ entries: 3, bytes: 30 });
  });

  test('past the byte bound, records are dropped until the rest fit', () => {
    const memory = new BuildMemory({ maxEntries: 100, maxBytes: 1_000 });
    for (let i = 0; i < 50; i++) memory.remember(`payloads/${i}`, i, 300);
    expect(memory.recordUsage()).toEqual({ entries: 3, bytes: 900 });
    expect(memory.recall('payloads/49')).toBe(49);
    expect(memory.recall('payloads/46')).toBeUndefined();
  });

  test('a record larger than the whole bound is not kept, and does not push the others out', () => {
    const memory = new BuildMemory({ maxEntries: 100, maxBytes: 1_000 });
    memory.remember('small', 1, 10);
    memory.remember('huge', 2, 5_000);
    expect(memory.recall('huge')).toBeUndefined();
    expect(memory.recordUsage()).toEqual({ entries: 1, bytes: 10 });
  });

  test('the store reads a record from KV once, then from memory, and again after it was dropped', async () => {
    const memory = new BuildMemory({ maxEntries: 1, maxBytes: 1_000_000 });
    const reads: string[] = [];
    const manifest = JSON.stringify({ id: BUILD_ID, timestamp: 1, matcher: { rules: [] }, prerendered: [] });
    const store = createBuildStore({
      kv: { get: (key) => (reads.push(key), Promise.resolve(key.includes('meta') ? manifest : null)) },
      memory,
    });
    await store.manifest(BUILD_ID);
    await store.manifest(BUILD_ID);
    expect(reads).toHaveLength(1);
    memory.remember('something/else', 1, 1);
    await store.manifest(BUILD_ID);
    expect(reads).toHaveLength(2);
  });
});

describe('when the live build changes', () => {
  const OLD = 'aaaaaaaaaaaaaaaa';
  const NEW = 'bbbbbbbbbbbbbbbb';
  const hash = (c: string) => c.repeat(64);
  const build = (id: string, pages: Record<string, string>) =>
    ({ record: { id, timestamp: 1 }, manifest: {}, index: { id, pages } }) as unknown as CompleteBuild;

  test("the old build's records and the payloads only it lists leave memory; shared payloads stay", () => {
    const memory = new BuildMemory();
    for (const key of [kvKeys.manifest(OLD), kvKeys.index(OLD), kvKeys.published(OLD), kvKeys.manifest(NEW), kvKeys.index(NEW)])
      memory.remember(key, key, 10);
    for (const c of ['1', '2', '3']) memory.remember(kvKeys.payload(hash(c)), c, 10);
    memory.forgetAllBut([build(NEW, { '/en': hash('1'), '/et': hash('3') })]);
    expect(memory.recall(kvKeys.manifest(OLD))).toBeUndefined();
    expect(memory.recall(kvKeys.index(OLD))).toBeUndefined();
    expect(memory.recall(kvKeys.published(OLD))).toBeUndefined();
    expect(memory.recall(kvKeys.payload(hash('2')))).toBeUndefined();
    expect(memory.recall(kvKeys.manifest(NEW))).toBe(kvKeys.manifest(NEW));
    expect(memory.recall(kvKeys.payload(hash('1')))).toBe('1');
    expect(memory.recall(kvKeys.payload(hash('3')))).toBe('3');
    expect(memory.recordUsage()).toEqual({ entries: 4, bytes: 40 });
  });
});

describe('adopting a live build', () => {
  const build = fixtureBuild();
  const records = new Map([
    [kvKeys.latest, JSON.stringify(build.record)],
    [kvKeys.manifest(BUILD_ID), JSON.stringify(build.manifest)],
    [kvKeys.index(BUILD_ID), JSON.stringify(build.index)],
  ]);
  const kv: KvReader = { get: (key: string) => Promise.resolve(records.get(key) ?? null) };

  test('hands sharing it with other isolates to waitUntil, so the response does not wait for it', async () => {
    const handed: Promise<unknown>[] = [];
    const store = createBuildStore({ kv, memory: new BuildMemory(), waitUntil: (work) => handed.push(work) });
    expect((await store.current())?.record.id).toBe(BUILD_ID);
    expect(handed).toHaveLength(1);
    await expect(handed[0]).resolves.toBeUndefined(); // a failed share is swallowed, never a request error
  });

  test('hands it over once per build, not once per request', async () => {
    const handed: Promise<unknown>[] = [];
    const store = createBuildStore({ kv, memory: new BuildMemory(), waitUntil: (work) => handed.push(work) });
    await store.current();
    await store.current();
    expect(handed).toHaveLength(1);
  });
});
