/**
 * Page paths the site could never serve, because something answers the URL before the page:
 * the worker's own pages and endpoints, and static files, which Workers static assets serve
 * before the worker runs (wrangler.toml [assets]). A page file there would build, publish and
 * never be seen, so the build names it instead.
 *
 * Taken from where each is defined, not from a list of its own: the system pages from the
 * client's list of paths it leaves the app for (navigation/guards.ts), the endpoints' base
 * from app/endpoints.ts, media from where the build publishes content/media, and static files
 * from the public/ and preview-public/ folders as they are: a page the preview host cannot show
 * (the example editor answers there) cannot be checked before it goes live either.
 */
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_BASE } from '../../app/endpoints';
import { SERVER_ONLY_PATHS, isServerOnlyPath } from '../../app/navigation/guards';
import { MEDIA_PREFIX } from './link-check';

/** The folder both hosts' static assets start from (site-build.ts copies it as it is). */
export const PUBLIC_DIR = fileURLToPath(new URL('../../public', import.meta.url));
/**
 * Static files only the preview host serves, behind its gate (the example editor): the build
 * adds them to the preview assets (dist/preview-public), never to the live ones.
 */
export const PREVIEW_PUBLIC_DIR = fileURLToPath(new URL('../../preview-public', import.meta.url));

export interface StaticFiles {
  /** every static file, as its URL path (`/favicon.svg`), with the folder it is in (`public`) */
  files: ReadonlyMap<string, string>;
  /** the top folders, as URL prefixes (`/editor/`), with the folder they are in (`preview-public`) */
  folders: ReadonlyMap<string, string>;
}

/** What public/ and preview-public/ serve; an absent folder serves nothing. */
export async function listStaticFiles(publicDir = PUBLIC_DIR, previewPublicDir = PREVIEW_PUBLIC_DIR): Promise<StaticFiles> {
  const files = new Map<string, string>();
  const folders = new Map<string, string>();
  for (const [dir, shown] of [
    [publicDir, 'public'],
    [previewPublicDir, 'preview-public'],
  ] as const) {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    const urlOf = (absolute: string) => '/' + relative(dir, absolute).split('\\').join('/');
    for (const e of entries) {
      const url = urlOf(join(e.parentPath, e.name));
      if (!e.isDirectory()) files.set(url, shown);
      else if (e.parentPath === dir) folders.set(`${url}/`, shown);
    }
  }
  return { files, folders };
}

/**
 * Why the page at `path` could never be served, or null when it can. A static file answers its
 * own path, and by the assets' HTML handling `x.html` answers `/x` and `x/index.html` answers
 * `/x` (by a redirect to `/x/`).
 */
export function shadowOf(path: string, statics: StaticFiles): string | null {
  if (isServerOnlyPath(path)) {
    const system = SERVER_ONLY_PATHS.find((p) => path === p || path.startsWith(`${p}/`));
    return `is the URL ${path}, which the site keeps for its own page ${system} and the paths below it; choose another file name`;
  }
  const under = [APP_BASE, MEDIA_PREFIX, ...statics.folders.keys()].find((prefix) => path.startsWith(prefix));
  if (under === APP_BASE) return `is the URL ${path}, under ${APP_BASE}, which the site keeps for its own files and endpoints`;
  if (under === MEDIA_PREFIX) return `is the URL ${path}, under ${MEDIA_PREFIX}, where the files of media/ are served`;
  const base = path === '/' ? '' : path;
  const file = [path, `${base}.html`, `${base}/index.html`].find((f) => statics.files.has(f));
  if (file) return `is the URL ${path}, which the static file ${statics.files.get(file)}${file} answers before any page`;
  if (under) return `is the URL ${path}, under ${under}, where the static files of ${statics.folders.get(under)}${under} are served`;
  return null;
}
