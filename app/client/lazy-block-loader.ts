/**
 * The browser side of lazy blocks (app/render/blocks/lazy-blocks.ts): each is its own chunk,
 * loaded before a view that uses it is rendered. A chunk that fails rejects, and the router's
 * chunk-reload guard takes it from there.
 */
import type { ComponentType } from 'react';
import type { LazyBlockType } from '../render/blocks/lazy-blocks';
import { isProvided, lazyTypesIn, provideBlocks } from '../render/blocks/lazy-blocks';
import type { View } from '../view';

const LOADERS: Record<LazyBlockType, () => Promise<ComponentType<{ block: never }>>> = {
  gallery: () => import('../render/blocks/gallery').then((m) => m.GalleryBlock as ComponentType<{ block: never }>),
  form: () => import('../render/blocks/form').then((m) => m.FormBlock as ComponentType<{ block: never }>),
};

export async function prepareView(view: View): Promise<void> {
  if (view.kind !== 'page') return;
  const missing = lazyTypesIn(view.payload.page.blocks).filter((type) => !isProvided(type));
  const loaded = await Promise.all(missing.map(async (type) => [type, await LOADERS[type]()] as const));
  provideBlocks(Object.fromEntries(loaded));
}
