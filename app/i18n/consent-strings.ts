/**
 * The consent banner's words, per language (app/i18n/languages/*.ts hold the built-in ones).
 * A site may set its own in site.json (`consent.texts`, all of them for every locale); those
 * travel in the page's chrome and win. Chosen like app/i18n/strings.ts otherwise.
 */
import type { Chrome } from '../build-records';
import type { ConsentStrings } from './language-table';
import { languageTable } from './languages';

export type { ConsentStrings } from './language-table';

export function consentStrings(chrome: Chrome): ConsentStrings {
  return chrome.consent?.texts ?? languageTable(chrome.locale.lang).consent;
}
