/**
 * The variant cache (scripts/lib/image-cache.ts) with a damaged entry: meta.json is there but a
 * file it lists is missing or empty. Such an entry is a miss, encoded again, never a crash of
 * the build.
 */
import { access, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cachedFileName, imageCache, type CachedImage } from '../../scripts/lib/image-cache';
import { variantUrlsOf } from '../../app/images/image-variants';
import { buildImageVariants } from '../../scripts/lib/image-variants';
import { tempDir } from '../support/built-site';

let root: string;

beforeAll(async () => {
  root = await tempDir('image-cache');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('a cache entry is only a hit when every file it lists is there', () => {
  const entry: CachedImage = {
    width: 500,
    height: 300,
    placeholder: 'data:image/jpeg;base64,AAAA',
    files: [
      { format: 'avif', width: 320 },
      { format: 'jpeg', width: 320 },
    ],
  };
  const files = () =>
    new Map([
      [cachedFileName(320, 'avif'), Buffer.from('avif bytes')],
      [cachedFileName(320, 'jpeg'), Buffer.from('jpeg bytes')],
    ]);

  test('a whole entry is returned', async () => {
    const cache = imageCache(join(root, 'whole'));
    await cache.put('k', entry, files());
    expect(await cache.get('k')).toEqual(entry);
  });

  test('an entry missing a file is a miss', async () => {
    const dir = join(root, 'missing');
    const cache = imageCache(dir);
    await cache.put('k', entry, files());
    await rm(join(dir, 'k', cachedFileName(320, 'jpeg')));
    expect(await cache.get('k')).toBeNull();
  });

  test('an entry with an empty file is a miss', async () => {
    const dir = join(root, 'empty');
    const cache = imageCache(dir);
    await cache.put('k', entry, files());
    await writeFile(join(dir, 'k', cachedFileName(320, 'avif')), '');
    expect(await cache.get('k')).toBeNull();
  });

  test('putting the entry again repairs it', async () => {
    const dir = join(root, 'repaired');
    const cache = imageCache(dir);
    await cache.put('k', entry, files());
    await rm(join(dir, 'k', cachedFileName(320, 'avif')));
    await cache.put('k', entry, files());
    expect(await cache.get('k')).toEqual(entry);
    await cache.copyOut('k', 320, 'avif', join(dir, 'copied.avif'));
    expect(await readFile(join(dir, 'copied.avif'), 'utf8')).toBe('avif bytes');
  });
});

describe('a build over a damaged entry', () => {
  test('encodes the image again and writes every variant, and the next build reuses the repaired entry', async () => {
    const media = join(root, 'media');
    const cacheDir = join(root, 'build-cache');
    await mkdir(media, { recursive: true });
    const photo = await sharp({
      create: { width: 500, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
    })
      .jpeg()
      .toBuffer();
    await writeFile(join(media, 'photo.jpg'), photo);
    const run = (out: string) =>
      buildImageVariants({ mediaDir: media, outMediaDir: join(root, out), shownMediaDir: 'content/media', cache: imageCache(cacheDir) });

    const first = await run('out1');
    expect(first.ok && first.encoded).toBe(1);
    const [key] = await readdir(cacheDir);
    await rm(join(cacheDir, key!, cachedFileName(480, 'webp')));

    const second = await run('out2');
    if (!second.ok) throw new Error(JSON.stringify(second.problems));
    expect({ encoded: second.encoded, reused: second.reused }).toEqual({ encoded: 1, reused: 0 });
    const info = second.manifest['/media/photo.jpg']!;
    const srcs = variantUrlsOf('/media/photo.jpg', info);
    expect(srcs).toHaveLength(6); // 320 and 480 px, in AVIF, WebP and JPEG
    for (const src of srcs) await access(join(root, 'out2', src.slice('/media/'.length)));

    const third = await run('out3');
    expect(third.ok && { encoded: third.encoded, reused: third.reused }).toEqual({ encoded: 0, reused: 1 });
  });
});
