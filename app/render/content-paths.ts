/**
 * Content paths on rendered markup (app/content/content-path.ts): on the preview host every
 * block and field that comes from the page file carries `data-content-path`, so the click-to-edit
 * overlay can tell a CMS what was clicked. Elsewhere the context is null and the markup is what
 * it was without the feature, to the byte: no attribute, not even an empty one.
 *
 * The context holds the keys of the nearest thing rendered from content: `[]` for the page
 * file, `['blocks', 3]` inside the fourth block. ContentRenderer adds `blocks` and the index.
 */
import { createContext, useContext } from 'react';
import { CONTENT_PATH_ATTRIBUTE, formatContentPath, type ContentPathKey } from '../content/content-path';

export const ContentPathContext = createContext<readonly ContentPathKey[] | null>(null);

export type ContentPathAttributes = { [CONTENT_PATH_ATTRIBUTE]?: string };

const NONE: ContentPathAttributes = {};

/** Attributes for an element of the current block or page: `at()` the block itself, `at('items', 1, 'title')` a field of it. */
export type ContentPathsAt = (...keys: ContentPathKey[]) => ContentPathAttributes;

const off: ContentPathsAt = () => NONE;

/** The keys of the current block or page, or null where paths are off (the live host). */
export function useContentPathKeys(): readonly ContentPathKey[] | null {
  return useContext(ContentPathContext);
}

/** `at(...keys)` for the current block or page; with paths off it gives no attributes at all. */
export function useContentPaths(): ContentPathsAt {
  return contentPathsAt(useContext(ContentPathContext));
}

export function contentPathsAt(base: readonly ContentPathKey[] | null): ContentPathsAt {
  if (base === null) return off;
  return (...keys) => {
    const all = [...base, ...keys];
    return all.length === 0 ? NONE : { [CONTENT_PATH_ATTRIBUTE]: formatContentPath(all) };
  };
}
