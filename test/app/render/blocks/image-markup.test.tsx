/**
 * What responsive images cost in a page's HTML (docs/performance.md#the-markup-of-a-responsive-image):
 * the same page of N images rendered as the server sends it (markup and the inline boot data),
 * once with the build's variants and once without (plain <img>), differs by at most the
 * budgeted bytes per image. The bench measures the same on its page of 30 photos in workerd.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { BUDGETS } from '../../../../bench/lib/bench/budgets';
import type { Chrome, Payload } from '../../../../app/build-records';
import { Page } from '../../../../app/content/schema';
import type { ImageManifest } from '../../../../app/images/image-manifest';
import { fallbackUrl, ladderFor } from '../../../../app/images/image-variants';
import { renderView } from '../../../../worker/render/render-view';
import '../../../../app/i18n/all-languages';

const chrome: Chrome = {
  siteName: 'Example Bank',
  origin: 'https://www.example.com',
  defaultLocale: 'en',
  locale: { code: 'en', lang: 'en-GB', label: 'English' },
  locales: [{ code: 'en', lang: 'en-GB', label: 'English' }],
  navigation: [],
  footer: {},
};

const PHOTOS = 5;
const photo = (i: number) => ({ src: `/media/photos/photo-${i % PHOTOS}.jpg`, width: 2000, height: 1334 });
const manifest: ImageManifest = Object.fromEntries(
  Array.from({ length: PHOTOS }, (_, i) => [
    photo(i).src,
    { hash: `${i}`.repeat(16), width: 2000, height: 1334, widths: ladderFor(2000), formats: ['avif', 'webp', 'jpeg'] },
  ]),
);

/** A page of `n` images in every layout: a hero, cards, content images and a gallery, in turns. */
function pageOf(n: number) {
  let shown = 0;
  const image = () => ({ ...photo(shown), alt: `Photo ${++shown} of the harbour` });
  const blocks: unknown[] = [{ type: 'hero', heading: 'Photos', image: image() }];
  while (shown < n) {
    const left = n - shown;
    if (left >= 3) blocks.push({ type: 'cards', items: [1, 2, 3].map((k) => ({ title: `Card ${k}`, image: image() })) });
    if (n - shown >= 1) blocks.push({ type: 'image', image: image() });
    if (n - shown >= 4) blocks.push({ type: 'gallery', images: [image(), image(), image(), image()] });
  }
  return Page.parse({ title: 'Photos', blocks });
}

function html(n: number, images: ImageManifest | undefined): string {
  const payload: Payload = { path: '/en/photos', page: pageOf(n), chrome, ...(images ? { images } : {}) };
  return renderView({ kind: 'page', payload }, { buildId: 'b1', assets: { entry: '/_app/entry.js', css: [] } });
}

describe('the markup of responsive images', () => {
  test.each([10, 30])(
    `a page of %i images is at most ${BUDGETS.imageMarkupExtraPerImageBytes} bytes per image larger with variants than with plain <img>`,
    (n) => {
      const withVariants = html(n, manifest);
      const plain = html(n, undefined);
      expect(withVariants).toContain('<picture>');
      expect(plain).not.toContain('<picture>');
      expect((Buffer.byteLength(withVariants) - Buffer.byteLength(plain)) / n).toBeLessThanOrEqual(BUDGETS.imageMarkupExtraPerImageBytes);
      expect(gzipSync(withVariants).length / gzipSync(plain).length).toBeLessThanOrEqual(BUDGETS.imagePageGzipVsPlain);
    },
  );

  test('the boot data describes each image by hash, size, widths and formats, with no variant URL', () => {
    const page = html(10, manifest);
    const boot = /<script type="application\/json" id="[^"]+">(.*?)<\/script>/s.exec(page)![1]!;
    expect(boot).toContain('"widths":[320,480,640,960,1280,1920]');
    expect(boot).not.toContain('/media/_v/');
  });

  test('a waiting image carries only its fallback variant; the first image has its AVIF and WebP sources', () => {
    const page = html(10, manifest);
    expect(page.match(/<source /g)).toHaveLength(2);
    expect(page).toContain(`data-src="${fallbackUrl(photo(1).src, manifest[photo(1).src]!)}"`);
  });
});
