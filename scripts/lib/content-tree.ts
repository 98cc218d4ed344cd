/**
 * What the content tree may hold: folders and regular files, nothing else. A symbolic link
 * would make the build read, publish and upload whatever it points at (a `.dev.vars` linked
 * into media/ was served to anyone; wrangler's asset upload follows links too), and a FIFO or
 * device would hang or feed the read. So the tree is walked without following anything, and
 * every entry of another kind is a named problem; nothing of a link's target is looked at,
 * not even whether it exists.
 */
import { lstat, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { ContentProblem } from '../../app/content/issues';

const LINK_MESSAGE =
  'is a symbolic link: the build refuses links in the content directory, so it cannot read or publish a file from outside it; put the file itself here';
const SPECIAL_MESSAGE = 'is neither a file nor a folder (a socket, pipe or device): the content directory holds only files and folders';

/** The kind of entry the walk refuses, or null for a file or folder. */
function refusedKind(entry: { isSymbolicLink(): boolean; isFile(): boolean; isDirectory(): boolean }): string | null {
  if (entry.isSymbolicLink()) return LINK_MESSAGE;
  return entry.isFile() || entry.isDirectory() ? null : SPECIAL_MESSAGE;
}

/**
 * One problem per link or special file anywhere under `contentDir` (the folder itself
 * included), named by its path as editors see it (`content/media/x.png`). Empty when the tree
 * is only files and folders, so every path in it resolves inside it.
 */
export async function refusedEntries(contentDir: string, shownRoot: string): Promise<ContentProblem[]> {
  const problems: ContentProblem[] = [];
  const shown = (absolute: string) => {
    const rel = relative(contentDir, absolute).split('\\').join('/');
    return rel ? `${shownRoot}/${rel}` : shownRoot;
  };
  // A missing folder is the loader's problem to name ("is missing"); nothing here to refuse.
  const root = await lstat(contentDir).catch(() => null);
  if (!root) return problems;
  const rootKind = refusedKind(root);
  if (rootKind) return [{ file: shownRoot, path: '(folder)', message: rootKind }];
  if (!root.isDirectory()) return problems;

  async function walk(dir: string) {
    // withFileTypes reads each entry's own type (lstat's), never its target's.
    const entries = await readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      problems.push({ file: shown(dir), path: '(folder)', message: `cannot be read (${err.code ?? 'error'})` });
      return [];
    });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const absolute = join(dir, entry.name);
      const kind = refusedKind(entry);
      if (kind) problems.push({ file: shown(absolute), path: '(file)', message: kind });
      else if (entry.isDirectory()) await walk(absolute);
    }
  }
  await walk(contentDir);
  return problems;
}
