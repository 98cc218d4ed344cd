/**
 * Before the client renders a view, the chunks it needs must be loaded: its language's words
 * (app/i18n/languages.ts) and the lazy parts it uses (app/render/lazy-parts.ts), so the render
 * is synchronous and matches the server.
 */
import { ensureLanguage } from '../i18n/languages';
import { ensureParts, partsFor, type LazyPart } from '../render/lazy-parts';
import { chromeOf } from '../render/view-facts';
import type { View } from '../view';

export interface ViewLoaders {
  language: (lang: string) => Promise<void>;
  parts: (parts: LazyPart[]) => Promise<void>;
}

const CHUNKS: ViewLoaders = { language: ensureLanguage, parts: ensureParts };

/**
 * Loads what `view` needs. When a chunk fails, it still waits for the others before it throws
 * the first failure: the error screen shown next is rendered in the view's language, and with
 * Promise.all a lost part (which fails fast) left the language on its way, so that render threw
 * and the page went blank. (Not Promise.allSettled: Chrome before 76 and Safari 12, which the
 * site supports, lack it.)
 */
export async function prepareView(view: View, load: ViewLoaders = CHUNKS): Promise<void> {
  const chrome = chromeOf(view);
  let failure: { reason: unknown } | undefined;
  const settle = (task: Promise<void>) =>
    task.catch((reason: unknown) => {
      failure ??= { reason };
    });
  await Promise.all([settle(load.language(chrome.locale.lang)), settle(load.parts(partsFor(view)))]);
  if (failure) throw failure.reason;
}
