/**
 * The file watching of `npm run dev`: folders watched recursively, the changed files gathered
 * into batches, and one batch handled at a time. An editor's save is several events (a scratch
 * file, a rename, the write), so a batch waits `quietMs` after the last event; changes made
 * while a batch is handled make the next one, never a second build running beside the first.
 *
 * Each folder has a watcher of its own, set up before watchBatches returns: Node 20's
 * `recursive: true` on Linux walks the tree in the background, and a file saved in the first
 * second after "serving on" was missed.
 */
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

/** Watches `root` and every folder below it, folders made later included; `onChange` gets each changed path. */
export function watchTree(root: string, onChange: (path: string) => void): { close(): void } {
  const watchers = new Map<string, FSWatcher>();
  const addTree = (dir: string) => {
    if (watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (event, name) => {
        if (name === null) return;
        const path = join(dir, name.toString());
        onChange(path);
        if (event === 'rename' && !watchers.has(path) && statSync(path, { throwIfNoEntry: false })?.isDirectory()) addTree(path);
      });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // Gone already, or not a folder: nothing to watch. Anything else (EMFILE, ENOSPC: the
      // system's inotify limits) would leave saves unseen, so it is said.
      if (code !== 'ENOENT' && code !== 'ENOTDIR')
        process.stderr.write(`warning: cannot watch ${dir} (${code ?? String(err)}): saves there are not seen\n`);
      return;
    }
    // A folder removed ends its watcher; its removal reached the parent's watcher as a change.
    watcher.on('error', () => {
      watcher.close();
      watchers.delete(dir);
    });
    watchers.set(dir, watcher);
    // A folder removed again at once has nothing left to list.
    const entries = (() => {
      try {
        return readdirSync(dir, { withFileTypes: true });
      } catch {
        return [];
      }
    })();
    for (const entry of entries) if (entry.isDirectory()) addTree(join(dir, entry.name));
  };
  addTree(root);
  return { close: () => watchers.forEach((w) => w.close()) };
}

export interface Watching {
  close(): void;
}

/** A batch of changed files is built this long after the last change (an editor's save is several events). */
export const DEV_WATCH_QUIET_MS = 30;

export function watchBatches(
  dirs: readonly string[],
  handle: (files: Set<string>) => Promise<void>,
  quietMs = DEV_WATCH_QUIET_MS,
): Watching {
  let pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;

  const run = () => {
    timer = undefined;
    if (running || pending.size === 0) return;
    const batch = pending;
    pending = new Set();
    running = handle(batch)
      .catch((err: unknown) => {
        process.stderr.write(`dev: ${(err as Error).message}\n`);
      })
      .finally(() => {
        running = null;
        if (pending.size > 0) timer = setTimeout(run, quietMs);
      });
  };

  const watchers = dirs.map((dir) =>
    watchTree(dir, (path) => {
      pending.add(path);
      clearTimeout(timer);
      timer = setTimeout(run, quietMs);
    }),
  );
  return {
    close() {
      clearTimeout(timer);
      watchers.forEach((w) => w.close());
    },
  };
}
