/** What an isolate keeps between requests: bounded in entries and bytes, whatever arrives. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BROWSER_VERDICT_MEMO_MAX_BYTES, PAGE_MEMORY_MAX_BYTES, RECORD_MEMORY_MAX_BYTES } from '../../app/constants';
import { BoundedLru } from '../../worker/bounded-lru';
import { checkProperty, hostileString } from '../support/property';

describe('a bounded LRU map', () => {
  test('past its entry bound, the least recently used entry goes first', () => {
    const lru = new BoundedLru<string, number>({ maxEntries: 3, maxBytes: 1_000 });
    lru.set('a', 1, 10);
    lru.set('b', 2, 10);
    lru.set('c', 3, 10);
    lru.get('a');
    lru.set('d', 4, 10);
    expect(lru.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => lru.get(k))).toEqual([1, 3, 4]);
    expect(lru.usage()).toEqual({ entries: 3, bytes: 30 });
  });

  test('past its byte bound, entries go until the rest fit', () => {
    const lru = new BoundedLru<number, number>({ maxEntries: 100, maxBytes: 1_000 });
    for (let i = 0; i < 50; i++) lru.set(i, i, 300);
    expect(lru.usage()).toEqual({ entries: 3, bytes: 900 });
    expect(lru.get(49)).toBe(49);
    expect(lru.get(46)).toBeUndefined();
  });

  test('a value larger than the whole byte bound is not kept, and the others stay', () => {
    const lru = new BoundedLru<string, number>({ maxEntries: 10, maxBytes: 100 });
    lru.set('small', 1, 10);
    lru.set('huge', 2, 101);
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.usage()).toEqual({ entries: 1, bytes: 10 });
  });

  test('setting a key again replaces its value and its bytes', () => {
    const lru = new BoundedLru<string, string>({ maxEntries: 10, maxBytes: 100 });
    lru.set('k', 'one', 60);
    lru.set('k', 'two', 30);
    expect(lru.get('k')).toBe('two');
    expect(lru.usage()).toEqual({ entries: 1, bytes: 30 });
  });

  test('retainKeys drops every entry whose key fails the test', () => {
    const lru = new BoundedLru<string, number>({ maxEntries: 10, maxBytes: 100 });
    for (const k of ['old/a', 'old/b', 'new/a']) lru.set(k, 1, 5);
    lru.retainKeys((k) => k.startsWith('new/'));
    expect(lru.usage()).toEqual({ entries: 1, bytes: 5 });
    expect(lru.get('new/a')).toBe(1);
  });

  test('whatever keys and sizes arrive, in any order, it never holds more than its bounds and counts its bytes exactly', () => {
    checkProperty(
      fc.property(
        fc.array(fc.tuple(fc.oneof(hostileString(), fc.constantFrom('__proto__', 'constructor', 'a')), fc.nat({ max: 400 }), fc.boolean())),
        (operations) => {
          const lru = new BoundedLru<string, number>({ maxEntries: 7, maxBytes: 1_000 });
          const sizes = new Map<string, number>();
          for (const [key, bytes, read] of operations) {
            if (read) lru.get(key);
            else lru.set(key, bytes, bytes);
            if (!read) sizes.set(key, bytes);
            const { entries, bytes: total } = lru.usage();
            expect(entries).toBeLessThanOrEqual(7);
            expect(total).toBeLessThanOrEqual(1_000);
          }
          let sum = 0;
          for (const key of sizes.keys()) if (lru.get(key) !== undefined) sum += sizes.get(key)!;
          expect(lru.usage().bytes).toBe(sum);
        },
      ),
    );
  });

  test('for any reads, writes and deletes, it evicts exactly what a plain least-recently-used list would', () => {
    checkProperty(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom('get', 'set', 'delete'), fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.integer({ min: 1, max: 60 })),
        ),
        (operations) => {
          const lru = new BoundedLru<string, number>({ maxEntries: 3, maxBytes: 100 });
          // The model: keys from least to most recently used, each with its bytes.
          const model: [string, number][] = [];
          for (const [op, key, bytes] of operations) {
            const at = model.findIndex(([k]) => k === key);
            if (op === 'get') {
              expect(lru.get(key)).toBe(at < 0 ? undefined : model[at]![1]);
              if (at >= 0) model.push(...model.splice(at, 1));
            } else if (op === 'delete') {
              lru.delete(key);
              if (at >= 0) model.splice(at, 1);
            } else {
              lru.set(key, bytes, bytes);
              if (at >= 0) model.splice(at, 1);
              model.push([key, bytes]);
              while (model.length > 3 || model.reduce((sum, [, b]) => sum + b, 0) > 100) model.shift();
            }
            expect(lru.usage()).toEqual({ entries: model.length, bytes: model.reduce((sum, [, b]) => sum + b, 0) });
          }
        },
      ),
    );
  });
});

test("the isolate's memory bounds add up to about half of the 128 MB Cloudflare gives an isolate", () => {
  const total = RECORD_MEMORY_MAX_BYTES + PAGE_MEMORY_MAX_BYTES + BROWSER_VERDICT_MEMO_MAX_BYTES;
  expect(total).toBeLessThanOrEqual(66 * 1024 * 1024);
});
