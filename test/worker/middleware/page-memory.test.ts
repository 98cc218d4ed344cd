/** The edge cache's first layer: the pages an isolate keeps in memory, bounded and one build at a time. */
import { describe, expect, test } from 'vitest';
import { PAGE_MEMORY_MAX_BYTES, PAGE_MEMORY_MAX_ENTRIES } from '../../../app/constants';
import { PageMemory } from '../../../worker/middleware/edge-cache';

const BUILD_A = 'aaaaaaaaaaaaaaaa';
const BUILD_B = 'bbbbbbbbbbbbbbbb';
const page = (bytes: number, expires = Infinity) => ({ body: new Uint8Array(bytes), headers: new Headers(), expires });

describe('the pages an isolate keeps', () => {
  test('never more pages than the entry bound, however many paths are asked for', () => {
    const memory = new PageMemory();
    for (let i = 0; i < PAGE_MEMORY_MAX_ENTRIES * 4; i++) memory.set(BUILD_A, `/en/page-${i}`, page(10));
    expect(memory.usage().entries).toBe(PAGE_MEMORY_MAX_ENTRIES);
    expect(memory.get(BUILD_A, '/en/page-0', 0)).toBeUndefined();
    expect(memory.get(BUILD_A, `/en/page-${PAGE_MEMORY_MAX_ENTRIES * 4 - 1}`, 0)).toBeDefined();
  });

  test('never more bytes than the byte bound, however large the pages', () => {
    const memory = new PageMemory();
    const size = 1024 * 1024;
    for (let i = 0; i < (PAGE_MEMORY_MAX_BYTES / size) * 3; i++) memory.set(BUILD_A, `/en/big-${i}`, page(size));
    expect(memory.usage().bytes).toBeLessThanOrEqual(PAGE_MEMORY_MAX_BYTES);
    expect(memory.usage().entries).toBe(PAGE_MEMORY_MAX_BYTES / size);
  });

  test("once a page of another build is kept, the earlier build's pages are gone", () => {
    const memory = new PageMemory();
    memory.set(BUILD_A, '/en', page(100));
    memory.set(BUILD_A, '/et', page(100));
    memory.set(BUILD_B, '/en', page(50));
    expect(memory.get(BUILD_A, '/en', 0)).toBeUndefined();
    expect(memory.get(BUILD_A, '/et', 0)).toBeUndefined();
    expect(memory.usage()).toEqual({ entries: 1, bytes: 50 });
  });

  test('an expired page is not served, and no longer counted', () => {
    const memory = new PageMemory();
    memory.set(BUILD_A, '/en', page(100, 1_000));
    expect(memory.get(BUILD_A, '/en', 999)).toBeDefined();
    expect(memory.get(BUILD_A, '/en', 1_000)).toBeUndefined();
    expect(memory.usage()).toEqual({ entries: 0, bytes: 0 });
  });

  test('an answer kept for one query string answers that query string only', () => {
    const memory = new PageMemory();
    memory.set(BUILD_A, '/en/_payload.json', { ...page(100), search: `?${BUILD_A}` });
    expect(memory.get(BUILD_A, '/en/_payload.json', 0, `?${BUILD_A}`)).toBeDefined();
    expect(memory.get(BUILD_A, '/en/_payload.json', 0, '')).toBeUndefined();
    expect(memory.get(BUILD_A, '/en/_payload.json', 0, `?${BUILD_B}`)).toBeUndefined();
    expect(memory.get(BUILD_A, '/en/_payload.json', 0)).toBeUndefined();
  });
});
