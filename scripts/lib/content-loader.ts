/**
 * Reads a content directory (docs/content-model.md) and validates every file. Collects
 * every problem instead of stopping at the first, so an editor fixes a broken directory in
 * one pass; each problem names the file and the field.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { MAX_PATH_DEPTH } from '../../app/constants';
import { PAGE_FILE_RE, PATH_SEGMENT_RE, pathForPageFile } from '../../app/content/paths';
import { formatIssuePath, problemsFromZod, type ContentProblem } from '../../app/content/issues';
import { Page, Site, walkBlocks } from '../../app/content/schema';
import { parseRuleString } from '../../app/validation/rule-string';
import { refusedEntries } from './content-tree';
import { invalidJsonMessage } from './json-error';
import { checkLinks } from './link-check';
import { checkImages } from './media-check';
import { checkRulePattern } from './regex-safety';
import { PUBLIC_DIR, listStaticFiles, shadowOf } from './reserved-paths';

export interface LoadedPage {
  /** file path as shown to editors, e.g. content/pages/et/foo.json */
  file: string;
  path: string;
  page: Page;
}

export interface LoadedContent {
  site: Site;
  pages: LoadedPage[];
  mediaDir: string | null;
}

/**
 * `warnings`: broken links a site with `allowBrokenLinks` builds with anyway
 * (docs/content-model.md#31-links-that-must-lead-somewhere); without it they are problems.
 */
export type LoadResult = ({ ok: true; content: LoadedContent } | { ok: false; problems: ContentProblem[] }) & {
  warnings: ContentProblem[];
};

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Whether a content folder is there, and is a folder: a file in its place is a problem to name, not a crash. */
async function folderAt(path: string): Promise<'folder' | 'not a folder' | 'missing'> {
  return stat(path).then(
    (s) => (s.isDirectory() ? 'folder' : 'not a folder'),
    () => 'missing',
  );
}

async function readJsonFile(absolute: string, shown: string, problems: ContentProblem[]): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (err) {
    problems.push({ file: shown, path: '(file)', message: `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` });
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON.parse's message: it quotes the file's text, past the error too.
    problems.push({ file: shown, path: '(file)', message: invalidJsonMessage(text) });
    return undefined;
  }
}

/** Every file under pages/, with a problem for each name the contract does not allow. */
async function listPageFiles(pagesDir: string, shownRoot: string, problems: ContentProblem[]): Promise<string[]> {
  const files: string[] = [];
  async function walk(dir: string, depth: number) {
    const entries = await readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      const rel = relative(pagesDir, dir).split('\\').join('/');
      problems.push({
        file: `${shownRoot}/pages${rel ? `/${rel}` : ''}`,
        path: '(folder)',
        message: `cannot be read (${err.code ?? 'error'})`,
      });
      return [];
    });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const rel = relative(pagesDir, join(dir, entry.name)).split('\\').join('/');
      const shown = `${shownRoot}/pages/${rel}`;
      if (entry.isDirectory()) {
        if (!PATH_SEGMENT_RE.test(entry.name)) {
          problems.push({ file: shown, path: '(file name)', message: 'Folder names must be lowercase letters, digits and hyphens' });
        } else if (depth >= MAX_PATH_DEPTH) {
          problems.push({ file: shown, path: '(file name)', message: `Pages nest at most ${MAX_PATH_DEPTH} levels deep` });
        } else {
          await walk(join(dir, entry.name), depth + 1);
        }
      } else if (!PAGE_FILE_RE.test(entry.name)) {
        problems.push({
          file: shown,
          path: '(file name)',
          message: 'Page files must be named like my-page.json (lowercase letters, digits, hyphens)',
        });
      } else if (pathForPageFile(rel).split('/').length - 1 > MAX_PATH_DEPTH) {
        problems.push({ file: shown, path: '(file name)', message: `Paths are at most ${MAX_PATH_DEPTH} segments deep` });
      } else {
        files.push(rel);
      }
    }
  }
  await walk(pagesDir, 0);
  return files;
}

/**
 * `regex` rules whose pattern can backtrack for seconds on a crafted value: the pattern runs in
 * every visitor's browser per keystroke and in the worker per post. Checked here and not in the
 * schema, so the checker stays out of the worker and browser bundles.
 */
function unsafePatterns(file: string, page: Page): ContentProblem[] {
  const problems: ContentProblem[] = [];
  walkBlocks(
    page.blocks,
    (block, path) => {
      if (block.type !== 'form') return;
      block.fields.forEach((field, i) => {
        const parsed = field.rules === undefined ? null : parseRuleString(field.rules);
        const regex = parsed?.ok ? parsed.rules.find((r) => r.name === 'regex') : undefined;
        const verdict = regex ? checkRulePattern(regex.params.join(',')) : null;
        if (!verdict || verdict.safe) return;
        problems.push({
          file,
          path: formatIssuePath([...path, 'fields', i, 'rules']),
          message:
            verdict.reason === 'backtracking'
              ? 'rule "regex" has a pattern that can backtrack for a long time on some values (such as (a+)+ or a*a*b); rewrite it so each character can be matched only one way, or use a stock rule such as email'
              : `rule "regex" has a pattern the backtracking check cannot read (${verdict.detail}); write it without backreferences or inline flags, or use a stock rule such as email`,
        });
      });
    },
    ['blocks'],
  );
  return problems;
}

/** Forms naming a webhook that site.json does not define: their entries could never be delivered. */
function unknownWebhooks(site: Site, pages: LoadedPage[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const { file, page } of pages) {
    walkBlocks(
      page.blocks,
      (block, path) => {
        if (block.type !== 'form' || block.webhook === undefined || Object.hasOwn(site.webhooks, block.webhook)) return;
        problems.push({
          file,
          path: formatIssuePath([...path, 'webhook']),
          message: `names no webhook in site.json "webhooks" (${block.webhook})`,
        });
      },
      ['blocks'],
    );
  }
  return problems;
}

/** `publicDir`: the static files published beside the pages, whose URLs no page may take. */
export async function loadContent(contentDir: string, shownRoot = 'content', publicDir = PUBLIC_DIR): Promise<LoadResult> {
  // Before any file is read: with a link anywhere in the tree, nothing is read or published,
  // so no part of what it points at can reach dist/, the upload or a problem line.
  const refused = await refusedEntries(contentDir, shownRoot);
  if (refused.length > 0) return { ok: false, problems: refused, warnings: [] };
  const problems: ContentProblem[] = [];
  const siteFile = `${shownRoot}/site.json`;
  let site: Site | undefined;
  if (!(await exists(join(contentDir, 'site.json')))) {
    problems.push({ file: siteFile, path: '(file)', message: 'is missing' });
  } else {
    const raw = await readJsonFile(join(contentDir, 'site.json'), siteFile, problems);
    if (raw !== undefined) {
      const parsed = Site.safeParse(raw);
      if (parsed.success) site = parsed.data;
      else problems.push(...problemsFromZod(siteFile, parsed.error));
    }
  }

  const pagesDir = join(contentDir, 'pages');
  const pages: LoadedPage[] = [];
  const seen = new Map<string, string>();
  const pagesFolder = await folderAt(pagesDir);
  if (pagesFolder !== 'folder') {
    problems.push({ file: `${shownRoot}/pages`, path: '(folder)', message: `is ${pagesFolder}` });
  } else {
    const statics = await listStaticFiles(publicDir);
    for (const rel of await listPageFiles(pagesDir, shownRoot, problems)) {
      const file = `${shownRoot}/pages/${rel}`;
      const path = pathForPageFile(rel);
      const other = seen.get(path);
      if (other) {
        problems.push({ file, path: '(file name)', message: `is the same URL (${path}) as ${other}` });
        continue;
      }
      seen.set(path, file);
      const shadow = shadowOf(path, statics);
      if (shadow) {
        problems.push({ file, path: '(file name)', message: shadow });
        continue;
      }
      const raw = await readJsonFile(join(pagesDir, rel), file, problems);
      if (raw === undefined) continue;
      const parsed = Page.safeParse(raw);
      if (!parsed.success) {
        problems.push(...problemsFromZod(file, parsed.error));
        continue;
      }
      const unsafe = unsafePatterns(file, parsed.data);
      if (unsafe.length > 0) problems.push(...unsafe);
      else pages.push({ file, path, page: parsed.data });
    }
  }

  if (site && problems.length === 0) {
    const paths = new Set(pages.map((p) => p.path));
    if (!paths.has('/') && !paths.has(`/${site.defaultLocale}`)) {
      problems.push({
        file: `${shownRoot}/pages/${site.defaultLocale}/index.json`,
        path: '(file)',
        message: 'is missing: "/" needs pages/index.json or the default locale home',
      });
    }
  }

  if (site && problems.length === 0) problems.push(...unknownWebhooks(site, pages));

  const mediaFolder = await folderAt(join(contentDir, 'media'));
  // media/ is optional; a file in its place is not.
  if (mediaFolder === 'not a folder') problems.push({ file: `${shownRoot}/media`, path: '(folder)', message: 'is not a folder' });
  const mediaDir = mediaFolder === 'folder' ? join(contentDir, 'media') : null;
  // Checked once site.json is valid, so one run names broken links beside any other problem.
  const links = site
    ? await checkLinks({ site, siteFile, pages, pagePaths: seen.keys(), mediaDir, shownRoot })
    : { problems: [], warnings: [] };
  problems.push(...links.problems);
  // Fills in the image sizes pages leave out, so it runs on every page that passed the schema.
  problems.push(...(await checkImages({ pages, mediaDir })));

  if (problems.length > 0 || !site) return { ok: false, problems, warnings: links.warnings };
  return { ok: true, content: { site, pages, mediaDir }, warnings: links.warnings };
}
