/**
 * Where search lives: `/{locale}/search` (the page) and `/_app/search/{locale}` (the JSON the
 * header field asks for as the visitor types). One path segment for every locale, so the
 * route rules and the homes are untouched; a content page at `/{locale}/search` would be
 * hidden by the search page.
 */
import { APP_BASE } from '../endpoints';

export const SEARCH_SEGMENT = 'search';
const SEARCH_PAGE_PATH = /^\/[a-z]{2,3}\/search$/;

export const searchPagePath = (localeCode: string) => `/${localeCode}/${SEARCH_SEGMENT}`;
export const isSearchPagePath = (path: string) => SEARCH_PAGE_PATH.test(path);

/** The search page's URL for a query and results page (1 is left out). */
export function searchPageUrl(localeCode: string, query: string, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set('page', String(page));
  return `${searchPagePath(localeCode)}?${params.toString()}`;
}

export const SEARCH_JSON_BASE = `${APP_BASE}search/`;
export const searchJsonUrl = (localeCode: string, query: string) => `${SEARCH_JSON_BASE}${localeCode}?${new URLSearchParams({ q: query }).toString()}`;
