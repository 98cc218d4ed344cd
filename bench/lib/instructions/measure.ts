/**
 * Instructions per request for each scenario, and the ratios read from them. The counter and
 * the requests are passed in, so the arithmetic and the order of steps are tested without
 * valgrind.
 */
import { median } from '../bench/budgets';

export interface CountedScenario {
  key: string;
  label: string;
  url: string;
  /**
   * a mix of requests instead of one: request i of a warm-up or a round goes to `urls[i % length]`,
   * so the figure is the mean over the mix (the search's queries); `url` is then only its name
   */
  urls?: readonly string[];
}

/** The URL of a scenario's request number `i` (counted from 0 in each warm-up and round). */
export function urlOf(s: CountedScenario, i: number): string {
  return s.urls?.length ? s.urls[i % s.urls.length]! : s.url;
}

export interface CountSettings {
  /** requests per scenario before anything is counted: the JIT settles on its code first */
  warmupRequests: number;
  /** requests per counted round */
  requests: number;
  rounds: number;
  /** a profile per scenario and round (the counter's dump), to read where the instructions go */
  dumpEachRound?: boolean;
}

/** What measuring needs of a counter (./callgrind.ts InstructionCounter). */
export interface Counter {
  counting(on: boolean): Promise<void>;
  total(): Promise<number>;
  /** writes what was counted since the last dump to a profile of its own */
  dump(label: string): Promise<void>;
}

export interface ScenarioCounts {
  key: string;
  label: string;
  /** instructions per request, one figure per round */
  perRequest: number[];
}

/** A ratio the report prints: a scenario's median over another's; judged when it has a limit. */
export interface RatioSpec {
  key: string;
  over: string;
  label: string;
  /** the most this ratio may be; absent: reported, not judged */
  limit?: number;
}

export interface Ratio extends RatioSpec {
  ratio: number;
}

/**
 * Warms every scenario, then counts `rounds` rounds of each, one request at a time. Counting
 * is on only around a round's requests, so warm-up, the checks and the reads cost nothing.
 */
export async function countInstructions(
  counter: Counter,
  scenarios: readonly CountedScenario[],
  { warmupRequests, requests, rounds, dumpEachRound = false }: CountSettings,
  request: (url: string) => Promise<void>,
  step: (message: string) => void = () => {},
): Promise<ScenarioCounts[]> {
  for (const s of scenarios) {
    step(`warm-up: ${s.label}, ${warmupRequests} requests`);
    for (let i = 0; i < warmupRequests; i++) await request(urlOf(s, i));
  }
  const counts = scenarios.map((s) => ({ key: s.key, label: s.label, perRequest: [] as number[] }));
  for (let round = 0; round < rounds; round++) {
    step(`round ${round + 1} of ${rounds}: ${requests} requests per scenario`);
    for (const [i, s] of scenarios.entries()) {
      await counter.counting(true);
      const before = await counter.total();
      for (let r = 0; r < requests; r++) await request(urlOf(s, r));
      const after = await counter.total();
      await counter.counting(false);
      if (dumpEachRound) await counter.dump(`${s.key} round ${round + 1}`);
      counts[i]!.perRequest.push((after - before) / requests);
    }
  }
  return counts;
}

/** Each spec's ratio of medians; NaN when either side was not counted. */
export function instructionRatios(counts: readonly ScenarioCounts[], specs: readonly RatioSpec[]): Ratio[] {
  const medianOf = new Map(counts.map((c) => [c.key, median(c.perRequest)]));
  return specs.map((spec) => ({ ...spec, ratio: (medianOf.get(spec.key) ?? NaN) / (medianOf.get(spec.over) ?? NaN) }));
}

/**
 * The ratios a partial run (`--only`) can read: those whose two scenarios it counted. A full
 * run keeps every spec, so a scenario that failed to count still misses its budget.
 */
export function ratiosCounted(specs: readonly RatioSpec[], counted: ReadonlySet<string>): RatioSpec[] {
  return specs.filter((spec) => counted.has(spec.key) && counted.has(spec.over));
}

/** The judged ratios over their limit, or not measured (NaN never passes). */
export function missedRatios(ratios: readonly Ratio[]): Ratio[] {
  return ratios.filter((r) => r.limit !== undefined && !(r.ratio <= r.limit));
}

/** bench/instructions.json: each ratio (judged ones with their limit) and the counts per request behind them. */
export function instructionResults(counts: readonly ScenarioCounts[], ratios: readonly Ratio[]) {
  return {
    ratios: ratios.map(({ key, over, ratio, limit }) => ({
      key,
      over,
      ratio: Math.round(ratio * 1000) / 1000,
      ...(limit === undefined ? {} : { limit }),
    })),
    counts: Object.fromEntries(
      counts.map((c) => [c.key, { median: Math.round(median(c.perRequest)), rounds: c.perRequest.map(Math.round) }]),
    ),
  };
}
