/** Every language table, provided at once: for the server, which renders pages in any of them. */
import type { LanguageTable } from './language-table';
import { LANGUAGES, provideLanguage, type Language } from './languages';
import * as bg from './languages/bg';
import * as de from './languages/de';
import * as en from './languages/en';
import * as et from './languages/et';
import * as fi from './languages/fi';
import * as lt from './languages/lt';
import * as lv from './languages/lv';
import * as nl from './languages/nl';
import * as ru from './languages/ru';
import * as sv from './languages/sv';

const ALL: Record<Language, LanguageTable> = { en, et, bg, sv, de, nl, lt, lv, fi, ru };
for (const language of LANGUAGES) provideLanguage(language, ALL[language]);
