/**
 * From a bench run's raw figures to its verdict (pure, unit-tested with made-up numbers).
 *
 * The machine is shared, so no figure is read on its own. CPU time per request is shown as a
 * ratio to a reference worker measured right beside it (cpu-pairs.ts), the median of the
 * pairs, and req/s as before: every scenario ran between two runs of the constant route, its
 * ratios are to the mean of those two, and the round with the median ratio is the one shown.
 * Neither is judged: their budgets are judged in instructions (`npm run bench:instructions`).
 */
import {
  BUDGETS,
  compareWithReferences,
  evaluateBudgets,
  median,
  medianBy,
  shareOfConstant,
  type BudgetCheck,
  type ReferenceComparison,
  type Throughput,
} from './budgets';
import { coldStartRatio } from './cold-start';
import type { CpuPair, CpuPairSpec } from './cpu-pairs';
import type { PageImageBytes } from './image-bytes';
import { imagePageRatios, type ImagePageRatios } from './image-page-figures';
import type { BenchMeasurements, LoadRun } from './measurements';
import type { ScenarioKey } from './scenarios';
import { evaluateSearchBudgets, warmSearchTimeVsRender } from './search';

/** The figures a scenario is divided by: the constant route's, around it or over the run. */
export interface Bracket {
  rps: number;
  p50: number;
  p99: number;
  cpuUsPerRequest: number;
}

export interface BracketedRun extends LoadRun {
  constant: Bracket;
}

export interface ScenarioSummary extends BracketedRun {
  /** the ratio to the constant route of every round, in the order they ran */
  roundRatios: number[];
}

export interface SameRunRatios {
  renderVsMinimalRender: number;
  renderVsSavedHtml: number;
  minimalRenderVsSavedHtml: number;
  cacheHitVsSavedHtml: number;
}

/** A scenario's CPU per request over its reference's, pair by pair, and their median (printed, not judged). */
export interface CpuRatio {
  key: ScenarioKey;
  reference: ScenarioKey;
  byPair: number[];
  median: number;
  /** the limit of this pair's budget, which bench:instructions judges in instructions */
  limit: number;
}

export interface BenchAnalysis {
  /** CPU ratios of the budgets' pairs, printed (the budgets are judged in instructions) */
  cpu: CpuRatio[];
  /** share of image bytes a phone saves over the sample pages together */
  phoneImageSaving: number;
  /** printed, not judged: the site's first request over the minimal render's */
  coldStartVsMinimalRender: number;
  /** the budget: the site's first request over a minimal render that reads the same records from KV first */
  coldStartVsKvRender: number;
  /** the page of 30 photos over the same page with variants off */
  imagePage: ImagePageRatios;
  /** printed, not judged: a warm search's time over the scale page's render (bench:instructions judges it) */
  warmSearchTimeVsRender?: number;
  constantRuns: LoadRun[];
  /** the constant route over the whole run */
  constant: Bracket;
  /** per measured scenario, its median round */
  loads: ScenarioSummary[];
  checks: BudgetCheck[];
  references: ReferenceComparison[];
  sameRun: SameRunRatios;
  /** runs that saw a wrong status or a socket error */
  badLoads: LoadRun[];
}

/** The order of the load runs: the constant route, then every scenario of every round, each followed by the constant route. */
export function loadOrder<T>(constant: T, measured: readonly T[], rounds: number): T[] {
  return [
    constant,
    ...Array.from({ length: rounds }, () => measured)
      .flat()
      .flatMap((s) => [s, constant]),
  ];
}

/** Answers whose status is not the one the scenario must see. */
export function unexpectedCount(statusCounts: Record<string, number>, status: number): number {
  return Object.entries(statusCounts).reduce((a, [code, n]) => a + (Number(code) === status ? 0 : n), 0);
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function meanBracket(runs: readonly LoadRun[]): Bracket {
  return {
    rps: mean(runs.map((r) => r.result.rps)),
    p50: mean(runs.map((r) => r.result.p50)),
    p99: mean(runs.map((r) => r.result.p99)),
    cpuUsPerRequest: mean(runs.map((r) => r.cpuUsPerRequest)),
  };
}

/** Each scenario run with the constant runs right before and after it (runs in loadOrder). */
export function bracketRuns(runs: readonly LoadRun[]): BracketedRun[] {
  const constantRuns = runs.filter((r) => r.key === 'constant');
  // Scenario run i ran between constant runs i and i + 1.
  return runs
    .filter((r) => r.key !== 'constant')
    .map((r, i) => ({ ...r, constant: meanBracket([constantRuns[i]!, constantRuns[i + 1]!]) }));
}

const ratioOf = (run: BracketedRun) => shareOfConstant({ rps: run.result.rps, constantRps: run.constant.rps });

/** Per scenario key, in the order given: the round whose ratio to the constant route is the median of its rounds. */
export function medianRounds(keys: readonly ScenarioKey[], bracketed: readonly BracketedRun[]): ScenarioSummary[] {
  return keys.map((key) => {
    const mine = bracketed.filter((r) => r.key === key);
    return { ...medianBy(mine, ratioOf)!, roundRatios: mine.map(ratioOf) };
  });
}

/** The ratio of each pair, and their median; a pair whose reference used no CPU is left out. */
export function cpuRatio(pair: CpuPair): CpuRatio {
  const byPair = pair.runs.filter((r) => r.referenceUs > 0).map((r) => r.scenarioUs / r.referenceUs);
  return { key: pair.key, reference: pair.reference, byPair, median: median(byPair), limit: pair.limit };
}

/** The pairs of the per-request budgets: each scenario against the reference that does its job with nothing else. */
export const CPU_PAIRS: readonly CpuPairSpec[] = [
  { key: 'cacheHit', reference: 'savedHtml', limit: BUDGETS.cacheHitCpuVsSavedHtml },
  { key: 'render', reference: 'minimalRender', limit: BUDGETS.renderCpuVsMinimalRender },
  { key: 'payload', reference: 'savedHtml', limit: BUDGETS.payloadCpuVsSavedHtml },
  { key: 'redirect', reference: 'savedHtml', limit: BUDGETS.redirectCpuVsSavedHtml },
];

/** Bytes saved over all the pages together (not the mean of the pages' savings); NaN for none. */
export function imageSaving(pages: readonly PageImageBytes[]): number {
  const before = pages.reduce((n, p) => n + p.beforeBytes, 0);
  const after = pages.reduce((n, p) => n + p.afterBytes, 0);
  return before > 0 ? 1 - after / before : NaN;
}

export function analyseBench(m: BenchMeasurements): BenchAnalysis {
  const constantRuns = m.runs.filter((r) => r.key === 'constant');
  const measuredKeys = m.scenarios.filter((s) => s.key !== 'constant').map((s) => s.key);
  const loads = medianRounds(measuredKeys, bracketRuns(m.runs));
  const throughput = (key: ScenarioKey): Throughput => {
    const l = loads.find((x) => x.key === key)!;
    return { rps: l.result.rps, constantRps: l.constant.rps };
  };
  const share = (key: ScenarioKey) => shareOfConstant(throughput(key));
  const cpu = m.cpuPairs.map(cpuRatio);
  const phoneImageSaving = imageSaving(m.images);
  const coldStartVsKvRender = coldStartRatio(m.coldStarts, 'kvRenderMs');
  const imagePage = imagePageRatios(m.imagePage);
  const checks = evaluateBudgets({
    phoneImageSaving,
    coldStartVsKvRender,
    imagePage,
    renderMedianMs: m.fixtureRender.medianMs,
    clientOwnGzipBytes: m.js.ownGzipBytes,
    workerGzipBytes: m.dryRun.gzipKiB * 1024,
    scale: m.scale.map((s, i) => ({ pages: s.pages, renderMedianMs: m.scaleRenders[i]!.medianMs })),
  }).concat(m.search ? evaluateSearchBudgets(m.search) : []);
  return {
    cpu,
    phoneImageSaving,
    coldStartVsMinimalRender: coldStartRatio(m.coldStarts, 'minimalRenderMs'),
    coldStartVsKvRender,
    imagePage,
    ...(m.search ? { warmSearchTimeVsRender: warmSearchTimeVsRender(m.search, m.scaleRenders.at(-1)!.medianMs) } : {}),
    constantRuns,
    constant: meanBracket(constantRuns),
    loads,
    checks,
    references: compareWithReferences(throughput('render'), throughput('savedHtml')),
    sameRun: {
      renderVsMinimalRender: share('render') / share('minimalRender'),
      renderVsSavedHtml: share('render') / share('savedHtml'),
      minimalRenderVsSavedHtml: share('minimalRender') / share('savedHtml'),
      cacheHitVsSavedHtml: share('cacheHit') / share('savedHtml'),
    },
    badLoads: m.runs.filter((l) => l.unexpected > 0 || l.result.errors > 0),
  };
}
