/** Screens the site itself owns: errors and the system pages. */
import type { Chrome, Payload } from '../../build-records';
import { SUPPORTED_BROWSER_LIST } from '../../browser-support/support-table';
import {
  BAD_REQUEST_STATUS_TEXT,
  NOT_FOUND_STATUS_TEXT,
  SERVER_ERROR_STATUS_TEXT,
  errorWords,
  notFoundMessage,
  uiStrings,
} from '../../i18n/strings';
import type { SystemPageName, UnavailableCause } from '../../view';
import { lazyPart } from '../lazy-parts';

export function ErrorScreen({
  status,
  path,
  chrome,
  requestId,
  cause,
}: {
  status: number;
  path: string;
  chrome: Chrome;
  requestId?: string;
  cause?: UnavailableCause;
}) {
  const t = uiStrings(chrome.locale.lang);
  // A 400 is a path the worker refused: no page is at it, so it reads as a 404 with its own status.
  const notFound = status === 404 || status === 400;
  // Two screens, 404 and the rest: a 503 (nothing published, or KV unreadable) is the
  // 'Internal Server Error' screen with words of its own, and without a home to link to.
  const notPublished = status === 503;
  const words = errorWords(t, status, cause);
  const statusText = status === 400 ? BAD_REQUEST_STATUS_TEXT : notFound ? NOT_FOUND_STATUS_TEXT : SERVER_ERROR_STATUS_TEXT;
  return (
    <section className="screen screen--error" data-status={status}>
      <p className="screen__status">
        {status} · {statusText}
      </p>
      <h1 tabIndex={-1}>{words.heading}</h1>
      <p>{words.body}</p>
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

/** What /preview's lazily loaded screen takes (live-preview.tsx). */
interface LivePreviewProps {
  chrome: Chrome;
  origins: string[];
  payload?: Payload;
  shareLinks: boolean;
}

export function SystemScreen({
  name,
  slug,
  chrome,
  origins,
  payload,
  shareLinks,
}: {
  name: SystemPageName;
  slug?: string;
  chrome: Chrome;
  origins?: string[];
  payload?: Payload;
  shareLinks?: boolean;
}) {
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
    case 'preview': {
      const LivePreview = lazyPart<LivePreviewProps>('live-preview');
      return LivePreview ? (
        // eslint-disable-next-line react-hooks/static-components -- lazyPart returns the one component registered for the name, the same on every render
        <LivePreview chrome={chrome} origins={origins ?? []} payload={payload} shareLinks={shareLinks === true} />
      ) : null;
    }
    case 'reset-storage': {
      const ResetStorageScreen = lazyPart<{ slug?: string; lang: string }>('reset-storage');
      // eslint-disable-next-line react-hooks/static-components -- lazyPart returns the one component registered for the name, the same on every render
      return ResetStorageScreen ? <ResetStorageScreen slug={slug} lang={chrome.locale.lang} /> : null;
    }
  }
}
