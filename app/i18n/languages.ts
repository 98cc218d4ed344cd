/**
 * The site's own words come in one table per language (app/i18n/languages/*.ts). The server
 * provides every table up front (all-languages.ts); the browser loads only the table of the
 * page it shows, as a chunk, before it renders (ensureLanguage), so every page does not carry
 * all ten languages.
 */
import type { ConsentStrings } from './consent-strings';
import type { FormStrings } from './form-strings';
import type { UiStrings } from './strings';

export const LANGUAGES = ['en', 'et', 'bg', 'sv', 'de', 'nl', 'lt', 'lv', 'fi', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface LanguageTable {
  ui: UiStrings;
  form: FormStrings;
  consent: ConsentStrings;
}

const provided: Partial<Record<Language, LanguageTable>> = {};

/** The table a locale's `lang` uses: its primary subtag (`sv-SE` -> sv, `de-AT` -> de), else English. */
export function languageOf(lang: string): Language {
  const primary = lang.split('-')[0]!.toLowerCase();
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : 'en';
}

export function provideLanguage(language: Language, table: LanguageTable): void {
  provided[language] = table;
}

export function languageTable(lang: string): LanguageTable {
  const table = provided[languageOf(lang)];
  if (!table) throw new Error(`the ${languageOf(lang)} strings were not loaded before rendering`);
  return table;
}

/** Loads a language's table (a chunk of its own in the browser) unless it is there already. */
export async function ensureLanguage(lang: string): Promise<void> {
  const language = languageOf(lang);
  if (provided[language]) return;
  provideLanguage(language, await import(`./languages/${language}.ts`));
}
