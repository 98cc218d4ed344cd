/**
 * The media folder as the build publishes it (scripts/lib/image-originals.ts): an image keeps
 * its picture, its orientation applied and its colour profile, and loses EXIF, GPS, XMP, IPTC
 * and comments. What a file carries is read from its structure (test/support/image-metadata.ts).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { imageCache } from '../../scripts/lib/image-cache';
import { publishMedia } from '../../scripts/lib/image-originals';
import { tempDir } from '../support/built-site';
import {
  CAMERA_EXIF,
  XMP_PACKET,
  gifWithMetadata,
  imageBlocks,
  withCommentAndAppendedPicture,
  withIptcSegment,
  withPngTextChunks,
} from '../support/image-metadata';
import { WEBP_LOSSLESS } from '../support/images';

let root: string;
const media = () => join(root, 'media');
let outs = 0;

/**
 * A 150×100 photo as a camera writes it, stored sideways (EXIF orientation 6: shown 100 wide,
 * 150 high) unless `upright`. Noise, so that every re-encode changes pixels; small, since what
 * is checked is the metadata and the turn, not the encoder (600×400 cost 11 CPU-s more).
 */
const STORED = { width: 150, height: 100 };
const SHOWN = [STORED.height, STORED.width];
const camera = (format: 'jpeg' | 'png' | 'webp' | 'avif', { upright = false } = {}) =>
  sharp({ create: { ...STORED, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .toFormat(format)
    .withExif(CAMERA_EXIF)
    .withXmp(XMP_PACKET)
    .withIccProfile('p3')
    .withMetadata({ orientation: upright ? 1 : 6 })
    .toBuffer();

/** A digest of the decoded pixels (a failing comparison of the buffers themselves would print megabytes). */
const pixels = async (image: Buffer) =>
  createHash('sha256')
    .update(await sharp(image).raw().toBuffer())
    .digest('hex');

async function publish(dir = media()) {
  const out = join(root, `out${++outs}`);
  const result = await publishMedia({
    mediaDir: dir,
    outMediaDir: out,
    shownMediaDir: 'content/media',
    cache: imageCache(join(root, 'cache')),
  });
  return { result, out, read: (name: string) => readFile(join(out, name)) };
}

beforeAll(async () => {
  root = await tempDir('originals');
  await mkdir(join(media(), 'photos'), { recursive: true });
  await writeFile(join(media(), 'photos', 'camera.jpg'), withIptcSegment(await camera('jpeg')));
  const preview = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
    .jpeg()
    .withExif(CAMERA_EXIF)
    .toBuffer();
  await writeFile(
    join(media(), 'upright.jpeg'),
    withCommentAndAppendedPicture(withIptcSegment(await camera('jpeg', { upright: true })), preview),
  );
  await writeFile(join(media(), 'camera.png'), withPngTextChunks(await camera('png')));
  await writeFile(join(media(), 'camera.webp'), await camera('webp'));
  await writeFile(join(media(), 'camera.avif'), await camera('avif'));
  await writeFile(join(media(), 'drawing.webp'), WEBP_LOSSLESS);
  await writeFile(join(media(), 'loop.gif'), gifWithMetadata(5, 3));
  await writeFile(
    join(media(), 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><metadata id="m"><x:xmpmeta xmlns:x="adobe:ns:meta/"/></metadata><rect width="1" height="1"/></svg>',
  );
  await writeFile(join(media(), 'price-list.pdf'), '%PDF-1.4 not an image\n');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('a published original carries its picture and nothing else', () => {
  test.each([
    ['photos/camera.jpg', ['IPTC', 'EXIF', 'XMP']],
    // sharp writes its XMP in one iTXt chunk, the fixture adds another
    ['camera.png', ['EXIF', 'XMP', 'XMP', 'IPTC', 'tEXt Comment']],
    ['camera.webp', ['EXIF', 'XMP']],
  ])('%s loses %j, is turned upright and keeps its colour profile', async (name, carried) => {
    const source = imageBlocks(await readFile(join(media(), name)));
    expect(source.metadata.sort()).toEqual([...carried].sort());
    expect(source.icc).toBe(true);

    const { result, read } = await publish();
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const published = await read(name);
    expect(imageBlocks(published)).toEqual({ format: source.format, metadata: [], icc: true });
    const meta = await sharp(published).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([...SHOWN, undefined]);
  });

  test('an upright JPEG loses its metadata, comment and appended picture, and keeps its picture as it was', async () => {
    const source = await readFile(join(media(), 'upright.jpeg'));
    expect(imageBlocks(source).metadata).toEqual([
      'comment',
      'IPTC',
      'EXIF',
      'XMP',
      expect.stringMatching(/bytes after the end of the image$/),
    ]);
    const { read } = await publish();
    const published = await read('upright.jpeg');
    expect(imageBlocks(published)).toEqual({ format: 'jpeg', metadata: [], icc: true });
    // Not encoded again: the same pixels, which a lossy re-encode would not give.
    expect(await pixels(published)).toBe(await pixels(source));
  });

  test('an AVIF loses its EXIF and XMP items, is turned upright and keeps its colour profile', async () => {
    // An AVIF is turned by its `irot` property, not by an EXIF tag.
    expect(imageBlocks(await readFile(join(media(), 'camera.avif'))).metadata.sort()).toEqual(['EXIF', 'XMP', 'irot']);
    const { read } = await publish();
    const published = await read('camera.avif');
    expect(imageBlocks(published)).toEqual({ format: 'avif', metadata: [], icc: true });
    const meta = await sharp(published).metadata();
    expect([meta.width, meta.height]).toEqual(SHOWN);
  });

  test('a lossless WebP stays lossless, pixel for pixel', async () => {
    const { read } = await publish();
    const published = await read('drawing.webp');
    expect(published.includes('VP8L')).toBe(true);
    expect(await pixels(published)).toBe(await pixels(Buffer.from(WEBP_LOSSLESS)));
  });

  test('a GIF loses its comment and XMP, and keeps its loop and its frame byte for byte', async () => {
    const source = await readFile(join(media(), 'loop.gif'));
    expect(imageBlocks(source).metadata).toEqual(['comment', 'XMP']);
    const { read } = await publish();
    const published = await read('loop.gif');
    expect(imageBlocks(published).metadata).toEqual([]);
    expect(published.includes('NETSCAPE2.0')).toBe(true);
    expect(await pixels(published)).toBe(await pixels(source));
  });

  test('an SVG loses its <metadata> element and keeps the rest as written', async () => {
    const { read } = await publish();
    expect((await read('logo.svg')).toString()).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="1" height="1"/></svg>',
    );
  });

  test('a file that is not an image is published as it is', async () => {
    const { read } = await publish();
    expect((await read('price-list.pdf')).toString()).toBe('%PDF-1.4 not an image\n');
  });
});

describe('cleaned originals are kept in the image cache', () => {
  test('a second publish cleans nothing again and writes the same files', async () => {
    const first = await publish();
    const second = await publish();
    expect(second.result).toEqual({ ok: true, cleaned: 0, reused: 6 });
    for (const name of ['photos/camera.jpg', 'upright.jpeg', 'camera.png', 'camera.webp', 'camera.avif', 'drawing.webp'])
      expect(await second.read(name), name).toEqual(await first.read(name));
  });
});

describe('a file that cannot be published clean fails the build naming it', () => {
  async function problemsFor(name: string, content: Buffer | string) {
    const dir = join(root, `bad-${name}`);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, name), content);
    const { result, out } = await publish(dir);
    if (result.ok) throw new Error('expected problems');
    expect(await readdir(out).catch(() => [])).not.toContain(name);
    return result.problems;
  }

  test('a TIFF or HEIC photo', async () => {
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .tiff()
      .withExif(CAMERA_EXIF)
      .toBuffer();
    expect(await problemsFor('scan.tiff', tiff)).toEqual([
      { file: 'content/media/scan.tiff', path: '(file)', message: expect.stringMatching(/^TIFF files are not published/) },
    ]);
    expect(await problemsFor('IMG_0001.HEIC', 'ftypheic')).toEqual([
      { file: 'content/media/IMG_0001.HEIC', path: '(file)', message: expect.stringMatching(/^HEIC files are not published/) },
    ]);
  });

  test('a GIF cut off inside a block', async () => {
    const whole = gifWithMetadata(5, 3);
    expect(await problemsFor('cut.gif', whole.subarray(0, 30))).toEqual([
      { file: 'content/media/cut.gif', path: '(file)', message: expect.stringMatching(/^truncated GIF/) },
    ]);
  });

  test('an animated WebP with an EXIF orientation', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 20, height: 30, channels: 4, background: colour } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#f00'), await frame('#0f0')], { join: { animated: true } })
      .webp()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await problemsFor('spin.webp', animated)).toEqual([
      { file: 'content/media/spin.webp', path: '(file)', message: expect.stringMatching(/^an animated image with an EXIF orientation/) },
    ]);
  });
});
