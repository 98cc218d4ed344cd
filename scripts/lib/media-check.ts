/**
 * The images pages show, against the files under media/ (docs/content-model.md#6-image). An
 * image whose file is not there built a page with a broken picture; a declared size other than
 * the file's reserved a box of the wrong shape, so the page shifted or the picture was squeezed.
 * So a missing file is a problem at the image's `src`, a size that disagrees with the file a
 * problem naming both sizes, and a size left out is read from the file.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { formatIssuePath, type ContentProblem } from '../../app/content/issues';
import { walkBlocks, type Image, type Page } from '../../app/content/schema';
import { listMediaFiles, MEDIA_PREFIX, mediaPathOf } from './link-check';

type FieldPath = (string | number)[];

/** Every image a page shows, with its field path: in heroes, image blocks, galleries and cards, sections and modals included. */
export function pageImages(page: Page): { path: FieldPath; image: Image }[] {
  const images: { path: FieldPath; image: Image }[] = [];
  walkBlocks(
    page.blocks,
    (block, path) => {
      if ((block.type === 'hero' && block.image) || block.type === 'image') images.push({ path: [...path, 'image'], image: block.image! });
      else if (block.type === 'gallery') block.images.forEach((image, i) => images.push({ path: [...path, 'images', i], image }));
      else if (block.type === 'cards')
        block.items.forEach((item, i) => {
          if (item.image) images.push({ path: [...path, 'items', i, 'image'], image: item.image });
        });
    },
    ['blocks'],
  );
  return images;
}

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * An image file's size as pages show it: EXIF orientations 5-8 turn the picture a quarter, so
 * its shown width is its stored height (as the variants are made: image-variants.ts). Null
 * when sharp cannot read the file as an image.
 */
export async function imageFileSize(file: string): Promise<ImageSize | null> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(file).metadata();
  } catch {
    return null;
  }
  // An animation's frames are stacked; a page shows one frame.
  const height = meta.pageHeight ?? meta.height;
  if (!meta.width || !height) return null;
  return (meta.orientation ?? 1) >= 5 ? { width: height, height: meta.width } : { width: meta.width, height };
}

const sizeText = (size: { width?: number; height?: number }) => `${size.width ?? '?'}×${size.height ?? '?'}`;

export interface CheckImagesInput {
  /** the pages that passed the schema; the sizes they leave out are filled in */
  pages: { file: string; page: Page }[];
  mediaDir: string | null;
}

/**
 * One problem per image whose file under media/ is missing, whose size the build cannot read
 * when it must, or whose declared size is not the file's. Fills in the width and height an
 * image under media/ leaves out, so every built page has both. https images are not fetched.
 */
export async function checkImages({ pages, mediaDir }: CheckImagesInput): Promise<ContentProblem[]> {
  const files = mediaDir ? await listMediaFiles(mediaDir) : new Set<string>();
  const sizes = new Map<string, Promise<ImageSize | null>>();
  const sizeOf = (mediaPath: string) => {
    let size = sizes.get(mediaPath);
    if (!size) {
      size = imageFileSize(join(mediaDir!, ...mediaPath.slice(MEDIA_PREFIX.length).split('/')));
      sizes.set(mediaPath, size);
    }
    return size;
  };
  const problems: ContentProblem[] = [];
  for (const { file, page } of pages) {
    for (const { path, image } of pageImages(page)) {
      const mediaPath = mediaPathOf(image.src);
      if (mediaPath === null) continue;
      if (!files.has(mediaPath)) {
        problems.push({ file, path: formatIssuePath([...path, 'src']), message: `${mediaPath} is not a file in media/` });
        continue;
      }
      const size = await sizeOf(mediaPath);
      if (!size) {
        // A file the build cannot read (an .ico, say) may still show in browsers: a written size is taken as it is.
        if (image.width === undefined || image.height === undefined) {
          problems.push({
            file,
            path: formatIssuePath([...path, 'src']),
            message: `${mediaPath} is not an image the build can read the size of (JPEG, PNG, WebP, AVIF, GIF or SVG): write its width and height`,
          });
        }
        continue;
      }
      if ((image.width ?? size.width) !== size.width || (image.height ?? size.height) !== size.height) {
        problems.push({
          file,
          path: formatIssuePath(path),
          message: `width and height say ${sizeText(image)}, but ${mediaPath} is ${sizeText(size)} (as shown, upright): write the file's size, or leave width and height out and the build reads them from the file`,
        });
        continue;
      }
      image.width = size.width;
      image.height = size.height;
    }
  }
  return problems;
}
