/** The page of photos against the same page with variants off: the ratios its budgets judge, with made-up numbers. */
import { describe, expect, test } from 'vitest';
import type { HtmlWeight } from '../../../bench/lib/bench/html-weight';
import { imagePageRatios, type ImagePageKey } from '../../../bench/lib/bench/image-page-figures';

const weight = (bytes: number, gzip: number): HtmlWeight => {
  const sizes = { bytes, gzip, brotli: gzip };
  return { path: '/en/images', inline: sizes, withoutBootData: sizes, bootData: sizes };
};
const page = (key: ImagePageKey, bytes: number, gzip: number, renderInstructions: number[]) => ({
  key,
  label: key,
  path: '/en/images',
  weight: weight(bytes, gzip),
  renderInstructions,
});

describe('the page of photos against its plain twin', () => {
  test('HTML is compared raw and gzip, renders by their median instructions, and the extra bytes are per image', () => {
    const ratios = imagePageRatios({
      images: 30,
      pages: [
        page('fixture', 17_000, 2_700, [2e6]),
        page('images', 39_000, 4_800, [4.4e6, 9e6, 4.5e6]),
        page('imagesPlain', 26_000, 3_600, [3.5e6, 3.6e6, 3.7e6]),
      ],
    });
    expect(ratios.rawVsPlain).toBeCloseTo(1.5);
    expect(ratios.gzipVsPlain).toBeCloseTo(4_800 / 3_600);
    expect(ratios.renderInstructionsVsPlain).toBeCloseTo(4.5 / 3.6);
    expect(ratios.extraRawBytesPerImage).toBeCloseTo(13_000 / 30);
    expect(ratios.extraGzipBytesPerImage).toBeCloseTo(40);
  });

  test('without the plain page every ratio is NaN, which no budget passes', () => {
    const ratios = imagePageRatios({ images: 30, pages: [page('images', 39_000, 4_800, [4e6])] });
    expect(Object.values(ratios).every(Number.isNaN)).toBe(true);
  });
});
