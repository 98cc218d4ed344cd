/**
 * Which block shows the page's LCP image: the renderer loads it eagerly at high priority and
 * the document head preloads it (app/head.ts), so both must pick the same one.
 */
import type { Block } from './schema';

/**
 * How far down the page's first image may start and still be loaded eagerly: an intro text
 * and then a picture (the contact page) puts the picture in the first screen, where it is the
 * LCP element, and a lazy image there waits for the client bundle.
 */
const PRIORITY_IMAGE_MAX_BLOCK = 1;

/**
 * The block that shows the page's first image, when it is a hero or image block near the top;
 * -1 when none is, or when a block that may hold images (cards, gallery, section) comes first.
 */
export function priorityImageBlock(blocks: Block[]): number {
  for (let i = 0; i <= PRIORITY_IMAGE_MAX_BLOCK && i < blocks.length; i++) {
    const block = blocks[i]!;
    if (block.type === 'image' || (block.type === 'hero' && block.image)) return i;
    if (block.type === 'cards' || block.type === 'gallery' || block.type === 'section') return -1;
  }
  return -1;
}

/** The page's priority image and the layout it is shown in, if any. */
export function priorityImage(blocks: Block[]): { src: string; layout: 'hero' | 'content' } | null {
  const block = blocks[priorityImageBlock(blocks)];
  if (block?.type === 'hero' && block.image) return { src: block.image.src, layout: 'hero' };
  if (block?.type === 'image') return { src: block.image.src, layout: 'content' };
  return null;
}
