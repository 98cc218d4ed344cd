/**
 * Before the client renders a view, the chunks of the lazy blocks it uses must be loaded
 * (app/render/blocks/lazy-blocks.ts), so the render is synchronous and matches the server.
 */
import { ensureBlocks } from '../render/blocks/lazy-blocks';
import type { View } from '../view';

export async function prepareView(view: View): Promise<void> {
  if (view.kind === 'page') await ensureBlocks(view.payload.page.blocks);
}
