/**
 * /preview: renders a page document that an editing tool posts to this window
 * (`postMessage({ type: 'preview:page', path, page })`), at once and with the same content
 * renderer as the site. Messages are accepted only from the allowed origins and only in that
 * shape; the page is validated with the build's own zod schema, loaded as a chunk of its own
 * so visitors never download it, and what shows is what the schema parsed. Invalid content
 * shows the editor each problem instead of crashing; unknown block types render as visible
 * placeholders. On the preview host an editor can also copy a share link to the page.
 */
import { useEffect, useState } from 'react';
import { appEndpoints } from '../../endpoints';
import type { Chrome, Payload } from '../../build-records';
import { $fetch, FetchError } from '../../fetch';
import { uiStrings } from '../../i18n/strings';
import { ContentRenderer, PreviewModeContext } from '../blocks/content-renderer';
import { useContentPaths } from '../content-paths';
import { ensureParts, partsInBlocks } from '../lazy-parts';
import type { Problem, Shown } from './preview-schema';
import { editorOrigin } from '../../editor-origin';

export { editorOrigin };

async function check(data: unknown) {
  const { checkPreviewMessage } = await import('./preview-schema');
  return checkPreviewMessage(data);
}

/** The "copy share link" button: a signed link to the page for a reviewer without the token. */
function ShareLink({ path }: { path: string }) {
  const [link, setLink] = useState<{ url?: string; status: string }>({ status: '' });
  async function make() {
    setLink({ status: 'Making a share link…' });
    try {
      const made = await $fetch<{ href: string; expiresAt: string }>(`${appEndpoints.previewShareLink}?path=${encodeURIComponent(path)}`, {
        cache: 'no-store',
      });
      const url = new URL(made.href, window.location.href).href;
      const until = `it opens ${path} until ${new Date(made.expiresAt).toLocaleString()}`;
      setLink({ url, status: `Share link made: ${until}.` });
      // A frame of another site may not write to the clipboard: the link is shown to copy then.
      await navigator.clipboard.writeText(url).then(
        () => setLink({ url, status: `Share link copied: ${until}.` }),
        () => undefined,
      );
    } catch (err) {
      const said = err instanceof FetchError ? ((await err.response?.json().catch(() => null)) as { message?: string } | null) : null;
      setLink({ status: `No share link: ${said?.message ?? (err as Error).message}` });
    }
  }
  return (
    <div className="live-preview__share">
      <button type="button" onClick={make}>
        Copy share link
      </button>
      {link.url && <input readOnly value={link.url} aria-label="Share link" onFocus={(e) => e.currentTarget.select()} />}
      <span role="status">{link.status}</span>
    </div>
  );
}

export function LivePreview({
  chrome,
  origins,
  payload,
  shareLinks = false,
}: {
  chrome: Chrome;
  origins: string[];
  payload?: Payload;
  shareLinks?: boolean;
}) {
  const t = uiStrings(chrome.locale.lang);
  const [shown, setShown] = useState<Shown | null>(payload ? { path: payload.path, page: payload.page } : null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const at = useContentPaths();

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
    // Tell the editor this window is ready (the parent frame, or the opener), with the page it
    // starts from (`?path=`), and only if it is one allowed to post here.
    const editor = window.parent !== window ? window.parent : (window.opener as Window | null);
    const target = editorOrigin(origins, { ancestorOrigins: window.location.ancestorOrigins, referrer: document.referrer });
    if (editor && target)
      editor.postMessage(payload ? { type: 'preview:ready', path: payload.path, page: payload.page } : { type: 'preview:ready' }, target);
    return () => window.removeEventListener('message', onMessage);
  }, [origins, payload]);

  return (
    <section className="screen screen--preview live-preview" data-live-preview="">
      {!shown && (
        <>
          <h1 tabIndex={-1}>{t.previewTitle}</h1>
          <p>{t.previewBody}</p>
        </>
      )}
      {shareLinks && shown && <ShareLink path={shown.path} />}
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
              <h1 className="page__title" tabIndex={-1} {...at('title')}>
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
