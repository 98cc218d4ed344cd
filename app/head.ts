/**
 * The document head of a view (title, description, canonical, hreflang, Open Graph), computed
 * once as data so the server renders it and the client applies it after navigation alike.
 */
import type { Chrome } from './build-records';
import { NOT_FOUND_STATUS_TEXT, SERVER_ERROR_STATUS_TEXT, errorWords, uiStrings } from './i18n/strings';
import type { View } from './view';

export interface HeadAlternate {
  hreflang: string;
  href: string;
}

export interface HeadData {
  lang: string;
  title: string;
  description: string;
  canonical?: string;
  alternates: HeadAlternate[];
  robots?: string;
}

const localeHome = (code: string) => `/${code}`;

function absolute(chrome: Chrome, path: string): string {
  return chrome.origin + path;
}

/** hreflang links: the page's translations, else each locale's home; plus x-default. */
export function alternatesFor(chrome: Chrome, path: string, alternates: Record<string, string> | undefined): HeadAlternate[] {
  const byCode = new Map<string, string>();
  byCode.set(chrome.locale.code, path);
  for (const locale of chrome.locales) {
    const target = alternates?.[locale.code];
    if (target) byCode.set(locale.code, target);
  }
  const isHome = path === '/' || path === localeHome(chrome.locale.code);
  if (isHome) for (const locale of chrome.locales) if (!byCode.has(locale.code)) byCode.set(locale.code, localeHome(locale.code));
  const links: HeadAlternate[] = [];
  for (const locale of chrome.locales) {
    const target = byCode.get(locale.code);
    if (target) links.push({ hreflang: locale.lang, href: absolute(chrome, target) });
  }
  const defaultTarget = byCode.get(chrome.defaultLocale) ?? (isHome ? localeHome(chrome.defaultLocale) : undefined);
  if (defaultTarget) links.push({ hreflang: 'x-default', href: absolute(chrome, defaultTarget) });
  return links;
}

export function headFor(view: View): HeadData {
  if (view.kind === 'page') {
    const { page, chrome, canonicalPath } = view.payload;
    const path = canonicalPath ?? view.payload.path;
    return {
      lang: chrome.locale.lang,
      title: `${page.title} | ${chrome.siteName}`,
      description: page.description,
      canonical: absolute(chrome, path),
      alternates: alternatesFor(chrome, path, page.alternates),
    };
  }
  const { chrome } = view;
  const t = uiStrings(chrome.locale.lang);
  if (view.kind === 'error') {
    const words = errorWords(t, view.status, view.cause);
    // The spec's fixed status texts title 404 and 500; a 503 is titled by what it says.
    const heading = view.status === 404 ? NOT_FOUND_STATUS_TEXT : view.status === 503 ? words.heading : SERVER_ERROR_STATUS_TEXT;
    return {
      lang: chrome.locale.lang,
      title: `${heading} | ${chrome.siteName}`,
      description: words.body,
      alternates: [],
      robots: 'noindex',
    };
  }
  const title = `${{ unsupported: t.unsupportedTitle, preview: t.previewTitle, 'reset-storage': t.resetTitle }[view.name]} | ${chrome.siteName}`;
  const description = { unsupported: t.unsupportedBody, preview: t.previewBody, 'reset-storage': t.resetBody }[view.name];
  return { lang: chrome.locale.lang, title, description, alternates: [], robots: 'noindex' };
}
