/**
 * Parts of the app only some pages need — the gallery's carousel, forms (with validation), the
 * editors' live preview, the reset-storage screen, the search page's results and the consent
 * banner (only sites with a tag manager have one) — are chunks of their own in the browser.
 * The server provides them all up front; the browser loads the ones a view needs before it
 * renders that view, so hydration and navigation render synchronously, with no Suspense
 * fallback that would differ from the server's HTML.
 */
import type { ComponentType } from 'react';
import type { Block } from '../content/schema';
import { walkBlocks } from '../content/walk-blocks';
import type { View } from '../view';
import { showsConsentBanner } from './view-facts';

export const LAZY_PARTS = ['gallery', 'form', 'live-preview', 'reset-storage', 'consent-banner', 'search-results'] as const;
export type LazyPart = (typeof LAZY_PARTS)[number];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;
const provided: Partial<Record<LazyPart, AnyComponent>> = {};

export function provideParts(components: Partial<Record<LazyPart, AnyComponent>>): void {
  Object.assign(provided, components);
}

/** The component of a part, or undefined when it has not been loaded (the caller renders nothing). */
export function lazyPart<P>(part: LazyPart): ComponentType<P> | undefined {
  return provided[part] as ComponentType<P> | undefined;
}

/** The block parts a set of blocks uses (sections and modals included). */
export function partsInBlocks(blocks: Block[]): LazyPart[] {
  const found = new Set<LazyPart>();
  walkBlocks(blocks, (b) => {
    if (b.type === 'gallery' || b.type === 'form') found.add(b.type);
  });
  return [...found];
}

/** Every part a view needs. */
export function partsFor(view: View): LazyPart[] {
  // Not told the host: on the preview host the banner's chunk loads, and App does not show it.
  const parts: LazyPart[] = showsConsentBanner(view, false) ? ['consent-banner'] : [];
  if (view.kind === 'page') parts.push(...partsInBlocks(view.payload.page.blocks));
  if (view.kind === 'system' && view.name === 'preview') parts.push('live-preview');
  if (view.kind === 'system' && view.name === 'reset-storage') parts.push('reset-storage');
  if (view.kind === 'search') parts.push('search-results');
  return parts;
}

/** Where the browser gets each part: its own chunk. */
const LOADERS: Record<LazyPart, () => Promise<AnyComponent>> = {
  gallery: () => import('./blocks/gallery').then((m) => m.GalleryBlock),
  form: () => import('./blocks/form').then((m) => m.FormBlock),
  'live-preview': () => import('./screens/live-preview').then((m) => m.LivePreview),
  'reset-storage': () => import('./screens/reset-storage').then((m) => m.ResetStorageScreen),
  'consent-banner': () => import('./consent-banner').then((m) => m.ConsentBanner),
  'search-results': () => import('../search/search-screen').then((m) => m.SearchScreen),
};

/** Loads the parts that are not provided yet; rejects when a chunk fails. */
export async function ensureParts(parts: LazyPart[]): Promise<void> {
  const missing = parts.filter((part) => provided[part] === undefined);
  const loaded = await Promise.all(missing.map(async (part) => [part, await LOADERS[part]()] as const));
  // Not Object.fromEntries: Chrome 64-72 and Safari 12.0, which the site supports, lack it.
  const components: Partial<Record<LazyPart, AnyComponent>> = {};
  for (const [part, component] of loaded) components[part] = component;
  provideParts(components);
}
