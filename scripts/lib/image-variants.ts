/**
 * Responsive variants of every raster image under media/: the widths of the ladder in AVIF,
 * WebP and a fallback (PNG with alpha, else JPEG), EXIF stripped and orientation applied, named
 * by content hash under media/_v/. Encoded once per source content (image-cache.ts). A file
 * that cannot be decoded, or is too large, is a content problem naming it, never a crash.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import sharp from 'sharp';
import type { ContentProblem } from '../../app/content/issues';
import { IMAGE_MAX_INPUT_PIXELS, IMAGE_WIDTHS_PX } from '../../app/constants';
import { IMAGE_FORMATS, RASTER_EXTENSIONS, VARIANT_DIR, ladderFor, variantUrl, type ImageFormat } from '../../app/images/image-variants';
import type { ImageInfo, ImageManifest } from '../../app/images/image-manifest';
import { cachedFileName, imageCache, type CachedImage, type ImageCache } from './image-cache';

/**
 * Bump when the encoding code changes in a way ENCODING_SETTINGS does not show, so cached
 * variants are made again.
 */
const PIPELINE_VERSION = '3';
/** A decode or encode that runs longer than this is abandoned (a crafted file must not hang the build). */
export const IMAGE_ENCODE_TIMEOUT_S = 120;
const QUALITY: Record<ImageFormat, object> = {
  avif: { quality: 50, effort: 3 },
  webp: { quality: 72 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9, palette: false },
};
/** Formats every image gets, then its fallback: PNG when it has alpha, else JPEG. */
const VARIANT_FORMATS = ['avif', 'webp'] as const;
const FALLBACK_FORMAT = { alpha: 'png', opaque: 'jpeg' } as const;

/**
 * Everything a cache entry depends on besides the source's bytes, all part of its key: with
 * another width ladder, format or quality (app/constants.ts, or the settings
 * above) an entry made before is not reused, and its variants get new names. The pixel limit
 * too, since an entry exists only for a source that was within it.
 */
const ENCODING_SETTINGS = {
  pipeline: PIPELINE_VERSION,
  widths: IMAGE_WIDTHS_PX,
  maxInputPixels: IMAGE_MAX_INPUT_PIXELS,
  formats: VARIANT_FORMATS,
  fallback: FALLBACK_FORMAT,
  quality: QUALITY,
};

/** The cache key (and the hash in the variants' names): the encoding settings and the source's content. */
export function variantKey(bytes: Buffer): string {
  return createHash('sha256').update(JSON.stringify(ENCODING_SETTINGS)).update('\0').update(bytes).digest('hex');
}

export interface ImageVariantsOptions {
  mediaDir: string;
  /** the published media folder (dist/public/media): variants go to its _v/ */
  outMediaDir: string;
  /** how the media folder is named in problem lines, e.g. `content/media` */
  shownMediaDir: string;
  cache?: ImageCache;
  /** told `n/N name` before each image it encodes (seconds each; cached ones are not told) */
  progress?: (line: string) => void;
}

export type ImageVariantsResult =
  { ok: true; manifest: ImageManifest; encoded: number; reused: number } | { ok: false; problems: ContentProblem[] };

async function rasterFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const exts: readonly string[] = RASTER_EXTENSIONS;
  return entries
    .filter((e) => e.isFile() && exts.includes(extname(e.name).toLowerCase()))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => !relative(dir, f).split(sep).includes(VARIANT_DIR))
    .sort();
}

const decoder = (bytes: Buffer) =>
  sharp(bytes, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'truncated', animated: false }).timeout({
    seconds: IMAGE_ENCODE_TIMEOUT_S,
  });

/** Decodes and encodes one source; throws an Error whose message is fit for an editor. */
async function encode(bytes: Buffer): Promise<{ entry: CachedImage; files: Map<string, Buffer> }> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch (error) {
    throw new Error('not an image sharp can read (the file content is not JPEG, PNG, WebP or AVIF)', { cause: error });
  }
  if (!meta.width || !meta.height) throw new Error('image without dimensions');
  if (meta.width * meta.height > IMAGE_MAX_INPUT_PIXELS) {
    throw new Error(
      `image of ${meta.width}×${meta.height} px (${((meta.width * meta.height) / 1e6).toFixed(1)} MP) is larger than the limit of ${IMAGE_MAX_INPUT_PIXELS / 1e6} MP: scale it down before adding it`,
    );
  }
  // EXIF orientations 5-8 turn the picture a quarter: its displayed width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const fallback: ImageFormat = meta.hasAlpha ? FALLBACK_FORMAT.alpha : FALLBACK_FORMAT.opaque;
  const files = new Map<string, Buffer>();
  const list: CachedImage['files'] = [];
  try {
    // Fully decoding once first makes a truncated or corrupt file fail here with one clear error.
    await decoder(bytes).rotate().raw().toBuffer();
    for (const w of ladderFor(width)) {
      for (const format of [...VARIANT_FORMATS, fallback]) {
        // sharp writes no metadata unless asked (withMetadata), so EXIF and GPS are dropped.
        const out = await decoder(bytes).rotate().resize({ width: w }).toFormat(format, QUALITY[format]).toBuffer();
        files.set(cachedFileName(w, format), out);
        list.push({ format, width: w });
      }
    }
    // No blurred preview: a waiting image is a blank box of its size (docs/performance.md).
    return { entry: { width, height, placeholder: '', files: list }, files };
  } catch (error) {
    throw new Error(`corrupt or truncated image (${(error as Error).message.trim()})`, { cause: error });
  }
}

/** The payload's descriptor of an image (app/images/image-variants.ts derives its URLs from it). */
function infoFor(key: string, entry: CachedImage): ImageInfo {
  const formats = IMAGE_FORMATS.filter((format) => entry.files.some((f) => f.format === format));
  const widths = [...new Set(entry.files.map((f) => f.width))].sort((a, b) => a - b);
  return { hash: key.slice(0, 16), width: entry.width, height: entry.height, widths, formats };
}

export async function buildImageVariants({
  mediaDir,
  outMediaDir,
  shownMediaDir,
  cache = imageCache(),
  progress = () => {},
}: ImageVariantsOptions): Promise<ImageVariantsResult> {
  const manifest: ImageManifest = {};
  const problems: ContentProblem[] = [];
  let encoded = 0;
  let reused = 0;
  const outDir = join(outMediaDir, VARIANT_DIR);
  await mkdir(outDir, { recursive: true });
  const files = await rasterFiles(mediaDir);
  for (const [n, file] of files.entries()) {
    const rel = relative(mediaDir, file).split(sep).join('/');
    const bytes = await readFile(file);
    const key = variantKey(bytes);
    let entry = await cache.get(key);
    if (entry) reused++;
    else {
      try {
        progress(`images: encoding ${n + 1}/${files.length} ${rel}`);
        const made = await encode(bytes);
        await cache.put(key, made.entry, made.files);
        entry = made.entry;
        encoded++;
      } catch (error) {
        problems.push({ file: `${shownMediaDir}/${rel}`, path: '(file)', message: (error as Error).message });
        continue;
      }
    }
    const publicPath = `/media/${rel}`;
    const info = infoFor(key, entry);
    for (const f of entry.files) {
      const src = variantUrl(publicPath, info, f.width, f.format);
      await cache.copyOut(key, f.width, f.format, join(outMediaDir, src.slice('/media/'.length)));
    }
    manifest[publicPath] = info;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, manifest, encoded, reused };
}
