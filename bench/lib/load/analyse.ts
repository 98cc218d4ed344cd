/**
 * The load test's pass/fail rules, pure (unit-tested with made-up numbers): when the warm-up
 * is over, what fails a run, and whether a publish under load switched builds cleanly.
 */
import type { FormEntryCount, LoadMeasurements, PublishOutcome, Window } from './measurements';
import type { NotedAnswer } from './mix';
import type { Sample } from './sampler';

/**
 * The site isolate's JS heap after a forced major GC may end at most this much above the
 * sample taken after the warm-up. That, not workerd's RSS, is what the check judges: RSS is the
 * whole process (the site, its cache-off twin, the bench's helper workers) and moves with V8's
 * sizing of its heaps; the heap after GC is what the site's isolate retains, which is what
 * Cloudflare's 128 MB per isolate limits.
 */
export const MAX_HEAP_GROWTH = 0.1;
/** Requests in flight when KV comes back may still fail: this long after a fault window counts as in it. */
export const FAULT_GRACE_MS = 2_000;
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
  /** every 5xx and wrong answer, timed (see mix.ts) */
  noted?: NotedAnswer[];
  /** when KV reads were failing: 503s in these (and FAULT_GRACE_MS after) are the documented answer */
  faultWindows?: Window[];
  heapAfterWarmup: number;
  heapAtEnd: number;
  /** the build switch verdicts' problems */
  switchProblems: string[];
  formEntries?: FormEntryCount;
}

const inWindow = (at: number, windows: Window[]) => windows.some((w) => at >= w.start && at <= w.end + FAULT_GRACE_MS);

export function loadProblems(input: LoadCheckInput, maxGrowth = MAX_HEAP_GROWTH): string[] {
  const problems: string[] = [];
  const windows = input.faultWindows ?? [];
  // A 503 inside a fault window is what the README's fault table promises; anything else is not.
  const allowed = (input.noted ?? []).filter((n) => n.status === 503 && inWindow(n.at, windows));
  const allowedUnexpected = allowed.filter((n) => !n.expected).length;
  const fiveXx = Object.entries(input.statusCounts)
    .filter(([code]) => code.startsWith('5'))
    .map(([code, n]): [string, number] => [code, code === '503' ? n - allowed.length : n])
    .filter(([, n]) => n > 0);
  const fiveXxTotal = fiveXx.reduce((a, [, n]) => a + n, 0);
  const outside = windows.length ? ' outside the fault window' : '';
  if (fiveXxTotal > 0) problems.push(`${fiveXxTotal} 5xx answer(s)${outside} (${fiveXx.map(([c, n]) => `${c}: ${n}`).join(', ')})`);
  const otherInWindow = (input.noted ?? []).filter((n) => n.status >= 500 && n.status !== 503 && inWindow(n.at, windows)).length;
  if (otherInWindow > 0) problems.push(`${otherInWindow} 5xx other than 503 inside the fault window`);
  if (input.errors > 0) problems.push(`${input.errors} socket error(s) or timeout(s) (${input.timeouts} timeout(s))`);
  const unexpected = input.unexpected - allowedUnexpected;
  if (unexpected > 0) problems.push(`${unexpected} answer(s) with a status wrong for the request${outside}`);
  const growth = input.heapAtEnd / input.heapAfterWarmup - 1;
  if (!Number.isFinite(growth)) problems.push("the site isolate's heap was not measured");
  else if (input.heapAtEnd > input.heapAfterWarmup * (1 + maxGrowth))
    problems.push(
      `the site isolate's heap after GC grew ${(growth * 100).toFixed(1)}% after warm-up (limit ${(maxGrowth * 100).toFixed(0)}%)`,
    );
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

/** What went wrong with a publish itself, then with the switch the sampler saw. */
export function publishProblems(publish: PublishOutcome, verdict: SwitchVerdict): string[] {
  return [
    ...(publish.error ? [`publishing ${publish.id} failed: ${publish.error}`] : []),
    ...(Number.isFinite(publish.publishedAt) ? [] : [`the build ${publish.id} was not published`]),
    ...verdict.problems,
  ];
}

/**
 * One verdict per publish, each judged on the samples between the previous switch's settling
 * (its publish plus the TTL) and the next publish, leaving out fault windows, where pages may be
 * the documented 503 and name no build.
 */
export function switchVerdicts({
  samples,
  ids,
  publishes,
  ttlMs,
  faultWindows = [],
  graceMs = 1_000,
}: {
  samples: Sample[];
  ids: string[];
  publishes: PublishOutcome[];
  ttlMs: number;
  faultWindows?: Window[];
  graceMs?: number;
}): SwitchVerdict[] {
  const judged = samples.filter((s) => !inWindow(s.at, faultWindows) && !inWindow(s.end, faultWindows));
  return publishes.map((p, i) => {
    const from = i === 0 ? -Infinity : publishes[i - 1]!.publishedAt + ttlMs + graceMs;
    const to = i + 1 < publishes.length ? publishes[i + 1]!.pointerStartedAt : Infinity;
    return switchVerdict({
      samples: judged.filter((s) => s.at >= from && s.at < to),
      oldId: ids[i]!,
      newId: ids[i + 1]!,
      pointerStartedAt: p.pointerStartedAt,
      publishedAt: p.publishedAt,
      ttlMs,
      graceMs,
    });
  });
}

export interface LoadAnalysis {
  verdicts: SwitchVerdict[];
  /** the site isolate's heap after GC, at the end against after the warm-up */
  heapGrowth: number;
  problems: string[];
}

export function analyseLoad(m: LoadMeasurements): LoadAnalysis {
  const verdicts = switchVerdicts({ samples: m.samples, ids: m.ids, publishes: m.publishes, ttlMs: m.ttlMs, faultWindows: m.faultWindows });
  const heapAfterWarmup = m.heapTrace[0]?.usedBytes ?? NaN;
  const heapAtEnd = m.heapTrace.at(-1)?.usedBytes ?? NaN;
  const problems = loadProblems({
    statusCounts: m.result.statusCounts,
    errors: m.result.errors,
    timeouts: m.result.timeouts,
    unexpected: m.tally.unexpected,
    noted: m.tally.noted,
    faultWindows: m.faultWindows,
    heapAfterWarmup,
    heapAtEnd,
    switchProblems: m.publishes.flatMap((p, i) => publishProblems(p, verdicts[i]!)),
    formEntries: m.formEntries,
  });
  return { verdicts, heapGrowth: heapAtEnd / heapAfterWarmup - 1, problems };
}
