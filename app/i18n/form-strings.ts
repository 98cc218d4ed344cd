/**
 * The words of the form block and of /reset-storage, per language. Chosen like
 * app/i18n/strings.ts: by the primary subtag of the page's `lang` (`sv-SE` -> sv, `de-AT` -> de),
 * English when there is no table.
 */
import type { FormStrings } from './language-table';
import { languageTable } from './languages';

export type { FormStrings } from './language-table';

export function formStrings(lang: string): FormStrings {
  return languageTable(lang).form;
}
