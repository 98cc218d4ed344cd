import { describe, expect, test } from 'vitest';
import { IMAGE_WIDTHS_PX } from '../../../app/constants';
import {
  IMAGE_SIZES,
  fallbackUrl,
  ladderFor,
  sourceFormatsOf,
  srcsetFor,
  variantFileName,
  variantUrlsOf,
  type ImageDescriptor,
} from '../../../app/images/image-variants';

describe('the width ladder', () => {
  test('a 4000 px photo gets every rung of the ladder', () => {
    expect(ladderFor(4000)).toEqual([...IMAGE_WIDTHS_PX]);
  });

  test('no variant is wider than its source', () => {
    expect(ladderFor(1000)).toEqual([320, 480, 640, 960]);
    expect(ladderFor(1280)).toEqual([320, 480, 640, 960, 1280]);
  });

  test('an image narrower than the smallest rung still gets one variant, at its own width', () => {
    expect(ladderFor(200)).toEqual([200]);
  });
});

describe('variant names', () => {
  test('carry the stem, the content hash, the width and the format', () => {
    expect(variantFileName('harbour at dusk', 'abcdef0123456789ffff', 640, 'avif')).toBe('harbour-at-dusk.abcdef0123456789.640.avif');
    expect(variantFileName('p', 'abcdef0123456789', 320, 'jpeg')).toBe('p.abcdef0123456789.320.jpg');
  });
});

describe('markup derived from the compact descriptor', () => {
  const photo: ImageDescriptor = {
    hash: 'abcdef0123456789',
    width: 2000,
    height: 1334,
    widths: [320, 640, 1280, 1920],
    formats: ['avif', 'webp', 'jpeg'],
  };

  test('a srcset lists each width of one format, named by the stem of the media path and the hash', () => {
    expect(srcsetFor('/media/photos/harbour.jpg', { ...photo, widths: [320, 640] }, 'webp')).toBe(
      '/media/_v/harbour.abcdef0123456789.320.webp 320w, /media/_v/harbour.abcdef0123456789.640.webp 640w',
    );
  });

  test('the fallback is the widest JPEG up to 1280 px; an image with alpha falls back to PNG', () => {
    expect(fallbackUrl('/media/a.jpg', photo)).toBe('/media/_v/a.abcdef0123456789.1280.jpg');
    expect(fallbackUrl('/media/logo.png', { ...photo, formats: ['avif', 'webp', 'png'] })).toBe('/media/_v/logo.abcdef0123456789.1280.png');
  });

  test('a picture offers AVIF then WebP as sources, never its fallback format', () => {
    expect(sourceFormatsOf(photo)).toEqual(['avif', 'webp']);
    expect(sourceFormatsOf({ ...photo, formats: ['webp'] })).toEqual([]);
  });

  test('the variant URLs are every format at every width', () => {
    expect(variantUrlsOf('/media/a.jpg', photo)).toHaveLength(12);
  });
});

describe('sizes per block', () => {
  test('the hero takes half of the main column from 56rem and the full column below', () => {
    expect(IMAGE_SIZES.hero).toBe('(min-width: 72rem) 34rem, (min-width: 56rem) calc(50vw - 2.5rem), calc(100vw - 3rem)');
  });

  test('cards, gallery slides and content images each end with a width for the narrowest screens', () => {
    for (const sizes of Object.values(IMAGE_SIZES)) expect(sizes).toMatch(/, calc\(100vw - \drem\)$/);
  });

  test('no sizes uses min() or max(), which Chrome 64 and Safari 12 do not parse in sizes', () => {
    for (const sizes of Object.values(IMAGE_SIZES)) expect(sizes).not.toMatch(/\b(min|max)\(/);
  });
});
