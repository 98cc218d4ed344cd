/** Page files whose URL something else answers first are named by the build. */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { isContentPath } from '../../app/content/paths';
import { formatProblem } from '../../app/content/issues';
import { loadContent } from '../../scripts/lib/content-loader';
import { generateContent, samplePage } from '../../scripts/lib/generate-content';
import { listStaticFiles, shadowOf } from '../../scripts/lib/reserved-paths';
import { appSteps } from '../../worker/app';
import { BuildMemory } from '../../worker/build-memory';
import { PageMemory } from '../../worker/middleware/edge-cache';
import { tempDir } from '../support/built-site';
import { ASSETS } from '../worker/in-process';

let dir: string;

beforeEach(async () => {
  dir = await tempDir('reserved');
  await generateContent({ dir, pagesPerLocale: 1 });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function addPage(rel: string) {
  const file = join(dir, 'pages', rel);
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, JSON.stringify(samplePage('Shadowed', 'en', 1)));
}

async function problemLines(publicDir?: string): Promise<string[]> {
  const result = await loadContent(dir, 'content', publicDir);
  return result.ok ? [] : result.problems.map(formatProblem);
}

describe('page paths something else answers first', () => {
  test.each([
    ['preview.json', '/preview'],
    ['unsupported.json', '/unsupported'],
    ['reset-storage.json', '/reset-storage'],
    ['reset-storage/en.json', '/reset-storage'],
  ])('pages/%s is named as the system page %s', async (rel, system) => {
    await addPage(rel);
    expect(await problemLines()).toEqual([
      expect.stringMatching(new RegExp(`^content/pages/${rel}: \\(file name\\): .*own page ${system} `)),
    ]);
  });

  // The example editor is in the preview host's assets only, and a page there would show on
  // the live host but never on the preview host, where editors check it first.
  test('pages/editor/index.json is named as the static editor in preview-public/', async () => {
    await addPage('editor/index.json');
    expect(await problemLines()).toEqual([
      'content/pages/editor/index.json: (file name): is the URL /editor, which the static file preview-public/editor/index.html answers before any page',
    ]);
  });

  test('a page under editor/ is named as the static folder preview-public/editor/', async () => {
    await addPage('editor/guide.json');
    expect(await problemLines()).toEqual([
      'content/pages/editor/guide.json: (file name): is the URL /editor/guide, under /editor/, where the static files of preview-public/editor/ are served',
    ]);
  });

  test('a page under media/ is named as the media folder', async () => {
    await addPage('media/logo.json');
    expect(await problemLines()).toEqual([
      'content/pages/media/logo.json: (file name): is the URL /media/logo, under /media/, where the files of media/ are served',
    ]);
  });

  test('a page named like a file of public/, as it is or by the HTML handling, is named', async () => {
    const publicDir = await tempDir('reserved-public');
    try {
      await mkdir(join(publicDir, 'help'));
      await writeFile(join(publicDir, 'about'), 'a file without an extension');
      await writeFile(join(publicDir, 'terms.html'), '<p>terms</p>');
      await writeFile(join(publicDir, 'help', 'index.html'), '<p>help</p>');
      await addPage('about.json');
      await addPage('terms.json');
      await addPage('help.json');
      expect(await problemLines(publicDir)).toEqual([
        'content/pages/about.json: (file name): is the URL /about, which the static file public/about answers before any page',
        'content/pages/help.json: (file name): is the URL /help, which the static file public/help/index.html answers before any page',
        'content/pages/terms.json: (file name): is the URL /terms, which the static file public/terms.html answers before any page',
      ]);
    } finally {
      await rm(publicDir, { recursive: true, force: true });
    }
  });

  test('pages whose names only begin like a reserved path build', async () => {
    for (const rel of ['previews.json', 'editorial.json', 'media-kit.json', 'en/preview.json', 'en/media/x.json']) await addPage(rel);
    expect(await problemLines()).toEqual([]);
  });

  test('every page path the worker answers itself is refused', async () => {
    const statics = await listStaticFiles();
    const steps = appSteps({ assets: ASSETS, memory: new BuildMemory(), pageMemory: new PageMemory() });
    // A route's own path, and a path below it for a route that takes any (`/reset-storage/*`).
    const answered = steps
      .filter((s) => s.method !== 'POST' && s.path !== '/*')
      .map((s) => s.path.replace(/\/\*$/, '/x'))
      .filter(isContentPath);
    expect(answered.length).toBeGreaterThan(3);
    for (const path of answered) expect([path, shadowOf(path, statics)]).toEqual([path, expect.any(String)]);
  });
});
