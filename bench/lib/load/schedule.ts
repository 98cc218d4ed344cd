/**
 * When a load run publishes and when KV fails, pure: one publish halfway for `npm run load`; for
 * a soak, a publish every N seconds and one fault window in the middle of the gap between two
 * publishes that holds the run's midpoint, so a switch and an outage never overlap.
 */

/** The run goes on at least this long after the last publish, so the switch can be judged. */
export const PUBLISH_TAIL_S = 20;

export interface LoadSchedule {
  publishAtS: number[];
  fault?: { startS: number; endS: number };
}

export function loadSchedule({
  seconds,
  publishEverySeconds,
  faultSeconds,
}: {
  seconds: number;
  publishEverySeconds?: number;
  faultSeconds?: number;
}): LoadSchedule {
  const publishAtS: number[] = [];
  if (publishEverySeconds === undefined) publishAtS.push(seconds / 2);
  else for (let t = publishEverySeconds; t <= seconds - PUBLISH_TAIL_S; t += publishEverySeconds) publishAtS.push(t);
  if (!faultSeconds) return { publishAtS };
  const marks = [0, ...publishAtS, seconds];
  const gap = marks.findIndex((m, i) => i + 1 < marks.length && m <= seconds / 2 && seconds / 2 < marks[i + 1]!);
  const mid = (marks[gap]! + marks[gap + 1]!) / 2;
  return { publishAtS, fault: { startS: mid - faultSeconds / 2, endS: mid + faultSeconds / 2 } };
}
