/** Counts search shares between the engine (worker, build) and the screens (browser too), apart from MiniSearch. */

/** Results on one page of the search page. */
export const SEARCH_RESULTS_PER_PAGE = 10;
/** Results the header field lists as the visitor types (the search page has the rest). */
export const SEARCH_SUGGESTIONS_SHOWN = 6;
