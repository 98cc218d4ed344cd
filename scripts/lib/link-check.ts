/**
 * Internal links that lead nowhere (docs/content-model.md#31-links-that-must-lead-somewhere):
 * the header and footer links, the consent banner's privacy page, page alternates (the language
 * switcher and hreflang), the links inside pages, and every locale's home, which the header and
 * the switcher link to. Needs the whole directory, so it runs in the build, never in the preview.
 */
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { ContentProblem } from '../../app/content/issues';
import { formatIssuePath } from '../../app/content/issues';
import type { Page, RichNode, RichText, Site } from '../../app/content/schema';
import { walkBlocks } from '../../app/content/schema';
import { SERVER_ONLY_PATHS } from '../../app/navigation/guards';
import { compileRouteRules, matchRouteRules } from '../../app/route-rules';
import { isInternalPath, onOrigin } from '../../app/urls';

/** Files the worker answers itself, which a footer may well link to. */
const WORKER_FILES = new Set(['/robots.txt', '/sitemap.xml']);
/** Where the build publishes content/media (site-build.ts). */
export const MEDIA_PREFIX = '/media/';
/** Only the path of a link is looked at; the origin is a placeholder no request reaches. */
const PLACEHOLDER_ORIGIN = 'http://link-check.invalid';

export interface LinkTargets {
  /** every page path the directory has a file for; `/` too when the default locale's home stands in for it */
  pages: ReadonlySet<string>;
  /** every file under media/, as `/media/<relative path>` */
  media: ReadonlySet<string>;
}

type FieldPath = (string | number)[];
interface Link {
  path: FieldPath;
  href: string;
}

function richTextLinks(doc: RichText, at: FieldPath): Link[] {
  const links: Link[] = [];
  const visit = (nodes: RichNode[], path: FieldPath) =>
    nodes.forEach((node, i) => {
      const here = [...path, 'content', i];
      if (node.type === 'text') {
        node.marks?.forEach((mark, k) => {
          if (mark.type === 'link') links.push({ path: [...here, 'marks', k, 'attrs', 'href'], href: mark.attrs.href });
        });
      } else if ('content' in node && node.content) {
        visit(node.content, here);
      }
    });
  visit(doc.content, at);
  return links;
}

/** Every link a page holds, with its field path: alternates, then the blocks (modals and sections included). */
export function pageLinks(page: Page): Link[] {
  const links: Link[] = Object.entries(page.alternates ?? {}).map(([code, href]) => ({ path: ['alternates', code], href }));
  walkBlocks(
    page.blocks,
    (block, path) => {
      if (block.type === 'hero') {
        block.actions?.forEach((a, j) => {
          if ('href' in a) links.push({ path: [...path, 'actions', j, 'href'], href: a.href });
        });
      } else if (block.type === 'cta') {
        if ('href' in block.action) links.push({ path: [...path, 'action', 'href'], href: block.action.href });
      } else if (block.type === 'cards') {
        block.items.forEach((item, j) => {
          if (item.href !== undefined) links.push({ path: [...path, 'items', j, 'href'], href: item.href });
        });
      } else if (block.type === 'richText') {
        links.push(...richTextLinks(block.doc, [...path, 'doc']));
      } else if (block.type === 'accordion') {
        block.items.forEach((item, j) => links.push(...richTextLinks(item.answer, [...path, 'items', j, 'answer'])));
      }
    },
    ['blocks'],
  );
  return links;
}

/** Every link site.json holds, with its field path. */
export function siteLinks(site: Site): Link[] {
  const links: Link[] = [];
  for (const [code, items] of Object.entries(site.navigation)) {
    items.forEach((item, i) => links.push({ path: ['navigation', code, i, 'href'], href: item.href }));
  }
  for (const [code, footer] of Object.entries(site.footer)) {
    footer.links?.forEach((item, i) => links.push({ path: ['footer', code, 'links', i, 'href'], href: item.href }));
  }
  for (const [code, href] of Object.entries(site.consent?.privacyPage ?? {})) links.push({ path: ['consent', 'privacyPage', code], href });
  return links;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The file under media/ an internal href names, as `/media/<relative path>` (query and #anchor
 * aside, dot segments resolved, percent-escapes decoded), or null when it names none.
 */
export function mediaPathOf(href: string): string | null {
  // Read the way the client reads an in-app href (app/urls.ts): dot segments resolved.
  const { pathname } = onOrigin(href, PLACEHOLDER_ORIGIN);
  return pathname.startsWith(MEDIA_PREFIX) ? decodeSafe(pathname) : null;
}

/**
 * Whether an href leads somewhere: external links (http(s), mailto:, tel:) are not checked; an
 * internal one must name a page (query and #anchor aside), a file under media/, a page the
 * worker renders itself, or the source of a redirect rule, which answers before any page would.
 * Returns the problem's message, or null.
 */
function brokenLinkMessage(href: string, targets: LinkTargets, isRedirectSource: (path: string) => boolean): string | null {
  if (!isInternalPath(href)) return null;
  const file = mediaPathOf(href);
  if (file !== null) return targets.media.has(file) ? null : `Broken link: ${file} is not a file in media/`;
  const { pathname } = onOrigin(href, PLACEHOLDER_ORIGIN);
  if (targets.pages.has(pathname) || WORKER_FILES.has(pathname) || SERVER_ONLY_PATHS.includes(pathname)) return null;
  if (pathname.startsWith('/reset-storage/') && targets.pages.has(pathname.slice('/reset-storage'.length))) return null;
  if (isRedirectSource(pathname)) return null;
  return `Broken link: ${pathname} is not a page of this site, a media file or the source of a redirect rule`;
}

export interface LinkCheckInput {
  site: Site;
  /** site.json as shown in problem lines */
  siteFile: string;
  /** the pages whose links to check (those that passed the schema) */
  pages: { file: string; page: Page }[];
  targets: LinkTargets;
  /** how the content directory is named in problem lines */
  shownRoot: string;
}

/** A broken link's problem; `media` when it names a file under media/ that is not there. */
export interface BrokenLink extends ContentProblem {
  media: boolean;
}

/** One problem per broken link, and one per locale without a home page. */
export function brokenLinks({ site, siteFile, pages, targets, shownRoot }: LinkCheckInput): BrokenLink[] {
  const matcher = compileRouteRules(site.routeRules);
  const isRedirectSource = (path: string) => matchRouteRules(matcher, path).rule.redirect !== undefined;
  const problems: BrokenLink[] = [];
  const check = (file: string, links: Link[]) => {
    for (const link of links) {
      const message = brokenLinkMessage(link.href, targets, isRedirectSource);
      const media = isInternalPath(link.href) && mediaPathOf(link.href) !== null;
      if (message) problems.push({ file, path: formatIssuePath(link.path), message, media });
    }
  };
  check(siteFile, siteLinks(site));
  for (const { file, page } of pages) check(file, pageLinks(page));
  for (const { code } of site.locales) {
    // Without "/" too, the default home is a build error of its own (content-loader.ts).
    if (targets.pages.has(`/${code}`) || (code === site.defaultLocale && !targets.pages.has('/'))) continue;
    problems.push({
      file: `${shownRoot}/pages/${code}/index.json`,
      path: '(file)',
      message: `is missing: every locale needs a home page (/${code}), which its header and the language switcher link to`,
      media: false,
    });
  }
  return problems;
}

/** Every file under media/, as the URL path it is served at (`/media/<relative path>`). */
export async function listMediaFiles(mediaDir: string): Promise<Set<string>> {
  const files = new Set<string>();
  async function walk(dir: string) {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(join(dir, entry.name));
      else files.add(`${MEDIA_PREFIX}${relative(mediaDir, join(dir, entry.name)).split('\\').join('/')}`);
    }
  }
  await walk(mediaDir);
  return files;
}

export interface CheckLinksInput extends Omit<LinkCheckInput, 'targets'> {
  /** the URL path of every page file found, valid or not: a page with a schema problem still exists */
  pagePaths: Iterable<string>;
  mediaDir: string | null;
}

/**
 * The broken links of a directory, as problems, or as warnings when site.json says
 * `allowBrokenLinks` (a migration that links to pages still to come). A link to a file under
 * media/ that is not there is a problem either way: no page still to come will add it.
 */
export async function checkLinks({
  pagePaths,
  mediaDir,
  ...input
}: CheckLinksInput): Promise<{ problems: ContentProblem[]; warnings: ContentProblem[] }> {
  const pages = new Set(pagePaths);
  if (pages.has(`/${input.site.defaultLocale}`)) pages.add('/');
  const media = mediaDir ? await listMediaFiles(mediaDir) : new Set<string>();
  const problems: ContentProblem[] = [];
  const warnings: ContentProblem[] = [];
  for (const { media: toMedia, ...problem } of brokenLinks({ ...input, targets: { pages, media } }))
    (input.site.allowBrokenLinks && !toMedia ? warnings : problems).push(problem);
  return { problems, warnings };
}
