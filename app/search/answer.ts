/** The shape of search results as the search page's view carries them (app/view.ts). */
import { z } from 'zod';
import type { SearchAnswer as SearchAnswerType } from './engine';
import { schemaOf } from '../schema-of';

const Excerpt = z.object({
  text: z.string(),
  marks: z.array(z.number().int().nonnegative()),
  cutStart: z.boolean(),
  cutEnd: z.boolean(),
});

export const SearchAnswer = schemaOf<SearchAnswerType>()(
  z.object({
    query: z.string(),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageCount: z.number().int().positive(),
    hits: z.array(z.object({ path: z.string(), title: z.string(), excerpt: Excerpt })),
  }),
);

/** Why the search page shows no results: a refused request, or no index to search. */
export const SearchTrouble = z.enum(['too-long', 'bad-page', 'unavailable']);
export type SearchTrouble = z.infer<typeof SearchTrouble>;
