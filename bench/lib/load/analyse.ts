/**
 * The load test's pass/fail rules, pure (unit-tested with made-up numbers): when the warm-up
 * is over, what fails a run, and whether a publish under load switched builds cleanly.
 */
import type { FormEntryCount, LoadMeasurements, PublishOutcome } from './measurements';
import type { Sample } from './sampler';

/** RSS may grow at most this much from the end of the warm-up to the end of the run. */
export const MAX_MEMORY_GROWTH = 0.2;
/** Warm-up goes on in steps of this many seconds until RSS holds still... */
export const WARMUP_STEP_S = 2;
/** ...that is, grows less than this over a step... */
export const WARMUP_STEADY = 0.03;
/** ...and stops after this many seconds at most (or the --warmup asked for, if longer). */
export const WARMUP_MAX_S = 30;

export interface WarmUpState {
  /** workerd's RSS before the warm-up and after each step */
  rssTrace: number[];
  /** seconds of warm-up load so far */
  seconds: number;
  /** the --warmup asked for */
  minSeconds: number;
}

/**
 * Start-up growth (JIT, the isolate's memo, the edge cache, heap sizing) is not a leak, so the
 * memory check starts only once RSS holds still; bounded, so a real leak still ends the warm-up.
 */
export function warmUpOver({ rssTrace, seconds, minSeconds }: WarmUpState): boolean {
  const lastGrowth = rssTrace.at(-1)! / rssTrace.at(-2)! - 1;
  if (seconds >= minSeconds && lastGrowth < WARMUP_STEADY) return true;
  return seconds >= Math.max(minSeconds, WARMUP_MAX_S);
}

export interface LoadCheckInput {
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
  /** answers whose status was wrong for the request (see mix.ts) */
  unexpected: number;
  rssAfterWarmup: number;
  rssAtEnd: number;
  /** the build switch verdict's problems (switchVerdict) */
  switchProblems: string[];
  formEntries?: FormEntryCount;
}

export function loadProblems(input: LoadCheckInput, maxGrowth = MAX_MEMORY_GROWTH): string[] {
  const problems: string[] = [];
  const fiveXx = Object.entries(input.statusCounts).filter(([code]) => code.startsWith('5'));
  const fiveXxTotal = fiveXx.reduce((a, [, n]) => a + n, 0);
  if (fiveXxTotal > 0) problems.push(`${fiveXxTotal} 5xx answer(s) (${fiveXx.map(([c, n]) => `${c}: ${n}`).join(', ')})`);
  if (input.errors > 0) problems.push(`${input.errors} socket error(s) or timeout(s) (${input.timeouts} timeout(s))`);
  if (input.unexpected > 0) problems.push(`${input.unexpected} answer(s) with a status wrong for the request`);
  const growth = input.rssAtEnd / input.rssAfterWarmup - 1;
  if (!Number.isFinite(growth)) problems.push('workerd memory was not measured');
  else if (growth > maxGrowth)
    problems.push(`workerd RSS grew ${(growth * 100).toFixed(1)}% after warm-up (limit ${(maxGrowth * 100).toFixed(0)}%)`);
  problems.push(...input.switchProblems);
  const forms = input.formEntries;
  if (forms && forms.accepted === 0) problems.push('no form post was accepted, so storing entries was not tested');
  if (forms && forms.missing > 0) problems.push(`${forms.missing} of ${forms.accepted} accepted form post(s) not stored in FORMS_DB`);
  return problems;
}

/**
 * Whether every sampled page named the old or the new build and nothing else, and whether the
 * new build took over once the worker's pointer TTL had passed.
 */
export interface SwitchVerdict {
  ok: boolean;
  problems: string[];
  counts: Record<string, number>;
  /** ms from the pointer write to the first page naming the new build */
  firstNewAfterMs: number | null;
  /** ms from the pointer write to the last page naming the old build */
  lastOldAfterMs: number | null;
}

export interface SwitchInput {
  samples: Sample[];
  oldId: string;
  newId: string;
  /** when the pointer write began (records were all written before), on the sampler's clock */
  pointerStartedAt: number;
  /** when the pointer write completed, on the sampler's clock */
  publishedAt: number;
  /** the worker's BUILD_POINTER_TTL_MS */
  ttlMs: number;
  /** slack for requests in flight at the switch */
  graceMs?: number;
}

export function switchVerdict({
  samples,
  oldId,
  newId,
  pointerStartedAt,
  publishedAt,
  ttlMs,
  graceMs = 1_000,
}: SwitchInput): SwitchVerdict {
  const problems: string[] = [];
  const counts: Record<string, number> = {};
  for (const s of samples) {
    const label = s.error
      ? 'error'
      : s.buildId === oldId
        ? 'old'
        : s.buildId === newId
          ? 'new'
          : `other (${s.status} ${s.buildId ?? 'no build id'})`;
    counts[label] = (counts[label] ?? 0) + 1;
  }
  const errors = samples.filter((s) => s.error);
  if (errors.length) problems.push(`${errors.length} sampler request(s) failed, e.g. ${errors[0]!.path}: ${errors[0]!.error}`);
  const others = samples.filter((s) => !s.error && s.buildId !== oldId && s.buildId !== newId);
  if (others.length)
    problems.push(
      `${others.length} page(s) named neither build, e.g. ${others[0]!.path}: status ${others[0]!.status}, build ${others[0]!.buildId}`,
    );
  // A page naming the new build cannot have arrived before the pointer write began (the
  // records alone must not switch anything).
  const early = samples.filter((s) => s.buildId === newId && s.end < pointerStartedAt);
  if (early.length) problems.push(`the new build appeared before its pointer was written (${early.length} page(s))`);
  const firstNew = samples.find((s) => s.buildId === newId);
  const lastOld = samples.filter((s) => s.buildId === oldId).at(-1);
  const firstNewAfterMs = firstNew ? firstNew.at - publishedAt : null;
  const lastOldAfterMs = lastOld ? lastOld.at - publishedAt : null;
  if (!firstNew) problems.push(`the new build ${newId} never appeared`);
  else if (firstNewAfterMs! > ttlMs + graceMs)
    problems.push(`the new build appeared ${Math.round(firstNewAfterMs!)} ms after the publish (pointer TTL ${ttlMs} ms)`);
  // The old build may answer requests begun up to the TTL after the publish, never later.
  if (lastOldAfterMs !== null && lastOldAfterMs > ttlMs + graceMs)
    problems.push(`the old build was still served ${Math.round(lastOldAfterMs)} ms after the publish (pointer TTL ${ttlMs} ms)`);
  if (!samples.some((s) => s.buildId === newId && s.at > publishedAt + ttlMs + graceMs)) {
    problems.push('no page was sampled after the pointer TTL had passed');
  }
  return { ok: problems.length === 0, problems, counts, firstNewAfterMs, lastOldAfterMs };
}

/** What went wrong with the publish itself, then with the switch the sampler saw. */
export function publishProblems(publish: PublishOutcome, verdict: SwitchVerdict): string[] {
  return [
    ...(publish.error ? [`publishing failed: ${publish.error}`] : []),
    ...(Number.isFinite(publish.publishedAt) ? [] : ['the new build was not published']),
    ...verdict.problems,
  ];
}

export interface LoadAnalysis {
  verdict: SwitchVerdict;
  problems: string[];
}

export function analyseLoad(m: LoadMeasurements): LoadAnalysis {
  const verdict = switchVerdict({
    samples: m.samples,
    oldId: m.oldId,
    newId: m.newId,
    pointerStartedAt: m.publish.pointerStartedAt,
    publishedAt: m.publish.publishedAt,
    ttlMs: m.ttlMs,
  });
  const problems = loadProblems({
    statusCounts: m.result.statusCounts,
    errors: m.result.errors,
    timeouts: m.result.timeouts,
    unexpected: m.tally.unexpected,
    rssAfterWarmup: m.rssTrace.at(-1)!,
    rssAtEnd: m.rssAtEnd,
    switchProblems: publishProblems(m.publish, verdict),
    formEntries: m.formEntries,
  });
  return { verdict, problems };
}
