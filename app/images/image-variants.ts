/**
 * The pure half of the image pipeline: which widths a raster image gets, how its variants are
 * named, and the `sizes` each block's layout needs. Free of zod, which visitors' code does not
 * load (the manifest's schema is image-manifest.ts).
 * The encoding itself is scripts/lib/image-variants.ts (Node only).
 */
import { IMAGE_WIDTHS_PX } from '../constants';

/** Formats of the variants, best first; each image gets AVIF, WebP and one fallback: PNG when it has alpha, else JPEG. */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg', 'png'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/**
 * Source extensions the build turns into variants. SVG is served as is, and so is GIF: a
 * variant of its first frame would silently drop an animation.
 */
export const RASTER_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif'] as const;

/** Public folder of the variants, under /media/, served immutable. */
export const VARIANT_DIR = '_v';

/**
 * The ladder widths not above the source width; a source narrower than the smallest rung gets
 * one variant at its own width, so every image has at least one.
 */
export function ladderFor(sourceWidth: number): number[] {
  const widths: number[] = IMAGE_WIDTHS_PX.filter((w) => w <= sourceWidth);
  return widths.length > 0 ? widths : [Math.max(1, Math.floor(sourceWidth))];
}

/** `<stem>.<hash>.<width>.<ext>`: the content hash makes the name immutable. */
export function variantFileName(stem: string, hash: string, width: number, format: ImageFormat): string {
  const safeStem = stem.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || 'image';
  return `${safeStem}.${hash.slice(0, 16)}.${width}.${format === 'jpeg' ? 'jpg' : format}`;
}

export function srcsetOf(variants: readonly { width: number; src: string }[]): string {
  return variants.map((v) => `${v.src} ${v.width}w`).join(', ');
}

/**
 * `sizes` per block, from app/styles/site.css: main is at most 72rem wide with 1.5rem padding
 * each side; the hero splits in two columns from 56rem; cards fill a grid of 15rem-minimum
 * columns; gallery slides and content images span the main column. Written with media
 * conditions and calc() only, which Chrome 64 / Safari 12 understand (no min()).
 */
export const IMAGE_SIZES = {
  hero: '(min-width: 72rem) 34rem, (min-width: 56rem) calc(50vw - 2.5rem), calc(100vw - 3rem)',
  card: '(min-width: 72rem) 22rem, (min-width: 34rem) calc(50vw - 2.5rem), calc(100vw - 5rem)',
  gallery: '(min-width: 72rem) 69rem, calc(100vw - 3rem)',
  content: '(min-width: 72rem) 69rem, calc(100vw - 3rem)',
} as const;
export type ImageLayout = keyof typeof IMAGE_SIZES;
