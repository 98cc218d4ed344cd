import { cp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, posix, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadContent } from '../../scripts/lib/content-loader';
import { generateContent, samplePage } from '../../scripts/lib/generate-content';
import { buildSite } from '../../scripts/lib/site-build';
import { tempDir } from '../support/built-site';
import { checkProperty } from '../support/property';

/** In every file outside the tree: if any of it shows up, a link was followed. */
const SECRET = 'PREVIEW_TOKEN=outside-secret-7f3a9c';

const PLACES = ['site.json', 'pages/en/extra.json', 'pages/fi/deep/extra.json', 'media/extra.txt', 'media/sub/extra.txt'] as const;
type Place = (typeof PLACES)[number];
/** What stands at a place: a regular file, or a link of one of the kinds a checkout can carry. */
const KINDS = ['file', 'link-inside', 'link-outside-absolute', 'link-outside-relative', 'link-to-link', 'folder-link'] as const;
type Kind = (typeof KINDS)[number];

let template: string;
let outside: string;

beforeAll(async () => {
  template = await tempDir('tree-template');
  await generateContent({ dir: template, pagesPerLocale: 1 });
  await mkdir(join(template, 'media'));
  await writeFile(join(template, 'media', 'logo.txt'), 'a media file');
  outside = await tempDir('tree-outside');
  // Valid content on purpose: followed, it would load and be published without complaint.
  const page = { ...samplePage('Outside', 'en', 9), description: SECRET };
  await writeFile(join(outside, 'secret.json'), JSON.stringify(page));
  await writeFile(join(outside, '.dev.vars'), `${SECRET}\n`);
  await mkdir(join(outside, 'folder'));
  await writeFile(join(outside, 'folder', 'page.json'), JSON.stringify(page));
});
afterAll(async () => {
  await rm(template, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

/** A link to a folder outside goes beside the place, as `linked`. */
const folderLinkOf = (place: Place) => posix.join(posix.dirname(place), 'linked');

/** Puts `kind` at `place` in the tree `dir`; a regular file is valid content for that place. */
async function plant(dir: string, place: Place, kind: Kind) {
  const at = join(dir, place);
  await mkdir(dirname(at), { recursive: true });
  const isPage = place.startsWith('pages/');
  const target = place === 'site.json' || isPage ? join(outside, 'secret.json') : join(outside, '.dev.vars');
  if (kind !== 'folder-link') await rm(at, { force: true });
  switch (kind) {
    case 'file':
      if (place === 'site.json') await cp(join(template, 'site.json'), at);
      else await writeFile(at, isPage ? JSON.stringify(samplePage('Extra', 'en', 5)) : 'plain media');
      return;
    case 'link-inside':
      // A file of the tree itself: harmless in content, still refused, so the rule has no exceptions.
      return symlink(relative(dirname(at), join(dir, isPage || place === 'site.json' ? 'pages/en/index.json' : 'media/logo.txt')), at);
    case 'link-outside-absolute':
      return symlink(target, at);
    case 'link-outside-relative':
      return symlink(relative(dirname(at), target), at);
    case 'link-to-link':
      await symlink(target, `${at}.hop`);
      return symlink(`${at.split('/').pop()}.hop`, at);
    case 'folder-link':
      return symlink(join(outside, 'folder'), join(dir, folderLinkOf(place)));
  }
}

/** The content-relative paths of the links `kind` put at `place`. */
function linksOf(place: Place, kind: Kind): string[] {
  if (kind === 'file') return [];
  if (kind === 'link-to-link') return [place, `${place}.hop`];
  if (kind === 'folder-link') return [folderLinkOf(place)];
  return [place];
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const trees = fc.uniqueArray(fc.tuple(fc.constantFrom(...PLACES), fc.constantFrom(...KINDS)), {
  minLength: 1,
  maxLength: 3,
  selector: ([place]) => place,
});

describe('the content tree', () => {
  test('any symbolic link is refused by name, nothing outside is read, and a tree of plain files builds', async () => {
    await checkProperty(
      fc.asyncProperty(trees, async (planted) => {
        const dir = await tempDir('tree');
        const outDir = await tempDir('tree-dist');
        try {
          await cp(template, dir, { recursive: true });
          for (const [place, kind] of planted) await plant(dir, place, kind);
          const links = planted.flatMap(([place, kind]) => linksOf(place, kind)).map((p) => `content/${p}`);
          const loaded = await loadContent(dir, 'content');
          if (links.length === 0) {
            expect(loaded.ok).toBe(true);
            return;
          }
          expect(loaded.ok).toBe(false);
          if (loaded.ok) return;
          const named = loaded.problems.map((p) => p.file);
          for (const link of links) expect(named).toContain(link);
          expect(loaded.problems.every((p) => p.message.includes('symbolic link'))).toBe(true);
          expect(JSON.stringify(loaded)).not.toContain(SECRET);
          // The build stops there: nothing is written, so nothing reaches dist/public or the upload.
          const built = await buildSite({ contentDir: dir, outDir });
          expect(built.ok).toBe(false);
          expect(JSON.stringify(built)).not.toContain(SECRET);
          for (const file of await filesUnder(outDir)) expect(await readFile(file, 'utf8')).not.toContain(SECRET);
        } finally {
          await rm(dir, { recursive: true, force: true });
          await rm(outDir, { recursive: true, force: true });
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
