/** The build store, in-process: its errors named for the log with what went wrong underneath kept, its reads from memory, and adopting a build. */
import { describe, expect, test } from 'vitest';
import { kvKeys } from '../../app/kv-keys';
import { BuildMemory } from '../../worker/build-memory';
import { createBuildStore } from '../../worker/build-store';
import { CorruptRecordError, KvUnavailableError, type KvReader } from '../../worker/kv-records';
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
