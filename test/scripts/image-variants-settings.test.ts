/**
 * The variant cache's key covers the encoding settings, not just the source's bytes: an entry
 * made with one width ladder (app/constants.ts) is not reused under
 * another. Each build here loads the pipeline afresh with the constants it names.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type * as Constants from '../../app/constants';
import { tempDir } from '../support/built-site';

let root: string;
const media = () => join(root, 'media');
const cacheDir = () => join(root, 'cache');
let outs = 0;

/** A build of media/ into a new folder, sharing one cache, with the given constants. */
async function build(settings: { widths?: readonly number[] }) {
  vi.resetModules();
  vi.doMock('../../app/constants', async (importOriginal) => {
    const actual = await importOriginal<typeof Constants>();
    return {
      ...actual,
      IMAGE_WIDTHS_PX: settings.widths ?? actual.IMAGE_WIDTHS_PX,
    };
  });
  try {
    const { buildImageVariants } = await import('../../scripts/lib/image-variants');
    const { imageCache } = await import('../../scripts/lib/image-cache');
    const out = join(root, `out${++outs}`);
    const result = await buildImageVariants({
      mediaDir: media(),
      outMediaDir: out,
      shownMediaDir: 'content/media',
      cache: imageCache(cacheDir()),
    });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const info = result.manifest['/media/photo.jpg']!;
    return { encoded: result.encoded, reused: result.reused, info, widths: info.widths };
  } finally {
    vi.doUnmock('../../app/constants');
  }
}

beforeAll(async () => {
  root = await tempDir('image-settings');
  await mkdir(media(), { recursive: true });
  const photo = await sharp({
    create: { width: 700, height: 400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .jpeg()
    .toBuffer();
  await writeFile(join(media(), 'photo.jpg'), photo);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the cache key covers the encoding settings', () => {
  test('an entry made with one width ladder is not reused under another, and its variants get new names', async () => {
    const before = await build({ widths: [320, 480] });
    expect(before).toMatchObject({ encoded: 1, widths: [320, 480] });

    const after = await build({ widths: [320, 640] });
    expect(after).toMatchObject({ encoded: 1, reused: 0, widths: [320, 640] });
    // A new key is a new hash, and the variants' names carry it.
    expect(after.info.hash).not.toBe(before.info.hash);

    // The same settings again: a hit, with the same names.
    const again = await build({ widths: [320, 640] });
    expect(again).toMatchObject({ encoded: 0, reused: 1, widths: [320, 640] });
    expect(again.info).toEqual(after.info);
  });
});
