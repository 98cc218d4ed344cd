/**
 * Performance budgets, as pure functions over measured numbers (unit-tested with made-up
 * ones). Throughput budgets are ratios to the constant route measured in the same run: the
 * load generator shares the machine's two cores with workerd, and other work on the machine
 * moves absolute figures, but both sides of a ratio alike.
 */

export const KB = 1024;

export const BUDGETS = {
  /** full page render, edge cache bypassed, every policy on: share of the constant route's req/s */
  renderShareOfConstant: 0.25,
  /** the same page from the edge cache: share of the constant route's req/s */
  cacheHitShareOfConstant: 0.7,
  /** server render of the fixture page in Node, median, ms (strictly below) */
  renderMedianMs: 1,
  /** client JS before interactive beyond a bare React 19 hydrateRoot bundle, gzip bytes (at most) */
  clientOwnGzipBytes: 15 * KB,
  /** the worker as wrangler uploads it, gzip bytes (strictly below) */
  workerGzipBytes: 400 * KB,
  /** render time of the largest site over the smallest (at most): must not grow with pages */
  scaleRenderGrowth: 1.5,
} as const;

export type Budgets = { [K in keyof typeof BUDGETS]: number };

/**
 * Figures measured earlier on this machine kind under plain workerd for a ~16 KB page, which
 * the budgets were set against. Not run here; the bench measures its own saved-HTML and
 * minimal-render workers instead (./references.ts) and scales by those.
 */
export const REFERENCE = {
  /** a route returning the page's saved HTML */
  savedHtml: 16_500,
  honoRenderToString: 4_500,
  honoRenderToReadableStream: 1_500,
  nuxtDeployed: 820,
  astro: 1_480,
} as const;

/** How many times the reference frameworks' figure the site should serve. */
export const REFERENCE_TARGETS = { nuxtDeployed: 3, astro: 2 } as const;

/** A scenario's req/s and the constant route's, measured right around it in the same run. */
export interface Throughput {
  rps: number;
  constantRps: number;
}

/** A scenario's req/s as a share of the constant route around it; NaN when there is no constant. */
export const shareOfConstant = ({ rps, constantRps }: Throughput) => (constantRps > 0 ? rps / constantRps : NaN);

/** The item whose score is the median (the upper one of an even count): a round that was measured. */
export function medianBy<T>(items: readonly T[], score: (item: T) => number): T | undefined {
  const sorted = [...items].sort((a, b) => score(a) - score(b));
  return sorted[Math.floor(sorted.length / 2)];
}

export interface BudgetInput {
  render: Throughput;
  cacheHit: Throughput;
  renderMedianMs: number;
  clientOwnGzipBytes: number;
  workerGzipBytes: number;
  /** render medians by site size; the smallest and the largest are compared */
  scale: { pages: number; renderMedianMs: number }[];
}

export interface BudgetCheck {
  name: string;
  ok: boolean;
  actual: string;
  limit: string;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
/** NaN, Infinity or a missing figure never passes a budget. */
const finite = (...xs: number[]) => xs.every((x) => Number.isFinite(x));

export function evaluateBudgets(input: BudgetInput, limits: Budgets = BUDGETS): BudgetCheck[] {
  const renderShare = shareOfConstant(input.render);
  const hitShare = shareOfConstant(input.cacheHit);
  const bySize = [...input.scale].sort((a, b) => a.pages - b.pages);
  const smallest = bySize[0];
  const largest = bySize.at(-1);
  const growth = smallest && largest && smallest !== largest ? largest.renderMedianMs / smallest.renderMedianMs : NaN;

  return [
    {
      name: 'full render (cache bypassed) vs constant route, req/s',
      ok: finite(renderShare) && renderShare >= limits.renderShareOfConstant,
      actual: finite(renderShare) ? pct(renderShare) : 'not measured',
      limit: `>= ${pct(limits.renderShareOfConstant)}`,
    },
    {
      name: 'edge cache hit vs constant route, req/s',
      ok: finite(hitShare) && hitShare >= limits.cacheHitShareOfConstant,
      actual: finite(hitShare) ? pct(hitShare) : 'not measured',
      limit: `>= ${pct(limits.cacheHitShareOfConstant)}`,
    },
    {
      name: 'server render of the fixture page, median',
      ok: finite(input.renderMedianMs) && input.renderMedianMs < limits.renderMedianMs,
      actual: `${input.renderMedianMs.toFixed(3)} ms`,
      limit: `< ${limits.renderMedianMs} ms`,
    },
    {
      name: "client JS before interactive, site's own (beyond React), gzip",
      ok: finite(input.clientOwnGzipBytes) && input.clientOwnGzipBytes <= limits.clientOwnGzipBytes,
      actual: kb(input.clientOwnGzipBytes),
      limit: `<= ${kb(limits.clientOwnGzipBytes)}`,
    },
    {
      name: 'worker bundle as uploaded, gzip',
      ok: finite(input.workerGzipBytes) && input.workerGzipBytes > 0 && input.workerGzipBytes < limits.workerGzipBytes,
      actual: kb(input.workerGzipBytes),
      limit: `< ${kb(limits.workerGzipBytes)}`,
    },
    {
      name: `render time, ${largest?.pages ?? '?'} pages vs ${smallest?.pages ?? '?'} pages`,
      ok: finite(growth) && growth <= limits.scaleRenderGrowth,
      actual: finite(growth) ? `${growth.toFixed(2)}x` : 'not measured',
      limit: `<= ${limits.scaleRenderGrowth}x`,
    },
  ];
}

export interface ReferenceComparison {
  name: string;
  reference: number;
  target: number;
  /** the site's render req/s as measured in this run */
  measured: number;
  /** render / saved HTML in this run x the reference saved-HTML figure: this run on the reference machine */
  normalized: number;
  ok: boolean;
}

/**
 * The site against the reference frameworks (their figures, not run here). Absolute req/s on a
 * shared machine mostly measures the neighbours, and the reference figures were taken against
 * a route returning the saved page, not a constant; so the verdict scales the run's render /
 * saved-HTML ratio (each a ratio to the constant runs around it) to the reference saved-HTML
 * figure. The raw figure is reported alongside.
 */
export function compareWithReferences(render: Throughput, savedHtml: Throughput): ReferenceComparison[] {
  const normalized = (shareOfConstant(render) / shareOfConstant(savedHtml)) * REFERENCE.savedHtml;
  return (['nuxtDeployed', 'astro'] as const).map((key) => {
    const target = REFERENCE[key] * REFERENCE_TARGETS[key];
    return {
      name:
        key === 'nuxtDeployed'
          ? `Nuxt 4 as deployed (${REFERENCE[key]} req/s) x${REFERENCE_TARGETS[key]}`
          : `Astro (${REFERENCE[key]} req/s) x${REFERENCE_TARGETS[key]}`,
      reference: REFERENCE[key],
      target,
      measured: render.rps,
      normalized,
      ok: Number.isFinite(normalized) && normalized >= target,
    };
  });
}

export const missed = (checks: BudgetCheck[]) => checks.filter((c) => !c.ok);
