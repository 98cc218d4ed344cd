import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ImageManifest } from '../../app/images/image-manifest';
import { imageCache } from '../../scripts/lib/image-cache';
import { fallbackUrl, variantUrl } from '../../app/images/image-variants';
import { buildImageVariants } from '../../scripts/lib/image-variants';
import { tempDir } from '../support/built-site';

let root: string;
const media = () => join(root, 'media');
const cacheDir = () => join(root, 'cache');

/** A 1000×700 photo stored sideways: EXIF orientation 6 shows it 700 wide, 1000 high. */
async function sidewaysJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1000, height: 700, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'TestCam', Model: 'GPS-9000' } } })
    .toBuffer();
}

async function alphaPng(): Promise<Buffer> {
  return sharp({ create: { width: 500, height: 300, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

async function run(dir: string, out: string) {
  return buildImageVariants({ mediaDir: dir, outMediaDir: out, shownMediaDir: 'content/media', cache: imageCache(cacheDir()) });
}

beforeAll(async () => {
  root = await tempDir('images');
  await mkdir(join(media(), 'photos'), { recursive: true });
  await writeFile(join(media(), 'photos', 'sideways.jpg'), await sidewaysJpeg());
  await writeFile(join(media(), 'badge.png'), await alphaPng());
  await writeFile(join(media(), 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('image variants', () => {
  test('a sideways JPEG is turned upright, in AVIF, WebP and JPEG at every rung up to its width, with no EXIF', async () => {
    const out = join(root, 'out1');
    const result = await run(media(), out);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const info = ImageManifest.parse(result.manifest)['/media/photos/sideways.jpg']!;
    expect([info.width, info.height]).toEqual([700, 1000]);
    expect(info).toMatchObject({ widths: [320, 480, 640], formats: ['avif', 'webp', 'jpeg'] });
    for (const format of info.formats) {
      for (const width of info.widths) {
        const meta = await sharp(
          join(out, variantUrl('/media/photos/sideways.jpg', info, width, format).slice('/media/'.length)),
        ).metadata();
        expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((width * 1000) / 700));
        expect(meta.exif).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
      }
    }
  });

  test('a PNG with alpha keeps it, with PNG instead of JPEG as the fallback', async () => {
    const result = await run(media(), join(root, 'out2'));
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const info = result.manifest['/media/badge.png']!;
    expect(info).toMatchObject({ widths: [320, 480], formats: ['avif', 'webp', 'png'] });
    const png = fallbackUrl('/media/badge.png', info);
    const meta = await sharp(join(root, 'out2', png.slice('/media/'.length))).metadata();
    expect(meta.hasAlpha).toBe(true);
  });

  test('SVGs are left out of the manifest (served as they are)', async () => {
    const result = await run(media(), join(root, 'out3'));
    expect(result.ok && Object.keys(result.manifest).sort()).toEqual(['/media/badge.png', '/media/photos/sideways.jpg']);
  });

  test('each image it encodes is announced as n/N name before the encoding, and a cached one is not', async () => {
    // Tiny images of their own: what is told, not the encoding, is under test.
    const dir = join(root, 'progress-media');
    await mkdir(join(dir, 'photos'), { recursive: true });
    const tiny = (background: string) =>
      sharp({ create: { width: 24, height: 16, channels: 3, background } })
        .png()
        .toBuffer();
    await writeFile(join(dir, 'badge.png'), await tiny('#c00'));
    await writeFile(join(dir, 'photos', 'harbour.png'), await tiny('#00c'));
    const lines: string[] = [];
    const progress = (line: string) => lines.push(line);
    const cache = imageCache(join(root, 'progress-cache'));
    const options = { mediaDir: dir, outMediaDir: join(root, 'progress-out'), shownMediaDir: 'content/media', cache, progress };
    await buildImageVariants(options);
    expect(lines).toEqual(['images: encoding 1/2 badge.png', 'images: encoding 2/2 photos/harbour.png']);
    lines.length = 0;
    await buildImageVariants(options);
    expect(lines).toEqual([]);
  });

  test('a rebuild with unchanged images encodes nothing and writes the same files', async () => {
    await run(media(), join(root, 'out4'));
    const again = await run(media(), join(root, 'out5'));
    expect(again.ok && { encoded: again.encoded, reused: again.reused }).toEqual({ encoded: 0, reused: 2 });
    expect((await readdir(join(root, 'out5', '_v'))).sort()).toEqual((await readdir(join(root, 'out4', '_v'))).sort());
  });
});

describe('bad images fail the build naming the file', () => {
  async function problemsFor(name: string, bytes: Buffer | string) {
    const dir = join(root, `bad-${name}`);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, name), bytes);
    const result = await run(dir, join(root, `bad-out-${name}`));
    if (result.ok) throw new Error('expected problems');
    return result.problems;
  }

  test('a truncated JPEG', async () => {
    const whole = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 100, sigma: 30 } },
    })
      .jpeg()
      .toBuffer();
    const problems = await problemsFor('cut.jpg', whole.subarray(0, Math.floor(whole.length / 2)));
    expect(problems).toEqual([
      { file: 'content/media/cut.jpg', path: '(file)', message: expect.stringMatching(/^corrupt or truncated image/) },
    ]);
  });

  test('a text file named .jpg', async () => {
    const problems = await problemsFor('notes.jpg', 'these are not pixels\n');
    expect(problems).toEqual([{ file: 'content/media/notes.jpg', path: '(file)', message: expect.stringMatching(/^not an image/) }]);
  });

  test('an image over 40 megapixels', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#888' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const problems = await problemsFor('huge.png', huge);
    expect(problems).toEqual([
      {
        file: 'content/media/huge.png',
        path: '(file)',
        message: expect.stringContaining('8000×6000 px (48.0 MP) is larger than the limit of 40 MP'),
      },
    ]);
  });
});
