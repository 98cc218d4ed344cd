/**
 * The root component both sides render: the server to HTML, the client to hydrate and on
 * every navigation. It picks the layout and the screen for a View.
 */
import { ContentRenderer, PreviewModeContext } from './blocks/content-renderer';
import { BlankLayout, DefaultLayout } from './layouts/layouts';
import { ModalProvider } from './modal-host';
import { ErrorScreen, SystemScreen } from './screens/screens';
import type { Chrome } from '../build-records';
import type { PreviewInfo, View } from '../view';
import { uiStrings } from '../i18n/strings';
import { PageContext } from './page-context';

export function chromeOf(view: View): Chrome {
  return view.kind === 'page' ? view.payload.chrome : view.chrome;
}

function languageLinksFor(view: View): Record<string, string> {
  if (view.kind !== 'page') return {};
  const { page, chrome, path } = view.payload;
  return { ...page.alternates, [chrome.locale.code]: path };
}

function Screen({ view }: { view: View }) {
  switch (view.kind) {
    case 'page': {
      const { page } = view.payload;
      const heroFirst = page.blocks[0]?.type === 'hero';
      return (
        <article className="page">
          {!heroFirst && (
            <h1 className="page__title" tabIndex={-1}>
              {page.title}
            </h1>
          )}
          <ContentRenderer blocks={page.blocks} leading />
        </article>
      );
    }
    case 'error':
      return <ErrorScreen status={view.status} path={view.path} chrome={view.chrome} requestId={view.requestId} cause={view.cause} />;
    case 'system':
      return <SystemScreen name={view.name} slug={view.slug} chrome={view.chrome} origins={view.origins} payload={view.payload} />;
  }
}

/** On the preview host: says so, names the build editors see, and links to the live page. */
function PreviewBanner({ preview, lang }: { preview: PreviewInfo; lang: string }) {
  return (
    <div className="preview-banner" role="note">
      <strong>{uiStrings(lang).previewTitle}</strong>
      <span>
        build <code>{preview.buildId}</code>
      </span>
      <a href={preview.liveUrl} rel="external">
        Live page
      </a>
    </div>
  );
}

export function App({ view, preview }: { view: View; preview?: PreviewInfo }) {
  const chrome = chromeOf(view);
  const blank = view.kind === 'page' && view.payload.page.layout === 'blank';
  const Layout = blank ? BlankLayout : DefaultLayout;
  const path = view.kind === 'page' ? view.payload.path : view.path;
  const lang = chrome.locale.lang;
  return (
    <PreviewModeContext.Provider value={preview !== undefined}>
      <PageContext.Provider value={{ path, lang }}>
        <ModalProvider closeLabel={uiStrings(lang).close}>
          {preview && <PreviewBanner preview={preview} lang={lang} />}
          <Layout chrome={chrome} path={path} languageLinks={languageLinksFor(view)}>
            <Screen view={view} />
          </Layout>
        </ModalProvider>
      </PageContext.Provider>
    </PreviewModeContext.Provider>
  );
}
