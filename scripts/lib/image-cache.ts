/**
 * Encoded variants, and originals cleaned of metadata, kept between builds, keyed by the
 * source's content hash and the encoding settings (variantKey in image-variants.ts, originalKey
 * in image-originals.ts), so a rebuild with unchanged images encodes nothing. One folder per
 * entry: `meta.json` plus the files named `<width>.<format>`; names with stems are given at
 * copy time, so a renamed or moved image is still a hit. An entry whose meta.json is
 * unreadable, or which lacks a file it lists, is damaged: a miss, encoded again.
 */
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { IMAGE_FORMATS, type ImageFormat as Format } from '../../app/images/image-variants';
import { ROOT } from './bundle';

const ImageFormat = z.enum(IMAGE_FORMATS);
type ImageFormat = Format;

export const DEFAULT_IMAGE_CACHE_DIR = join(ROOT, '.cache', 'images');

export const CachedImage = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** empty: written by earlier pipelines (a blurred preview), which pages no longer show */
  placeholder: z.string(),
  files: z.array(z.object({ format: ImageFormat, width: z.number().int().positive() })),
});
export type CachedImage = z.infer<typeof CachedImage>;

export const cachedFileName = (width: number, format: ImageFormat) => `${width}.${format}`;

export interface ImageCache {
  /** the entry, or null when absent or unreadable (a damaged entry is re-encoded, never trusted) */
  get(key: string): Promise<CachedImage | null>;
  put(key: string, entry: CachedImage, files: ReadonlyMap<string, Buffer>): Promise<void>;
  copyOut(key: string, width: number, format: ImageFormat, to: string): Promise<void>;
}

export function imageCache(dir: string = DEFAULT_IMAGE_CACHE_DIR): ImageCache {
  const folder = (key: string) => join(dir, key);
  return {
    async get(key) {
      const raw = await readFile(join(folder(key), 'meta.json'), 'utf8').catch(() => null);
      if (raw === null) return null;
      let entry: CachedImage;
      try {
        entry = CachedImage.parse(JSON.parse(raw));
      } catch {
        return null;
      }
      // Every file it lists must be there (and not empty), or copyOut would fail later.
      for (const f of entry.files) {
        const file = await stat(join(folder(key), cachedFileName(f.width, f.format))).catch(() => null);
        if (!file?.isFile() || file.size === 0) return null;
      }
      return entry;
    },
    async put(key, entry, files) {
      // Written under a temporary name and renamed, so an interrupted build leaves no half entry.
      const tmp = `${folder(key)}.tmp-${process.pid}`;
      await rm(tmp, { recursive: true, force: true });
      await mkdir(tmp, { recursive: true });
      for (const [name, bytes] of files) await writeFile(join(tmp, name), bytes);
      await writeFile(join(tmp, 'meta.json'), JSON.stringify(entry));
      // Another build (tests build in parallel) may have put the same entry meanwhile: the same
      // content under the same key, so theirs serves as well and is not pulled from under it.
      // Only a damaged entry is replaced.
      const placed = await rename(tmp, folder(key)).then(
        () => true,
        () => false,
      );
      if (placed) return;
      if ((await this.get(key)) === null) {
        await rm(folder(key), { recursive: true, force: true });
        await rename(tmp, folder(key));
      } else await rm(tmp, { recursive: true, force: true });
    },
    async copyOut(key, width, format, to) {
      await copyFile(join(folder(key), cachedFileName(width, format)), to);
    },
  };
}
