import type { Block } from './block-tree';

/** Visits every block, including those in sections and modals, with its path in the page. */
export function walkBlocks(blocks: Block[], visit: (b: Block, path: (string | number)[]) => void, path: (string | number)[] = []) {
  blocks.forEach((b, i) => {
    const here = [...path, i];
    visit(b, here);
    if (b.type === 'section') walkBlocks(b.blocks, visit, [...here, 'blocks']);
    const actions = b.type === 'hero' ? (b.actions ?? []) : b.type === 'cta' ? [b.action] : [];
    actions.forEach((a, j) => {
      const at = b.type === 'hero' ? ['actions', j] : ['action'];
      if ('modal' in a) walkBlocks(a.modal.blocks, visit, [...here, ...at, 'modal', 'blocks']);
    });
  });
}
