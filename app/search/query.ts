/**
 * A search request's parameters, validated where they enter (the search page and the JSON the
 * header field asks for). The query is any Unicode: it is normalised (NFC, controls and
 * runs of spaces to one space) and then only ever split into words (./fold.ts), never made
 * into a regular expression or markup. Too long, or a page that is not a number, is refused.
 */
import { z } from 'zod';
import { SEARCH_QUERY_MAX_CHARS } from '../constants';

/** Beyond this results page there is nothing a visitor pages to; the bound keeps the number small. */
export const SEARCH_MAX_PAGE = 100;

const CONTROLS_AND_SPACES = /[\p{Cc}\p{Cf}\p{Z}\s]+/gu;

export function normaliseQuery(raw: string): string {
  return raw.normalize('NFC').replace(CONTROLS_AND_SPACES, ' ').trim();
}

export const SearchParams = z.object({
  q: z
    .string()
    .default('')
    .transform(normaliseQuery)
    .pipe(z.string().max(SEARCH_QUERY_MAX_CHARS, `A search may be at most ${SEARCH_QUERY_MAX_CHARS} characters long`)),
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, 'Must be a page number')
    .transform(Number)
    .pipe(z.number().max(SEARCH_MAX_PAGE, `Must be a page number up to ${SEARCH_MAX_PAGE}`))
    .optional(),
});
export type SearchParams = z.output<typeof SearchParams>;

/** What is wrong with a request, for the visitor (app/search/common.ts words it). */
export type SearchProblem = 'too-long' | 'bad-page';

/**
 * The parameters, or what is wrong with them. A query many times the limit is refused before
 * it is normalised, so a huge one costs nothing.
 */
export function parseSearchParams(input: {
  q?: string | undefined;
  page?: string | undefined;
}): { ok: true; params: SearchParams } | { ok: false; problem: SearchProblem } {
  if ((input.q?.length ?? 0) > SEARCH_QUERY_MAX_CHARS * 4) return { ok: false, problem: 'too-long' };
  const parsed = SearchParams.safeParse(input);
  if (parsed.success) return { ok: true, params: parsed.data };
  return { ok: false, problem: parsed.error.issues[0]?.path[0] === 'q' ? 'too-long' : 'bad-page' };
}
