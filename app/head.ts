/**
 * The document head of a view (title, description, canonical, hreflang, Open Graph), computed
 * once as data so the server renders it and the client applies it after navigation alike.
 */
import type { Chrome, Payload } from './build-records';
import { priorityImage } from './content/priority-image';
import { IMAGE_SIZES, sourceFormatsOf, srcsetFor } from './images/image-variants';
import { NOT_FOUND_STATUS_TEXT, SERVER_ERROR_STATUS_TEXT, errorWords, uiStrings } from './i18n/strings';
import type { View } from './view';
import { quoted, searchStrings } from './search/common';

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
  /** the page's LCP image in its best format, preloaded with its srcset and sizes */
  imagePreload?: { type: string; srcset: string; sizes: string };
}

/** AVIF (or WebP) srcset of the page's priority image, when the build made variants of it. */
export function imagePreloadFor(payload: Payload): HeadData['imagePreload'] {
  const first = priorityImage(payload.page.blocks);
  const images = payload.images;
  if (!first || !images || !Object.prototype.hasOwnProperty.call(images, first.src)) return undefined;
  const info = images[first.src]!;
  const format = sourceFormatsOf(info)[0];
  if (!format) return undefined;
  return { type: `image/${format}`, srcset: srcsetFor(first.src, info, format), sizes: IMAGE_SIZES[first.layout] };
}

const withPreload = (imagePreload: HeadData['imagePreload']) => (imagePreload ? { imagePreload } : {});

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

/**
 * The search page: without a query it is the locale's search page, and indexable; with one,
 * results are for that visitor, and kept out of search engines like other sites' results.
 */
function searchHead(view: Extract<View, { kind: 'search' }>): HeadData {
  const { chrome, query } = view;
  const t = searchStrings(chrome.locale.lang);
  const heading = query ? `${t.resultsFor} ${quoted(query)}` : t.label;
  return {
    lang: chrome.locale.lang,
    title: `${heading} | ${chrome.siteName}`,
    description: t.empty,
    alternates: [],
    ...(query ? { robots: 'noindex' } : { canonical: absolute(chrome, view.path) }),
  };
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
      ...withPreload(imagePreloadFor(view.payload)),
    };
  }
  const { chrome } = view;
  const t = uiStrings(chrome.locale.lang);
  if (view.kind === 'error') {
    const words = errorWords(t, view.status, view.cause);
    // Two fixed status texts, for 404 and for every other status, a 503 included.
    const heading = view.status === 404 ? NOT_FOUND_STATUS_TEXT : SERVER_ERROR_STATUS_TEXT;
    return {
      lang: chrome.locale.lang,
      title: `${heading} | ${chrome.siteName}`,
      description: words.body,
      alternates: [],
      robots: 'noindex',
    };
  }
  if (view.kind === 'search') return searchHead(view);
  const title = `${{ unsupported: t.unsupportedTitle, preview: t.previewTitle, 'reset-storage': t.resetTitle }[view.name]} | ${chrome.siteName}`;
  const description = { unsupported: t.unsupportedBody, preview: t.previewBody, 'reset-storage': t.resetBody }[view.name];
  return { lang: chrome.locale.lang, title, description, alternates: [], robots: 'noindex' };
}
