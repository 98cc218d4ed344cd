/** Which saved files make `npm run dev` rebuild what, and what an open tab then does. */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { classifyChange, contentChange, rebuildFor } from '../../scripts/lib/dev-changes';

const root = '/repo';
const contentDir = '/repo/content';
const dirs = { root, contentDir };
const kind = (file: string) => classifyChange(join(root, file), dirs);

describe('a saved file', () => {
  test('a page file or site.json is content: only the records are made again', () => {
    expect(kind('content/pages/en/about.json')).toBe('content');
    expect(kind('content/pages/en/loans/car.json')).toBe('content');
    expect(kind('content/site.json')).toBe('content');
  });

  test('a pages folder renamed or removed is content too: its pages come or go', () => {
    expect(kind('content/pages/en/loans')).toBe('content');
    expect(kind('content/pages')).toBe('content');
  });

  test('a media file, or the media folder, needs a whole build: variants and dimensions come from the files', () => {
    expect(kind('content/media/hero.jpg')).toBe('media');
    expect(kind('content/media/icons/car.svg')).toBe('media');
    expect(kind('content/media')).toBe('media');
  });

  test('a file in app/, worker/ or public/ is code', () => {
    expect(kind('app/render/app.tsx')).toBe('code');
    expect(kind('worker/routes/pages.ts')).toBe('code');
    expect(kind('public/favicon.svg')).toBe('code');
  });

  test('editors’ swap, backup and lock files, and files no build reads, are ignored', () => {
    for (const file of [
      'content/pages/en/.about.json.swp',
      'content/pages/en/about.json~',
      'content/pages/en/.#about.json',
      'content/pages/en/#about.json#',
      'content/pages/en/4913',
      'content/pages/en/notes.txt',
      'content/README.md',
      'app/.DS_Store',
      'scripts/dev.ts',
      'README.md',
      'app',
    ])
      expect(kind(file), file).toBe('ignored');
  });

  test('a content folder outside the repository is classified by its own layout', () => {
    const elsewhere = { root, contentDir: '/tmp/site' };
    expect(classifyChange('/tmp/site/pages/en/index.json', elsewhere)).toBe('content');
    expect(classifyChange('/tmp/site/media/a.png', elsewhere)).toBe('media');
    expect(classifyChange('/tmp/other/pages/en/index.json', elsewhere)).toBe('ignored');
  });
});

describe('a batch of saved files', () => {
  test('is rebuilt as much as its most demanding file needs', () => {
    const abs = (files: string[]) => files.map((f) => join(root, f));
    expect(rebuildFor(abs(['content/pages/en/a.json', 'content/site.json']), dirs)).toBe('content');
    expect(rebuildFor(abs(['content/pages/en/a.json', 'content/media/x.png']), dirs)).toBe('whole');
    expect(rebuildFor(abs(['content/pages/en/a.json', 'app/head.ts']), dirs)).toBe('whole');
    expect(rebuildFor(abs(['content/pages/en/.a.json.swp', 'scripts/dev.ts']), dirs)).toBe('nothing');
  });
});

describe('what changed between two builds’ pages', () => {
  const before = new Map([
    ['/en', 'h1'],
    ['/en/a', 'h2'],
  ]);

  test('names the pages whose payload changed, and no page came or went', () => {
    expect(
      contentChange(
        before,
        new Map([
          ['/en', 'h1'],
          ['/en/a', 'h3'],
        ]),
      ),
    ).toEqual({ changed: ['/en/a'], pathsChanged: false });
  });

  test('says a page came, and names it as changed', () => {
    const after = new Map([...before, ['/en/b', 'h4']]);
    expect(contentChange(before, after)).toEqual({ changed: ['/en/b'], pathsChanged: true });
  });

  test('says a page went, even when as many pages came', () => {
    expect(
      contentChange(
        before,
        new Map([
          ['/en', 'h1'],
          ['/en/c', 'h2'],
        ]),
      ).pathsChanged,
    ).toBe(true);
  });
});
