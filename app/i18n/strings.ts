import type { UnavailableCause } from '../view';
import type { UiStrings } from './language-table';
import { languageTable } from './languages';

export type { UiStrings } from './language-table';

/**
 * The site's words for a locale's `lang` (app/i18n/languages.ts holds the tables). Chosen by
 * the primary subtag of the locale's `lang` (`sv-SE` -> sv, `de-AT` -> de); a language
 * without a table falls back to English.
 */
export function uiStrings(lang: string): UiStrings {
  return languageTable(lang).ui;
}

/** The spec's fixed wording for error states; shown in every language beside the translation. */
export const NOT_FOUND_STATUS_TEXT = 'Page Not Found';
export const BAD_REQUEST_STATUS_TEXT = 'Bad Request';
export const SERVER_ERROR_STATUS_TEXT = 'Internal Server Error';
export const notFoundMessage = (path: string) => `Page not found: ${path}`;

/**
 * The heading and text of an error screen (404, 503 by its cause, else a server error). A 400
 * is a path the worker refused (worker/request-path.ts): no page is at it either.
 */
export function errorWords(t: UiStrings, status: number, cause?: UnavailableCause): { heading: string; body: string } {
  if (status === 404 || status === 400) return { heading: t.notFoundTitle, body: t.notFoundBody };
  if (status === 503 && cause === 'unavailable') return { heading: t.unavailableTitle, body: t.unavailableBody };
  if (status === 503) return { heading: t.notPublishedTitle, body: t.notPublishedBody };
  return { heading: t.serverErrorTitle, body: t.serverErrorBody };
}
