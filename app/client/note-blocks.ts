/**
 * The blocks of the page a note can be about, as the preview host marks them: each block's root
 * carries its content path (`data-content-path="blocks[3]"`; fields inside it carry longer paths,
 * `blocks[3].items[1].title`, which are not blocks).
 */

export const CONTENT_PATH_ATTRIBUTE = 'data-content-path';

const BLOCK_ROOT = /^blocks\[\d+\]$/;

export interface PageBlock {
  path: string;
  /** a few words of the block (its first heading, else its text) for the block list */
  words: string;
}

function wordsOf(element: Element): string {
  const heading = element.querySelector('h1, h2, h3, h4');
  const text = (heading ?? element).textContent?.replace(/\s+/g, ' ').trim() ?? '';
  return text.length > 48 ? `${text.slice(0, 47)}…` : text;
}

/** The page's blocks in document order, inside the app root. */
export function pageBlocks(root: ParentNode): PageBlock[] {
  const blocks: PageBlock[] = [];
  for (const element of root.querySelectorAll(`[${CONTENT_PATH_ATTRIBUTE}]`)) {
    const path = element.getAttribute(CONTENT_PATH_ATTRIBUTE) ?? '';
    if (BLOCK_ROOT.test(path) && !blocks.some((b) => b.path === path)) blocks.push({ path, words: wordsOf(element) });
  }
  return blocks;
}

/** The element of a block path on the page (its block root for a field's path), if it is shown. */
export function blockElement(root: ParentNode, path: string): Element | null {
  if (path === '') return null;
  const block = /^blocks\[\d+\]/.exec(path)?.[0] ?? path;
  for (const element of root.querySelectorAll(`[${CONTENT_PATH_ATTRIBUTE}]`))
    if (element.getAttribute(CONTENT_PATH_ATTRIBUTE) === block) return element;
  return null;
}
