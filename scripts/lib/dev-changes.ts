/**
 * What `npm run dev` (scripts/dev.ts) does about a batch of changed files. The cheapest answer
 * that is still right wins, because the loop's worth is its speed:
 *
 *   content   a page file or site.json: the records again, from the code and image variants
 *             of the last whole build (scripts/lib/dev-build.ts); tabs re-render or reload
 *   whole     a media file (variants, dimensions) or code (app/, worker/, public/): a whole
 *             build beside the served one, then copied over it; tabs reload
 *   nothing   anything else: editors' swap and backup files, folders, files no build reads
 */
import { relative, sep } from 'node:path';

export type ChangeKind = 'content' | 'media' | 'code' | 'ignored';
export type Rebuild = 'whole' | 'content' | 'nothing';

/** Code the build bundles or copies: a change there needs new bundles and a reload. */
export const CODE_DIRS = ['app', 'worker', 'public'] as const;

/** Files editors and tools write beside the real one while saving (vim, emacs, JetBrains, macOS). */
const SCRATCH_FILE = /(?:^\.#|^#.*#$|~$|\.sw[a-p]$|\.tmp$|^4913$|___jb_\w+___$|^\.DS_Store$)/;

/** `child` as a path inside `parent` ('' for parent itself), or null when it is outside. */
function inside(parent: string, child: string): string | null {
  const rel = relative(parent, child);
  if (rel === '') return '';
  if (rel === '..' || rel.startsWith(`..${sep}`) || rel.startsWith(sep)) return null;
  return rel.split(sep).join('/');
}

/** One changed file (absolute path): which part of the site it is. */
export function classifyChange(file: string, { contentDir, root }: { contentDir: string; root: string }): ChangeKind {
  const base = file.split(sep).pop() ?? '';
  if (SCRATCH_FILE.test(base)) return 'ignored';
  const inContent = inside(contentDir, file);
  if (inContent !== null) {
    if (inContent === 'site.json') return 'content';
    // A page file, or a folder of them renamed or removed (its name alone arrives, no extension).
    if (inContent === 'pages' || inContent.startsWith('pages/')) return /\.json$|\/[^./]+$|^pages$/.test(inContent) ? 'content' : 'ignored';
    // A media file or folder, removed or added: variants and the dimensions pages declare.
    if (inContent === 'media' || inContent.startsWith('media/')) return 'media';
    return 'ignored';
  }
  const inRoot = inside(root, file);
  if (inRoot === null) return 'ignored';
  const top = inRoot.split('/')[0] ?? '';
  return (CODE_DIRS as readonly string[]).includes(top) && inRoot !== top ? 'code' : 'ignored';
}

/** What to build for a batch of changes: the most any one of them needs. */
export function rebuildFor(files: Iterable<string>, dirs: { contentDir: string; root: string }): Rebuild {
  let rebuild: Rebuild = 'nothing';
  for (const file of files) {
    const kind = classifyChange(file, dirs);
    if (kind === 'code' || kind === 'media') return 'whole';
    if (kind === 'content') rebuild = 'content';
  }
  return rebuild;
}

/**
 * What an open tab does after a content rebuild: re-render in place when its page is one whose
 * payload changed and no page came or went (its links, and the router's manifest, still hold);
 * reload otherwise, so no tab keeps showing or linking to the build before.
 */
export interface ContentChange {
  /** page paths whose payload differs from the build before */
  changed: string[];
  /** a page was added or removed: the manifest changed */
  pathsChanged: boolean;
}

/** Page paths whose payload hash differs between two builds' `pages` (path -> payload hash). */
export function contentChange(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): ContentChange {
  const changed = [...after].filter(([path, hash]) => before.get(path) !== hash).map(([path]) => path);
  const pathsChanged = before.size !== after.size || [...before.keys()].some((path) => !after.has(path));
  return { changed: changed.sort(), pathsChanged };
}
