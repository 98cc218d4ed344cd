/**
 * Before the client renders a view, the chunks it needs must be loaded: its language's words
 * (app/i18n/languages.ts) and the lazy parts it uses (app/render/lazy-parts.ts), so the render
 * is synchronous and matches the server.
 */
import { ensureLanguage } from '../i18n/languages';
import { ensureParts, partsFor } from '../render/lazy-parts';
import type { View } from '../view';

export async function prepareView(view: View): Promise<void> {
  const chrome = view.kind === 'page' ? view.payload.chrome : view.chrome;
  await Promise.all([ensureLanguage(chrome.locale.lang), ensureParts(partsFor(view))]);
}
