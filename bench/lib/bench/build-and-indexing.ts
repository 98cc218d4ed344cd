/**
 * The two halves of the search-indexing budget (indexing over the rest of the sample content's
 * build): the build timed, then its indexing timed again at once. A ratio of two wall-clock
 * times holds on a shared machine only when both are taken in the same seconds; the indexing
 * used to be timed at the end of the run, five minutes and a callgrind workerd later, and
 * measured 73% of the build on a run where the build itself met 4%.
 */
export interface BuildAndIndexing<T> {
  built: T;
  buildMs: number;
  indexMs: number;
}

export async function timeBuildThenIndexing<T>(
  build: () => Promise<T>,
  timeIndexing: (built: T) => number,
  now: () => number = () => performance.now(),
): Promise<BuildAndIndexing<T>> {
  const started = now();
  const built = await build();
  const buildMs = now() - started;
  return { built, buildMs, indexMs: timeIndexing(built) };
}
