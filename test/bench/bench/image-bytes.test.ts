import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IMAGE_SIZES } from '../../../app/images/image-variants';
import { chooseVariant, imageBytes, slotWidthPx } from '../../../bench/lib/bench/image-bytes';
import { REPO_CONTENT, buildForTest, type BuiltSite } from '../../support/built-site';

describe('resolving sizes like a browser', () => {
  test('a 390 px phone gives the hero and a content image the column less its padding (342 px)', () => {
    expect(slotWidthPx(IMAGE_SIZES.hero, 390)).toBe(342);
    expect(slotWidthPx(IMAGE_SIZES.content, 390)).toBe(342);
  });

  test('at 1280 px the hero takes half the main column and a content image all of it', () => {
    expect(slotWidthPx(IMAGE_SIZES.hero, 1280)).toBe(544);
    expect(slotWidthPx(IMAGE_SIZES.content, 1280)).toBe(1104);
  });

  test('the narrowest variant at least as wide as the slot times the pixel ratio is picked, else the widest', () => {
    const list = [320, 480, 640].map((width) => ({ width, src: `/media/_v/a.${width}.avif` }));
    expect(chooseVariant(list, 342, 1).width).toBe(480);
    expect(chooseVariant(list, 342, 2).width).toBe(640);
    expect(chooseVariant(list, 300, 1).width).toBe(320);
  });
});

describe('image bytes of the sample site', () => {
  let site: BuiltSite;
  beforeAll(async () => {
    site = await buildForTest(REPO_CONTENT);
  }, 120_000);
  afterAll(() => site?.cleanup());

  test('a phone downloads at least 70% fewer image bytes on the page with photos than the originals weigh', async () => {
    const [page] = await imageBytes(site.outDir, ['/en/spring-offer']);
    expect(page!.images.map((i) => i.after)).toEqual([
      expect.stringMatching(/\/harbour\.\w+\.480\.avif$/),
      expect.stringMatching(/\/tower\.\w+\.480\.avif$/),
    ]);
    expect(page!.saving).toBeGreaterThanOrEqual(0.7);
  });

  test('SVG images count the same before and after', async () => {
    const [home] = await imageBytes(site.outDir, ['/en']);
    expect(home!.afterBytes).toBe(home!.beforeBytes);
  });
});
