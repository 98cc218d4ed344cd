/**
 * The root component both sides render: the server to HTML, the client to hydrate and on
 * every navigation. It picks the layout and the screen for a View.
 */
import { ContentRenderer, PreviewModeContext } from './blocks/content-renderer';
import { ContentPathContext, useContentPaths } from './content-paths';
import { BlankLayout, DefaultLayout } from './layouts/layouts';
import { ModalProvider } from './modal-host';
import { ErrorScreen, SystemScreen } from './screens/screens';
import type { Chrome } from '../build-records';
import type { PreviewInfo, View } from '../view';
import { uiStrings } from '../i18n/strings';
import { lazyPart } from './lazy-parts';
import { PageContext } from './page-context';
import type { SearchScreenProps } from '../search/search-screen';
import { chromeOf, showsConsentBanner } from './view-facts';

function languageLinksFor(view: View): Record<string, string> {
  if (view.kind !== 'page') return {};
  const { page, chrome, path } = view.payload;
  return { ...page.alternates, [chrome.locale.code]: path };
}

function Screen({ view }: { view: View }) {
  const at = useContentPaths();
  switch (view.kind) {
    case 'page': {
      const { page } = view.payload;
      const heroFirst = page.blocks[0]?.type === 'hero';
      return (
        <article className="page">
          {!heroFirst && (
            <h1 className="page__title" tabIndex={-1} {...at('title')}>
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
      return (
        <SystemScreen
          name={view.name}
          slug={view.slug}
          chrome={view.chrome}
          origins={view.origins}
          payload={view.payload}
          shareLinks={view.shareLinks}
        />
      );
    case 'search': {
      const SearchScreen = lazyPart<SearchScreenProps>('search-results');
      // eslint-disable-next-line react-hooks/static-components -- lazyPart returns the one component registered for the name, the same on every render
      return SearchScreen ? <SearchScreen chrome={view.chrome} query={view.query} answer={view.answer} trouble={view.trouble} /> : null;
    }
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

const PAGE_FILE: readonly [] = [];

export function App({ view, preview }: { view: View; preview?: PreviewInfo }) {
  const chrome = chromeOf(view);
  const blank = view.kind === 'page' && view.payload.page.layout === 'blank';
  const Layout = blank ? BlankLayout : DefaultLayout;
  const path = view.kind === 'page' ? view.payload.path : view.path;
  const lang = chrome.locale.lang;
  const consent = showsConsentBanner(view, preview !== undefined);
  // A part of its own in the browser: sites without a tag manager never load it.
  const ConsentBanner = consent ? lazyPart<{ chrome: Chrome }>('consent-banner') : undefined;
  return (
    <PreviewModeContext.Provider value={preview !== undefined}>
      {/* Content paths on the preview host only (./content-paths.ts): the page file is the root. */}
      <ContentPathContext.Provider value={preview ? PAGE_FILE : null}>
        <PageContext.Provider value={{ path, lang, images: view.kind === 'page' ? view.payload.images : undefined }}>
          <ModalProvider closeLabel={uiStrings(lang).close}>
            {/* First in the page, so keyboard and screen reader users meet it before the content it is about. */}
            {/* eslint-disable-next-line react-hooks/static-components -- lazyPart returns the one component registered for the name, the same on every render */}
            {ConsentBanner && <ConsentBanner chrome={chrome} />}
            {preview && <PreviewBanner preview={preview} lang={lang} />}
            <Layout chrome={chrome} path={path} languageLinks={languageLinksFor(view)} consentSettings={consent}>
              <Screen view={view} />
            </Layout>
          </ModalProvider>
        </PageContext.Provider>
      </ContentPathContext.Provider>
    </PreviewModeContext.Provider>
  );
}
