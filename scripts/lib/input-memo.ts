/**
 * Results kept for the life of the process, each reused while every file it was computed from
 * still holds the same bytes. For the code bundles of a build (scripts/lib/bundle.ts): the test
 * run's global setup builds many sites in one process from the same code, and a bundle costs
 * esbuild about 1.6 CPU-seconds a build; `npm run dev` rebuilds in one process after each edit,
 * and an edited input is a miss.
 *
 * With a `store` folder the values are also kept there, as JSON, for other processes to reuse
 * under the same checks: `npm test` gives its processes one for the run (each `npm start` and
 * build CLI of the run, and each vitest process's builds, would bundle the same code again).
 *
 * An input is compared by its bytes' SHA-256, not its modification time: an edit within the
 * filesystem's time resolution, or a checkout that restores a time, changes the bytes. A value
 * is not kept when one of its inputs was modified while it was computed (or just before, within
 * SETTLED_MS): its bytes then may not be the ones the value was computed from.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

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

/** A value as a store keeps it: the inputs' digests beside it. */
const StoredEntry = z.object({ value: z.unknown(), inputs: z.array(z.tuple([z.string(), z.string()])) });

/** A store's file for `key`: named by the key's hash, so any key is a file name. */
const storedFile = (store: string, key: string) => join(store, `${createHash('sha256').update(key).digest('hex')}.json`);

/** The stored entry of `key`; null when there is none or it is not one this module wrote (it is then computed again). */
async function readStored(store: string, key: string): Promise<{ value: unknown; inputs: Map<string, string | null> } | null> {
  const text = await readFile(storedFile(store, key), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const entry = StoredEntry.parse(JSON.parse(text));
    return { value: entry.value, inputs: new Map(entry.inputs) };
  } catch {
    return null;
  }
}

/** Written whole or not at all: another process reads only a file it finds complete. */
async function writeStored(store: string, key: string, value: unknown, inputs: Map<string, string | null>): Promise<void> {
  await mkdir(store, { recursive: true });
  const file = storedFile(store, key);
  const partial = `${file}.${randomUUID()}.partial`;
  await writeFile(partial, JSON.stringify({ value, inputs: [...inputs] }));
  await rename(partial, file);
}

const unchanged = async (inputs: Map<string, string | null>) => {
  const now = await digests([...inputs.keys()]);
  return [...inputs].every(([path, digest]) => digest !== null && now.get(path) === digest);
};

/**
 * `maxEntries`: the oldest key is dropped beyond it (the code labels of a run are a handful).
 * `store`: a folder where values are kept for other processes too (they must be JSON).
 */
export function inputMemo<T>({ maxEntries = 8, store }: { maxEntries?: number; store?: string } = {}): InputMemo<T> {
  const entries = new Map<string, { value: T; inputs: Map<string, string | null> }>();
  const keep = (key: string, entry: { value: T; inputs: Map<string, string | null> }) => {
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  };
  return {
    async get(key, compute) {
      let kept = entries.get(key);
      if (!kept && store) {
        const stored = await readStored(store, key);
        // Another process kept it: JSON of a T, as this process would have written it.
        if (stored) keep(key, (kept = { value: stored.value as T, inputs: stored.inputs }));
      }
      if (kept) {
        if (await unchanged(kept.inputs)) return { value: kept.value, reused: true };
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
      const entry = { value, inputs: await digests(inputs) };
      keep(key, entry);
      if (store) await writeStored(store, key, value, entry.inputs);
      return { value, reused: false };
    },
  };
}
