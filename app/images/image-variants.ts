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

/**
 * What the build made of one raster image, as the payload carries it (schema in
 * image-manifest.ts): its content hash, intrinsic size, and the widths and formats of its
 * variants. Server and client derive every variant URL, srcset and fallback from it with the
 * functions below, so the page's JSON holds no URL lists and both render the same markup.
 */
export interface ImageDescriptor {
  /** the first 16 hex digits of the variants' content hash */
  hash: string;
  width: number;
  height: number;
  /** variant widths, narrowest first */
  widths: number[];
  /** variant formats, best first; the last is the fallback (JPEG, or PNG with alpha) */
  formats: ImageFormat[];
}

/** The formats a `<picture>` offers as `<source>`s; the fallback goes in the `<img>`'s `src`. */
export const SOURCE_FORMATS = ['avif', 'webp'] as const;
/** The widest variant a browser without AVIF and WebP (Safari 12-13) or without JavaScript gets, px. */
export const FALLBACK_MAX_WIDTH_PX = 1280;

/** The URL of one variant of the image at `path` (`/media/…`): named by its file's stem and the hash. */
export function variantUrl(path: string, image: ImageDescriptor, width: number, format: ImageFormat): string {
  const stem = path.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  return `/media/${VARIANT_DIR}/${variantFileName(stem, image.hash, width, format)}`;
}

/** A `srcset` of every width in one format. */
export function srcsetFor(path: string, image: ImageDescriptor, format: ImageFormat): string {
  return image.widths.map((w) => `${variantUrl(path, image, w, format)} ${w}w`).join(', ');
}

/** The fallback variant, which the `<img>` itself carries: the widest up to FALLBACK_MAX_WIDTH_PX in the last format. */
export function fallbackUrl(path: string, image: ImageDescriptor): string {
  const upTo = image.widths.filter((w) => w <= FALLBACK_MAX_WIDTH_PX);
  const width = upTo.length > 0 ? upTo[upTo.length - 1]! : image.widths[0]!;
  return variantUrl(path, image, width, image.formats[image.formats.length - 1]!);
}

/** The `<source>` formats the image has, best first. */
export function sourceFormatsOf(image: ImageDescriptor): ImageFormat[] {
  return SOURCE_FORMATS.filter((f) => image.formats.includes(f) && f !== image.formats[image.formats.length - 1]);
}

/** Every variant URL of the image: what its `<img>`, `<source>`s and preload may request. */
export function variantUrlsOf(path: string, image: ImageDescriptor): string[] {
  return image.formats.flatMap((f) => image.widths.map((w) => variantUrl(path, image, w, f)));
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
