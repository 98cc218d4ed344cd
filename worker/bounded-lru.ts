/**
 * The one shape of everything an isolate keeps between requests: a map bounded in entries and
 * in bytes, least recently used out first. An isolate has 128 MB and serves for hours, and many
 * keys come from outside (paths, user agents), so nothing it keeps may grow with traffic; each
 * user states its bounds (app/constants.ts) and how it counts a value's bytes.
 */
export interface LruLimits {
  maxEntries: number;
  maxBytes: number;
}

export class BoundedLru<K, V> {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private total = 0;
  /**
   * The most recently used key. A hot key asked for again is already last, so it is not moved:
   * moving it is a delete and a set, and on a small map the delete shrinks the table and the
   * set grows it again, on every request for the same page or the same browser.
   */
  private newest: K | undefined;

  constructor(readonly limits: LruLimits) {}

  /** The value (now the most recently used), or undefined. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.newest = key;
    }
    return entry.value;
  }

  /**
   * Keeps a value that takes about `bytes`, dropping the least recently used past either bound.
   * A value larger than the whole byte bound is not kept at all (it would empty the map).
   */
  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.limits.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.newest = key;
    this.total += bytes;
    while (this.entries.size > this.limits.maxEntries || this.total > this.limits.maxBytes) {
      const oldest = this.entries.keys().next().value as K;
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
    if (key === this.newest) this.newest = undefined;
  }

  /** Drops every entry whose key fails the test (an old build's pages once a new one is served). */
  retainKeys(keep: (key: K) => boolean): void {
    for (const key of [...this.entries.keys()]) if (!keep(key)) this.delete(key);
  }

  /** What it holds now, for tests and the memory check. */
  usage(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.total };
  }
}
