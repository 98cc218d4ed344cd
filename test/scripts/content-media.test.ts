/**
 * Images against the files under media/ (docs/content-model.md#6-image), through the content
 * loader on a generated directory: a missing file, a size that disagrees with the file, and a
 * size left out, which the build reads from the file.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { formatProblem } from '../../app/content/issues';
import { loadContent } from '../../scripts/lib/content-loader';
import { generateContent } from '../../scripts/lib/generate-content';
import { tempDir } from '../support/built-site';
import { png } from '../support/images';

let dir: string;

beforeEach(async () => {
  dir = await tempDir('media-check');
  await generateContent({ dir, pagesPerLocale: 1 });
  await mkdir(join(dir, 'media/photos'), { recursive: true });
  await writeFile(join(dir, 'media/photos/house.png'), png(40, 30));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const PAGE = 'pages/en/page-1.json';

async function addBlocks(...blocks: unknown[]) {
  const file = join(dir, PAGE);
  const page = JSON.parse(await readFile(file, 'utf8'));
  page.blocks.push(...blocks);
  await writeFile(file, JSON.stringify(page));
}

async function problemLines(): Promise<string[]> {
  const result = await loadContent(dir, 'content');
  return result.ok ? [] : result.problems.map(formatProblem);
}

/** The images of /en/page-1 as the build keeps them. */
async function loadedImages(): Promise<unknown[]> {
  const result = await loadContent(dir, 'content');
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
  const page = result.content.pages.find((p) => p.path === '/en/page-1')!.page;
  return page.blocks.flatMap((b) => (b.type === 'image' ? [b.image] : b.type === 'gallery' ? b.images : []));
}

describe('a missing media file', () => {
  test('an image whose file is not in media/ fails the build, naming the file and the field', async () => {
    await addBlocks({ type: 'image', image: { src: '/media/photos/hose.png', alt: 'A house', width: 40, height: 30 } });
    expect(await problemLines()).toEqual([
      'content/pages/en/page-1.json: blocks[5].image.src: /media/photos/hose.png is not a file in media/',
    ]);
  });

  test('an image in a gallery inside a section is named by its path in the section', async () => {
    const image = { src: '/media/photos/house.png', alt: '' };
    await addBlocks({ type: 'section', blocks: [{ type: 'gallery', images: [image, { ...image, src: '/media/photos/gone.png' }] }] });
    expect(await problemLines()).toEqual([
      'content/pages/en/page-1.json: blocks[5].blocks[0].images[1].src: /media/photos/gone.png is not a file in media/',
    ]);
  });

  test('without a media folder every /media/ image is missing', async () => {
    await rm(join(dir, 'media'), { recursive: true });
    await addBlocks({ type: 'image', image: { src: '/media/photos/house.png', alt: '' } });
    expect(await problemLines()).toEqual([
      'content/pages/en/page-1.json: blocks[5].image.src: /media/photos/house.png is not a file in media/',
    ]);
  });

  test('an https image is not fetched, and needs its width and height written', async () => {
    await addBlocks(
      { type: 'image', image: { src: 'https://images.example.com/a.png', alt: '', width: 10, height: 10 } },
      { type: 'image', image: { src: 'https://images.example.com/b.png', alt: '' } },
    );
    expect(await problemLines()).toEqual([
      'content/pages/en/page-1.json: blocks[6].image.width: Required for an https image: the build reads the size of files under /media/ only',
      'content/pages/en/page-1.json: blocks[6].image.height: Required for an https image: the build reads the size of files under /media/ only',
    ]);
  });
});

describe('an image’s width and height', () => {
  test('a size other than the file’s fails the build, naming both sizes', async () => {
    await addBlocks({ type: 'image', image: { src: '/media/photos/house.png', alt: 'A house', width: 800, height: 600 } });
    expect(await problemLines()).toEqual([
      "content/pages/en/page-1.json: blocks[5].image: width and height say 800×600, but /media/photos/house.png is 40×30 (as shown, upright): write the file's size, or leave width and height out and the build reads them from the file",
    ]);
  });

  test('one side written and wrong fails the build too', async () => {
    await addBlocks({ type: 'image', image: { src: '/media/photos/house.png', alt: '', height: 40 } });
    expect(await problemLines()).toEqual([
      expect.stringContaining('blocks[5].image: width and height say ?×40, but /media/photos/house.png is 40×30'),
    ]);
  });

  test('a size left out is read from the file', async () => {
    await addBlocks({ type: 'image', image: { src: '/media/photos/house.png', alt: 'A house' } });
    expect(await loadedImages()).toEqual([{ src: '/media/photos/house.png', alt: 'A house', width: 40, height: 30 }]);
  });

  test('the size of a photo turned by its EXIF orientation is its upright size', async () => {
    const turned = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    await writeFile(join(dir, 'media/portrait.jpg'), turned);
    await addBlocks(
      { type: 'image', image: { src: '/media/portrait.jpg', alt: '' } },
      { type: 'image', image: { src: '/media/portrait.jpg', alt: '', width: 20, height: 30 } },
    );
    expect(await loadedImages()).toEqual([
      { src: '/media/portrait.jpg', alt: '', width: 20, height: 30 },
      { src: '/media/portrait.jpg', alt: '', width: 20, height: 30 },
    ]);
  });

  test('an SVG’s size is read from its width and height', async () => {
    await writeFile(
      join(dir, 'media/icon.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="1" height="1"/></svg>',
    );
    await addBlocks({ type: 'gallery', images: [{ src: '/media/icon.svg', alt: '' }] });
    expect(await loadedImages()).toEqual([{ src: '/media/icon.svg', alt: '', width: 64, height: 48 }]);
  });

  test('a file the build cannot read as an image builds with a written size, and is named without one', async () => {
    await writeFile(join(dir, 'media/logo.ico'), 'not an image the build reads');
    await addBlocks({ type: 'image', image: { src: '/media/logo.ico', alt: '', width: 16, height: 16 } });
    expect(await problemLines()).toEqual([]);
    await addBlocks({ type: 'image', image: { src: '/media/logo.ico', alt: '' } });
    expect(await problemLines()).toEqual([
      'content/pages/en/page-1.json: blocks[6].image.src: /media/logo.ico is not an image the build can read the size of (JPEG, PNG, WebP, AVIF, GIF or SVG): write its width and height',
    ]);
  });
});
