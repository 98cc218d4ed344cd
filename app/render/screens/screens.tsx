/** Screens the site itself owns: errors and the system pages. */
import type { Chrome } from '../../build-records';
import { SUPPORTED_BROWSER_LIST } from '../../browser-support';
import { NOT_FOUND_STATUS_TEXT, SERVER_ERROR_STATUS_TEXT, notFoundMessage, uiStrings } from '../../i18n/strings';
import type { SystemPageName } from '../../view';

export function ErrorScreen({ status, path, chrome, requestId }: { status: number; path: string; chrome: Chrome; requestId?: string }) {
  const t = uiStrings(chrome.locale.lang);
  const notFound = status === 404;
  const notPublished = status === 503;
  const statusText = notFound ? NOT_FOUND_STATUS_TEXT : SERVER_ERROR_STATUS_TEXT;
  return (
    <section className="screen screen--error" data-status={status}>
      <p className="screen__status">
        {status} · {notPublished ? 'Service Unavailable' : statusText}
      </p>
      <h1 tabIndex={-1}>{notFound ? t.notFoundTitle : notPublished ? t.notPublishedTitle : t.serverErrorTitle}</h1>
      <p>{notFound ? t.notFoundBody : notPublished ? t.notPublishedBody : t.serverErrorBody}</p>
      {notFound && <p className="screen__message">{notFoundMessage(path)}</p>}
      {requestId && <p className="screen__request-id">Request ID: {requestId}</p>}
      {!notPublished && (
        <p>
          <a className="button button--primary" href={`/${chrome.locale.code}`}>
            {t.backHome}
          </a>
        </p>
      )}
    </section>
  );
}

export function SystemScreen({ name, slug, chrome }: { name: SystemPageName; slug?: string; chrome: Chrome }) {
  const t = uiStrings(chrome.locale.lang);
  switch (name) {
    case 'unsupported':
      return (
        <section className="screen screen--unsupported">
          <h1 tabIndex={-1}>{t.unsupportedTitle}</h1>
          <p>{t.unsupportedBody}</p>
          <h2>{t.supportedBrowsers}</h2>
          <ul>
            {SUPPORTED_BROWSER_LIST.map((b) => (
              <li key={b.name}>{`${b.name} ${b.minMajor}+`}</li>
            ))}
          </ul>
        </section>
      );
    case 'preview':
      return (
        <section className="screen screen--preview">
          <h1 tabIndex={-1}>{t.previewTitle}</h1>
          <p>{t.previewBody}</p>
        </section>
      );
    case 'reset-storage':
      return (
        <section className="screen screen--reset">
          <h1 tabIndex={-1}>{t.resetTitle}</h1>
          <p>{slug ? t.resetSlugBody : t.resetBody}</p>
          {slug && (
            <p>
              <code>{slug}</code>
            </p>
          )}
          <output className="screen__result" aria-live="polite" />
        </section>
      );
  }
}
