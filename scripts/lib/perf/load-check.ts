/** The load test's pass/fail rules, pure (unit-tested with made-up numbers). */

/** RSS may grow at most this much from the end of the warm-up to the end of the run. */
export const MAX_MEMORY_GROWTH = 0.2;

export interface LoadCheckInput {
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
  /** answers whose status was wrong for the request (see load-mix.ts) */
  unexpected: number;
  rssAfterWarmup: number;
  rssAtEnd: number;
  /** the build switch verdict's problems (sampler.ts) */
  switchProblems: string[];
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
  return problems;
}
