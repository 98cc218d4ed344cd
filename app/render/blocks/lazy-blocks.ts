/**
 * Blocks only some pages need (the gallery's carousel, forms) are separate chunks in the
 * browser. The server provides them all up front; the client loads the ones a view needs
 * before it renders that view, so hydration and navigation render synchronously, with no
 * Suspense fallback that would differ from the server's HTML.
 */
import type { ComponentType } from 'react';
import type { Block } from '../../content/schema';
import { walkBlocks } from '../../content/walk-blocks';

export const LAZY_BLOCK_TYPES = ['gallery', 'form'] as const;
export type LazyBlockType = (typeof LAZY_BLOCK_TYPES)[number];

type LazyComponent = ComponentType<{ block: never }>;
const provided: Partial<Record<LazyBlockType, LazyComponent>> = {};

export function provideBlocks(components: Partial<Record<LazyBlockType, ComponentType<{ block: never }>>>): void {
  Object.assign(provided, components);
}

export function lazyBlockComponent(type: LazyBlockType): LazyComponent | undefined {
  return provided[type];
}

/** The lazy block types a set of blocks uses (sections and modals included). */
export function lazyTypesIn(blocks: Block[]): LazyBlockType[] {
  const found = new Set<LazyBlockType>();
  walkBlocks(blocks, (b) => {
    if ((LAZY_BLOCK_TYPES as readonly string[]).includes(b.type)) found.add(b.type as LazyBlockType);
  });
  return [...found];
}

export function isProvided(type: LazyBlockType): boolean {
  return provided[type] !== undefined;
}

/** Where the browser gets each lazy block: its own chunk. */
const LOADERS: Record<LazyBlockType, () => Promise<LazyComponent>> = {
  gallery: () => import('./gallery').then((m) => m.GalleryBlock as LazyComponent),
  form: () => import('./form').then((m) => m.FormBlock as LazyComponent),
};

/** Loads the lazy blocks these blocks use that are not provided yet; rejects when a chunk fails. */
export async function ensureBlocks(blocks: Block[]): Promise<void> {
  const missing = lazyTypesIn(blocks).filter((type) => !isProvided(type));
  const loaded = await Promise.all(missing.map(async (type) => [type, await LOADERS[type]()] as const));
  provideBlocks(Object.fromEntries(loaded));
}
