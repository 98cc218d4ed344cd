/** An isolate's memory of builds, in-process: the bounds on the records it keeps, and what it lets go on a new build. */
import { describe, expect, test } from 'vitest';
import { kvKeys } from '../../app/kv-keys';
import { BuildMemory, type CompleteBuild } from '../../worker/build-memory';

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
