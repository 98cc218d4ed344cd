/**
 * Results kept for the life of the process, each reused while every file it was computed from
 * still holds the same bytes. For the code bundles of a build (scripts/lib/bundle.ts): the test
 * run's global setup builds many sites in one process from the same code, and a bundle costs
 * esbuild about 1.6 CPU-seconds a build; `npm run dev` rebuilds in one process after each edit,
 * and an edited input is a miss.
 *
 * An input is compared by its bytes' SHA-256, not its modification time: an edit within the
 * filesystem's time resolution, or a checkout that restores a time, changes the bytes. A value
 * is not kept when one of its inputs was modified while it was computed (or just before, within
 * SETTLED_MS): its bytes then may not be the ones the value was computed from.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';

/** How long before a computation an input's modification time must lie for the value to be kept. */
const SETTLED_MS = 2_000;

export interface Computed<T> {
  value: T;
  /** absolute paths of every file the value was computed from */
  inputs: readonly string[];
}

export interface InputMemo<T> {
  /** The value kept under `key` while its inputs are unchanged; otherwise `compute`'s, kept in its place. */
  get(key: string, compute: () => Promise<Computed<T>>): Promise<{ value: T; reused: boolean }>;
}

const digestOf = (path: string) =>
  readFile(path).then(
    (bytes) => createHash('sha256').update(bytes).digest('hex'),
    () => null, // a file gone is a change
  );

async function digests(paths: readonly string[]): Promise<Map<string, string | null>> {
  return new Map(await Promise.all(paths.map(async (path) => [path, await digestOf(path)] as const)));
}

/** `maxEntries`: the oldest key is dropped beyond it (the code labels of a run are a handful). */
export function inputMemo<T>({ maxEntries = 8 }: { maxEntries?: number } = {}): InputMemo<T> {
  const entries = new Map<string, { value: T; inputs: Map<string, string | null> }>();
  return {
    async get(key, compute) {
      const kept = entries.get(key);
      if (kept) {
        const now = await digests([...kept.inputs.keys()]);
        if ([...kept.inputs].every(([path, digest]) => digest !== null && now.get(path) === digest))
          return { value: kept.value, reused: true };
        entries.delete(key);
      }
      const started = Date.now();
      const { value, inputs } = await compute();
      const modified = await Promise.all(
        inputs.map((path) =>
          stat(path).then(
            (s) => s.mtimeMs,
            () => Infinity,
          ),
        ),
      );
      if (modified.some((time) => time > started - SETTLED_MS)) return { value, reused: false };
      entries.set(key, { value, inputs: await digests(inputs) });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return { value, reused: false };
    },
  };
}
