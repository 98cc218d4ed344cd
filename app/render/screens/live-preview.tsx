/**
 * /preview: renders a page document that an editing tool posts to this window
 * (`postMessage({ type: 'preview:page', path, page })`), at once and with the same content
 * renderer as the site. Messages are accepted only from the allowed origins and only in that
 * shape; the page is validated with the build's own zod schema, loaded as a chunk of its own
 * so visitors never download it. Invalid content shows the editor each problem instead of
 * crashing; unknown block types render as visible placeholders.
 */
import { useEffect, useState } from 'react';
import type { Chrome, Payload } from '../../build-records';
import type { Page } from '../../content/schema';
import { uiStrings } from '../../i18n/strings';
import { ContentRenderer, PreviewModeContext } from '../blocks/content-renderer';
import { ensureParts, partsInBlocks } from '../lazy-parts';

interface Problem {
  path: string;
  message: string;
}

interface Shown {
  path: string;
  page: Pick<Page, 'title' | 'blocks'>;
}

async function check(data: unknown): Promise<{ shown?: Shown; problems: Problem[] } | null> {
  const { PreviewMessage, Page } = await import('./preview-schema');
  const { formatIssuePath } = await import('../../content/issues');
  const message = PreviewMessage.safeParse(data);
  if (!message.success) return null; // not for us: ignore
  const parsed = Page.safeParse(message.data.page);
  if (parsed.success) return { shown: { path: message.data.path, page: parsed.data }, problems: [] };
  const problems = parsed.error.issues.map((i) => ({ path: formatIssuePath(i.path), message: i.message }));
  const onlyUnknownTypes = problems.every((p) => p.message.startsWith('Unknown block type'));
  // Blocks this code does not know yet still show, as placeholders, so editors can go on.
  if (onlyUnknownTypes) return { shown: { path: message.data.path, page: message.data.page as Shown['page'] }, problems: [] };
  return { problems };
}

export function LivePreview({ chrome, origins, payload }: { chrome: Chrome; origins: string[]; payload?: Payload }) {
  const t = uiStrings(chrome.locale.lang);
  const [shown, setShown] = useState<Shown | null>(payload ? { path: payload.path, page: payload.page } : null);
  const [problems, setProblems] = useState<Problem[]>([]);

  useEffect(() => {
    let latest = 0;
    async function onMessage(event: MessageEvent) {
      if (!origins.includes(event.origin)) return;
      const turn = ++latest;
      const result = await check(event.data).catch(() => null);
      if (!result || turn !== latest) return;
      if (result.shown) await ensureParts(partsInBlocks(result.shown.page.blocks)).catch(() => undefined);
      if (turn !== latest) return;
      setProblems(result.problems);
      if (result.shown) setShown(result.shown);
    }
    window.addEventListener('message', onMessage);
    // Tell the editor this window is ready (the opener or the parent frame).
    const editor = window.parent !== window ? window.parent : (window.opener as Window | null);
    editor?.postMessage({ type: 'preview:ready' }, '*');
    return () => window.removeEventListener('message', onMessage);
  }, [origins]);

  return (
    <section className="screen screen--preview live-preview" data-live-preview="">
      {!shown && (
        <>
          <h1 tabIndex={-1}>{t.previewTitle}</h1>
          <p>{t.previewBody}</p>
        </>
      )}
      {problems.length > 0 && (
        <div className="live-preview__problems" role="alert">
          <h2>
            This draft has {problems.length} problem{problems.length === 1 ? '' : 's'}
          </h2>
          <ul>
            {problems.map((p, i) => (
              <li key={i}>
                <code>{p.path}</code>: {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {shown && (
        <PreviewModeContext.Provider value={true}>
          <article className="page" data-preview-path={shown.path}>
            {shown.page.blocks[0]?.type !== 'hero' && (
              <h1 className="page__title" tabIndex={-1}>
                {shown.page.title}
              </h1>
            )}
            <ContentRenderer blocks={shown.page.blocks} leading />
          </article>
        </PreviewModeContext.Provider>
      )}
    </section>
  );
}
