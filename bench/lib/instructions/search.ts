/**
 * The warm search's budget (issue #38: CPU per search request at most 2x a full page render),
 * counted in instructions like the other CPU budgets, where the machine's load cannot move it.
 * The scale site (SEARCH_SCALE_PAGES generated pages) is published into the counted workerd
 * after the fixture's counts, as a publish switches builds; then its page's full render (edge
 * cache bypassed), the header field's JSON answer and the search page's full load are counted,
 * the two searches each over the bench's query mix (a word, two words, a typo, a prefix,
 * nothing found), so their figure is the mean instructions of a search request in that mix.
 */
import { appEndpoints } from '../../../app/endpoints';
import type { BuildOutput } from '../../../scripts/lib/build-records';
import { buildOrThrow } from '../built-site';
import type { Cleanup } from '../cleanup';
import { embeddedBuildId } from '../embedded-build-id';
import { SCALE_PAGE, generateSite } from '../bench/fixture';
import { SEARCH_BENCH_QUERIES, SEARCH_BUDGETS } from '../bench/search';
import type { CountedScenario, RatioSpec } from './measure';

/** The generated site searched: the size of `npm run bench`'s largest scale site. */
export const SEARCH_SCALE_PAGES = 10_000;
/** The locale searched, the scale page's. */
export const SEARCH_LOCALE = 'en';

export type SearchCountKey = 'scaleRender' | 'searchJson' | 'searchPage';

/** Generates and builds the scale site (about a minute). */
export async function buildScaleSite(cleanup: Cleanup): Promise<BuildOutput> {
  const dir = await cleanup.tempDir('bench-search-scale');
  // generateSite's default content has two locales.
  await generateSite(dir, { pagesPerLocale: SEARCH_SCALE_PAGES / 2 });
  return (await buildOrThrow(dir, await cleanup.tempDir('bench-search-scale-dist'))).build;
}

const query = (q: string) => `?q=${encodeURIComponent(q)}`;

/** The three counted scenarios, on a runtime's base URL (the instance with the edge cache off). */
export function searchScenarios(
  base: string,
  queries: readonly string[] = SEARCH_BENCH_QUERIES,
): (CountedScenario & { key: SearchCountKey })[] {
  const json = queries.map((q) => `${base}${appEndpoints.searchJsonBase}${SEARCH_LOCALE}${query(q)}`);
  const page = queries.map((q) => `${base}/${SEARCH_LOCALE}/search${query(q)}`);
  return [
    { key: 'scaleRender', label: `scale site: full render of ${SCALE_PAGE}, edge cache bypassed`, url: `${base}${SCALE_PAGE}` },
    { key: 'searchJson', label: `scale site: the header field's answer, ${queries.length} queries in turn`, url: json[0]!, urls: json },
    { key: 'searchPage', label: `scale site: the search page, ${queries.length} queries in turn`, url: page[0]!, urls: page },
  ];
}

/** Both kinds of search request against the full render: the budget, judged. */
export const SEARCH_RATIOS: RatioSpec[] = [
  {
    key: 'searchJson',
    over: 'scaleRender',
    label: "search, warm: the header field's answer ÷ full render",
    limit: SEARCH_BUDGETS.warmSearchVsRender,
  },
  {
    key: 'searchPage',
    over: 'scaleRender',
    label: 'search, warm: the search page ÷ full render',
    limit: SEARCH_BUDGETS.warmSearchVsRender,
  },
];

/**
 * What is wrong with a counted request's answer, or null: every one must be a 200 from the
 * scale build, so that no figure is that of an error page, an old build or an empty index.
 */
export function searchAnswerProblem(key: SearchCountKey, status: number, body: string, buildId: string): string | null {
  if (status !== 200) return `status ${status}`;
  if (key === 'searchJson') {
    let answer: unknown;
    try {
      answer = JSON.parse(body);
    } catch {
      return 'not JSON';
    }
    const total = (answer as { total?: unknown } | null)?.total;
    return typeof total === 'number' ? null : 'no total in the answer';
  }
  const id = embeddedBuildId(body);
  return id === buildId ? null : `page names build ${id}, expected ${buildId}`;
}

/**
 * Requests every URL of every scenario once and throws on a wrong answer, or when the first
 * query finds nothing (an index that answers every query with nothing costs little).
 */
export async function verifySearchScenarios(
  scenarios: readonly (CountedScenario & { key: SearchCountKey })[],
  buildId: string,
  headers: Record<string, string>,
): Promise<void> {
  for (const s of scenarios) {
    for (const url of s.urls ?? [s.url]) {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
      const body = await res.text();
      const problem = searchAnswerProblem(s.key, res.status, body, buildId);
      if (problem) throw new Error(`scenario "${s.label}" (${url}) does not measure what it says: ${problem}`);
      if (s.key === 'searchJson' && url === s.urls![0] && !((JSON.parse(body) as { total: number }).total > 0))
        throw new Error(`the scale site's index finds nothing for ${url}`);
    }
  }
}
