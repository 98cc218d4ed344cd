/** Which builds `npm run gc` keeps: whatever may still be in use, plus the last N published. */
import { describe, expect, test } from 'vitest';
import { RECENTLY_LIVE_WINDOW_MS, planGc, unreferencedClientFiles, type GcInput } from '../../scripts/lib/gc-plan';

const HOUR = 3_600_000;
const NOW = 1_000 * 24 * HOUR;
const id = (n: number) => n.toString(16).padStart(16, '0');
/** Builds 1..5, built an hour apart, oldest first. */
const builds = [1, 2, 3, 4, 5].map((n) => ({ id: id(n), timestamp: NOW - 100 * HOUR + n * HOUR }));

function plan(overrides: Partial<GcInput> = {}) {
  return planGc({ builds, live: id(5), drafts: [], published: new Map(), now: NOW, keep: 0, force: false, ...overrides });
}

describe('the gc plan', () => {
  test('the window a build stays after it stopped being live is one day, the edge cache lifetime of a page', () => {
    expect(RECENTLY_LIVE_WINDOW_MS).toBe(24 * HOUR);
  });

  test('the live build is kept with --keep 0', () => {
    expect(plan().kept.get(id(5))).toBe('live');
  });

  test('the draft build is kept with --keep 0', () => {
    expect(plan({ drafts: [id(2)] }).kept.get(id(2))).toBe('draft');
  });

  test('a build made live within the last day is kept with --keep 0', () => {
    const published = new Map([
      [id(3), NOW - 2 * HOUR],
      [id(5), NOW - HOUR],
    ]);
    expect(plan({ published }).kept.get(id(3))).toBe('live within the edge cache lifetime');
  });

  test('the build that was live when the day began is kept, though its marker is older', () => {
    const published = new Map([
      [id(1), NOW - 72 * HOUR],
      [id(2), NOW - 30 * HOUR],
      [id(5), NOW - HOUR],
    ]);
    const result = plan({ published });
    expect(result.kept.get(id(2))).toBe('live within the edge cache lifetime');
    expect(result.removed).toContain(id(1));
  });

  test('builds live only before the day began are removed with --keep 0', () => {
    const published = new Map([
      [id(1), NOW - 72 * HOUR],
      [id(2), NOW - 30 * HOUR],
      [id(5), NOW - HOUR],
    ]);
    expect(plan({ published }).removed.sort()).toEqual([id(1), id(3), id(4)]);
  });

  test('--force drops the one-day rule but never the live or draft build', () => {
    const published = new Map([
      [id(3), NOW - 2 * HOUR],
      [id(5), NOW - HOUR],
    ]);
    const result = plan({ published, drafts: [id(4)], force: true });
    expect([...result.kept.keys()].sort()).toEqual([id(4), id(5)]);
  });

  test('--keep N keeps the N most recently made live, by their markers', () => {
    const published = new Map([
      [id(1), NOW - 40 * HOUR],
      [id(2), NOW - 90 * HOUR],
      [id(5), NOW - 30 * HOUR],
    ]);
    const result = plan({ published, keep: 2, force: true });
    expect(result.kept.get(id(1))).toBe('among the newest published');
    expect(result.kept.has(id(2))).toBe(false);
  });

  test('builds without a marker rank by their build time', () => {
    const result = plan({ live: null, keep: 2 });
    expect([...result.kept.keys()].sort()).toEqual([id(4), id(5)]);
  });
});

describe('client files gc removes', () => {
  const keys = ['assets/_app/entry-aaaa.js', 'assets/_app/entry-bbbb.js', 'assets/_app/style-cccc.css'];

  test('a client file a kept build names is kept; one no kept build names is removed', () => {
    expect(unreferencedClientFiles(keys, [['/_app/entry-aaaa.js'], ['/_app/style-cccc.css']])).toEqual(['assets/_app/entry-bbbb.js']);
  });

  test('a kept build that does not record its client files keeps every client file', () => {
    expect(unreferencedClientFiles(keys, [['/_app/entry-aaaa.js'], null])).toEqual([]);
  });
});
