/**
 * Snowball stemmers from @orama/stemmers (Apache-2.0), by the primary subtag of a locale's
 * `lang`. Languages without one (et, lv, and bg: the package's Bulgarian stemmer writes into
 * its input string and throws in strict mode) match plain words and prefixes. Each stemmer is a few
 * KB; only the worker and the build load them (the browser asks the edge).
 */
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as lithuanian } from '@orama/stemmers/lithuanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as swedish } from '@orama/stemmers/swedish';

const STEMMERS = new Map<string, (word: string) => string>([
  ['de', german],
  ['en', english],
  ['fi', finnish],
  ['lt', lithuanian],
  ['nl', dutch],
  ['ru', russian],
  ['sv', swedish],
]);

/** The primary subtag of a BCP 47 tag, lowercased (`de-AT` -> `de`). */
export const primaryLanguage = (lang: string) => lang.split('-')[0]!.toLowerCase();

/** A stemmer that fails on some word leaves that word as it is, rather than failing the build or a search. */
export function stemmerFor(lang: string): ((word: string) => string) | undefined {
  const stem = STEMMERS.get(primaryLanguage(lang));
  if (!stem) return undefined;
  return (word) => {
    try {
      return stem(word);
    } catch {
      return word;
    }
  };
}

/** Whether a language's words are stemmed (for the docs and tests). */
export const stemmedLanguages = (): string[] => [...STEMMERS.keys()];
