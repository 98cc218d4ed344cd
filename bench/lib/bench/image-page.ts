/**
 * The bench's page of photos: 30 images of 10 photos in the places a landing page puts them (a
 * hero, two rows of cards, content images, a gallery), added to the fixture site at
 * IMAGE_PAGE_PATH. The photos are cut from the sample content's two camera photos (content/media),
 * so their bytes are a photo's, and written the same every time, so the image cache keeps
 * their variants between runs (scripts/lib/image-cache.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { REPO_CONTENT } from '../built-site';

export const IMAGE_PAGE_PATH = '/en/images';
export const IMAGE_PAGE_PHOTOS = 10;
export const IMAGE_PAGE_IMAGES = 30;

interface Photo {
  src: string;
  width: number;
  height: number;
}

/** Crops of the two sample photos, landscape and portrait, some mirrored, 1 600-2 000 px wide. */
const CUTS = Array.from({ length: IMAGE_PAGE_PHOTOS }, (_, i) => ({
  source: i % 2 === 0 ? 'harbour.jpg' : 'tower.jpg',
  landscape: i % 3 !== 2,
  left: 40 * i,
  top: 40 * i,
  mirrored: i % 4 === 3,
}));

export async function writeImagePagePhotos(contentDir: string): Promise<Photo[]> {
  const dir = join(contentDir, 'media', 'photos');
  await mkdir(dir, { recursive: true });
  const photos: Photo[] = [];
  for (const [i, cut] of CUTS.entries()) {
    const [width, height] = cut.landscape ? [2000, 1334] : [1600, 2000];
    let image = sharp(join(REPO_CONTENT, 'media', cut.source))
      .rotate()
      .extract({ left: cut.left, top: cut.top, width, height });
    if (cut.mirrored) image = image.flop();
    const name = `photo-${i + 1}.jpg`;
    await writeFile(join(dir, name), await image.jpeg({ quality: 85 }).toBuffer());
    photos.push({ src: `/media/photos/${name}`, width, height });
  }
  return photos;
}

/** The page: 1 hero, 9 cards, 8 content images, a gallery of 12; photo i % 10 each time. */
export function imagePage(photos: readonly Photo[]) {
  let n = 0;
  const next = () => {
    const p = photos[n % photos.length]!;
    n++;
    return { src: p.src, alt: `Photo ${n}: a view of the harbour and the hills`, width: p.width, height: p.height };
  };
  const cards = (heading: string, count: number) => ({
    type: 'cards',
    heading,
    items: Array.from({ length: count }, (_, i) => ({
      title: `${heading} ${i + 1}`,
      text: 'A short line about this card.',
      image: next(),
      href: '/en',
    })),
  });
  const image = (i: number) => ({ type: 'image', image: next(), caption: `Content image ${i + 1}.` });
  const blocks = [
    { type: 'hero', heading: 'Photos', text: 'A page of photos.', image: next(), actions: [{ label: 'Home', href: '/en' }] },
    cards('Offers', 6),
    image(0),
    image(1),
    cards('Places', 3),
    ...Array.from({ length: 6 }, (_, i) => image(i + 2)),
    { type: 'gallery', heading: 'Gallery', images: Array.from({ length: 12 }, next) },
  ];
  if (n !== IMAGE_PAGE_IMAGES) throw new Error(`the image page shows ${n} images, not ${IMAGE_PAGE_IMAGES}`);
  return {
    title: 'Photos',
    description: `The bench's page of photos: ${IMAGE_PAGE_IMAGES} images of ${IMAGE_PAGE_PHOTOS} photos.`,
    blocks,
  };
}

/** Adds the photos and the page to a generated content directory. */
export async function addImagePage(contentDir: string): Promise<void> {
  const photos = await writeImagePagePhotos(contentDir);
  await writeFile(join(contentDir, 'pages', `${IMAGE_PAGE_PATH.slice(1)}.json`), JSON.stringify(imagePage(photos), null, 2));
}
