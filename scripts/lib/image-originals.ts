/**
 * content/media as it is published (dist/public/media): every file at its own path, except that
 * no image keeps data about where, when or with what it was made. A photo straight from the
 * camera carries EXIF with GPS, XMP and IPTC; its `/media/...` address stays public (content
 * links to it, and it is in the page's payload), so the original is published cleaned:
 *
 *   upright JPEG            its metadata segments cut out (metadata-strip.ts): the picture is
 *                           kept byte for byte, never encoded again.
 *   JPEG with orientation,  decoded and encoded again by sharp in the same format: orientation
 *   PNG, WebP, AVIF         applied, colour profile kept, no other metadata (sharp writes none
 *                           unless asked).
 *   GIF, SVG                cleaned byte for byte (metadata-strip.ts): an animation is kept as is.
 *   TIFF, HEIC              refused: browsers do not all show them, and the build does not clean them.
 *   anything else           copied as it is (it is not an image: a PDF, a text file).
 *
 * JPEG, PNG, WebP and AVIF are kept in the image cache (image-cache.ts), keyed by the settings
 * below and the source's content, like the variants. A file that cannot be cleaned is a
 * content problem naming it, never a crash and never published unclean.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile, copyFile } from 'node:fs/promises';
import { dirname, extname, join, relative, sep } from 'node:path';
import sharp from 'sharp';
import type { ContentProblem } from '../../app/content/issues';
import { IMAGE_MAX_INPUT_PIXELS } from '../../app/constants';
import type { ImageFormat } from '../../app/images/image-variants';
import { cachedFileName, imageCache, type CachedImage, type ImageCache } from './image-cache';
import { IMAGE_ENCODE_TIMEOUT_S } from './image-variants';
import { stripGif, stripJpeg, stripSvg } from './metadata-strip';

/** Bump when the cleaning code changes in a way ORIGINAL_SETTINGS does not show. */
const PIPELINE_VERSION = 'original-2';
/** Each raster extension is published in its own format, so the bytes match the name's type. */
const FORMAT_OF_EXTENSION = new Map<string, ImageFormat>([
  ['.jpg', 'jpeg'],
  ['.jpeg', 'jpeg'],
  ['.png', 'png'],
  ['.webp', 'webp'],
  ['.avif', 'avif'],
]);
const REFUSED_EXTENSIONS = new Map([
  ['.tif', 'TIFF'],
  ['.tiff', 'TIFF'],
  ['.heic', 'HEIC'],
  ['.heif', 'HEIF'],
]);
/**
 * Encoding of a published original: the visitor who opens it gets the full picture, so JPEG,
 * lossy WebP and AVIF are encoded near their source's quality, and PNG and lossless WebP
 * losslessly (a palette PNG keeps its palette).
 */
const QUALITY = {
  jpeg: { quality: 90, mozjpeg: true },
  png: { compressionLevel: 9 },
  webp: { quality: 90 },
  webpLossless: { lossless: true },
  avif: { quality: 80, effort: 4 },
} as const;
const ORIGINAL_SETTINGS = { pipeline: PIPELINE_VERSION, maxInputPixels: IMAGE_MAX_INPUT_PIXELS, quality: QUALITY };

/** The cache key of a cleaned original: the settings and the source's content. */
export function originalKey(bytes: Buffer): string {
  return createHash('sha256').update(JSON.stringify(ORIGINAL_SETTINGS)).update('\0').update(bytes).digest('hex');
}

/** Whether a WebP file's picture is lossless (a VP8L chunk, on its own or inside VP8X). */
function isLosslessWebp(bytes: Buffer): boolean {
  for (let i = 12; i + 8 <= bytes.length; i += 8 + bytes.readUInt32LE(i + 4) + (bytes.readUInt32LE(i + 4) % 2)) {
    if (bytes.toString('latin1', i, i + 4) === 'VP8L') return true;
  }
  return false;
}

/** The source without metadata, in `format`; throws an Error whose message is fit for an editor. */
async function clean(bytes: Buffer, format: ImageFormat): Promise<{ entry: CachedImage; file: Buffer }> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { animated: true }).metadata();
  } catch (error) {
    throw new Error('not an image sharp can read (the file content is not JPEG, PNG, WebP or AVIF)', { cause: error });
  }
  // sharp cannot turn a multi-page image; its frames would be published sideways and untagged.
  if ((meta.pages ?? 1) > 1 && (meta.orientation ?? 1) > 1)
    throw new Error('an animated image with an EXIF orientation cannot be turned upright by the build: save it upright');
  const decoder = (input: Buffer) =>
    sharp(input, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'truncated', animated: true }).timeout({
      seconds: IMAGE_ENCODE_TIMEOUT_S,
    });
  if (format === 'jpeg' && meta.format === 'jpeg' && (meta.orientation ?? 1) === 1 && meta.width && meta.height) {
    // Upright already: its metadata segments are cut out, and the picture is kept as it was.
    try {
      const file = stripJpeg(bytes);
      await decoder(file).raw().toBuffer();
      return { entry: { width: meta.width, height: meta.height, placeholder: '', files: [{ format, width: meta.width }] }, file };
    } catch (error) {
      throw new Error(`corrupt or truncated image (${(error as Error).message.trim()})`, { cause: error });
    }
  }
  let image = decoder(bytes).rotate().keepIccProfile();
  if (format === 'jpeg') image = image.jpeg({ ...QUALITY.jpeg, chromaSubsampling: meta.chromaSubsampling === '4:4:4' ? '4:4:4' : '4:2:0' });
  else if (format === 'png') {
    // sharp writes 8 bits a sample unless the picture is kept in 16.
    if (meta.depth === 'ushort') image = image.toColourspace((meta.channels ?? 3) >= 3 ? 'rgb16' : 'grey16');
    image = image.png({ ...QUALITY.png, ...(meta.isPalette ? { palette: true, quality: 100, dither: 0 } : {}) });
  } else if (format === 'webp') image = image.webp(isLosslessWebp(bytes) ? QUALITY.webpLossless : QUALITY.webp);
  else image = image.avif(QUALITY.avif);
  try {
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    // An animation's frames are stacked: its height is a frame's. A cleaned original has no placeholder.
    const height = Math.round(info.height / (meta.pages ?? 1));
    const entry = { width: info.width, height, placeholder: '', files: [{ format, width: info.width }] };
    return { entry, file: data };
  } catch (error) {
    throw new Error(`corrupt or truncated image (${(error as Error).message.trim()})`, { cause: error });
  }
}

export interface PublishMediaOptions {
  mediaDir: string;
  /** dist/public/media */
  outMediaDir: string;
  /** how the media folder is named in problem lines, e.g. `content/media` */
  shownMediaDir: string;
  cache?: ImageCache;
}

export type PublishMediaResult = { ok: true; cleaned: number; reused: number } | { ok: false; problems: ContentProblem[] };

/** Files under `dir`; symbolic links are not followed (content-loader.ts answers for them). */
async function mediaFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

export async function publishMedia({
  mediaDir,
  outMediaDir,
  shownMediaDir,
  cache = imageCache(),
}: PublishMediaOptions): Promise<PublishMediaResult> {
  const problems: ContentProblem[] = [];
  let cleaned = 0;
  let reused = 0;
  for (const file of await mediaFiles(mediaDir)) {
    const rel = relative(mediaDir, file);
    const to = join(outMediaDir, rel);
    const problem = (message: string) => problems.push({ file: `${shownMediaDir}/${rel.split(sep).join('/')}`, path: '(file)', message });
    await mkdir(dirname(to), { recursive: true });
    const ext = extname(file).toLowerCase();
    const format = FORMAT_OF_EXTENSION.get(ext);
    const refused = REFUSED_EXTENSIONS.get(ext);
    try {
      if (refused) {
        problem(
          `${refused} files are not published: browsers do not all show them, and the build cannot remove their camera data (EXIF, GPS); save the picture as JPEG, PNG, WebP or AVIF`,
        );
      } else if (format) {
        const bytes = await readFile(file);
        const key = originalKey(bytes);
        let entry = await cache.get(key);
        if (entry) reused++;
        else {
          const made = await clean(bytes, format);
          await cache.put(key, made.entry, new Map([[cachedFileName(made.entry.width, format), made.file]]));
          entry = made.entry;
          cleaned++;
        }
        await cache.copyOut(key, entry.files[0]!.width, format, to);
      } else if (ext === '.gif') await writeFile(to, stripGif(await readFile(file)));
      // As latin1, each byte one character: the file's own encoding passes through unchanged.
      else if (ext === '.svg') await writeFile(to, stripSvg(await readFile(file, 'latin1')), 'latin1');
      else await copyFile(file, to);
    } catch (error) {
      problem((error as Error).message);
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, cleaned, reused };
}
