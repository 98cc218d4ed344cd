/** Search's words for a locale's `lang` (the `search` part of app/i18n/languages/*.ts). */
import { languageTable } from '../i18n/languages';
import type { SearchStrings } from '../i18n/language-table';

export function searchStrings(lang: string): SearchStrings {
  return languageTable(lang).search;
}

/** A query as the page quotes it. */
export const quoted = (query: string) => `“${query}”`;
