/**
 * What the search field (in every page's bundle), the search page (a chunk of its own) and the
 * worker share: counts, paths and words. One module on purpose: esbuild gives each set of
 * chunks that share modules a chunk of its own, which every page would then load, so what the
 * two browser parts share is kept to this file (and it imports nothing the page's bundle does
 * not already split out).
 */
import type { SearchStrings } from '../i18n/language-table';
import { languageTable } from '../i18n/languages';

/** Results on one page of the search page. */
export const SEARCH_RESULTS_PER_PAGE = 10;
/** Results the header field lists as the visitor types (the search page has the rest). */
export const SEARCH_SUGGESTIONS_SHOWN = 6;
/** The header field's list of results, which its input controls. */
export const SEARCH_LIST_ID = 'site-search-list';

/**
 * The search page is `/{locale}/search`: one segment for every locale, so the route rules and
 * the homes are untouched (a content page at that path would be hidden by it).
 */
export const searchPagePath = (localeCode: string) => `/${localeCode}/search`;
const SEARCH_PAGE_PATH = /^\/[a-z]{2,3}\/search$/;
export const isSearchPagePath = (path: string) => SEARCH_PAGE_PATH.test(path);

/** The search page's URL for a query and results page (1 is left out). */
export function searchPageUrl(localeCode: string, query: string, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set('page', String(page));
  return `${searchPagePath(localeCode)}?${params.toString()}`;
}

/** Search's words for a locale's `lang` (the `search` part of app/i18n/languages/*.ts). */
export function searchStrings(lang: string): SearchStrings {
  return languageTable(lang).search;
}

/**
 * A query as the page's title quotes it. Plain quotes: the title is in the page's HTML, which
 * stays Latin-1 for the Latin-1 locales (./excerpt.ts says why); in the page the query is a
 * `<q>`, whose quotes the browser draws in the page's language.
 */
export const quoted = (query: string) => `"${query}"`;
