/**
 * CPU per request of a scenario against its reference, measured in pairs: short runs of the
 * two back to back, alternately, so that both sides of each ratio see the machine as it is in
 * the same few seconds. Three runs on 2026-11-26 showed why: in the main load, where a
 * scenario and its reference run a minute apart, one scenario's ratio swung from 0.8x to 1.4x
 * between rounds, and dividing by the constant route around each did not steady it.
 */
import type { ScenarioKey } from './scenarios';

/** A scenario and the reference worker that does the same job with nothing else. */
export interface CpuPairSpec {
  key: ScenarioKey;
  reference: ScenarioKey;
  limit: number;
}

/** One back-to-back pair: each side's CPU per request, µs. */
export interface PairRun {
  scenarioUs: number;
  referenceUs: number;
}

export interface CpuPair extends CpuPairSpec {
  runs: PairRun[];
}

/** Measures one run of a scenario: CPU per request, µs. */
export type MeasureCpu = (key: ScenarioKey) => Promise<number>;

/**
 * `rounds` pairs per spec. The side that goes first alternates, so a machine slowing down (or
 * speeding up) across a pair weighs on the scenario as often as on the reference.
 */
export async function measureCpuPairs(specs: readonly CpuPairSpec[], rounds: number, measure: MeasureCpu): Promise<CpuPair[]> {
  const pairs: CpuPair[] = [];
  for (const spec of specs) {
    const runs: PairRun[] = [];
    for (let i = 0; i < rounds; i++) {
      if (i % 2 === 0) {
        const scenarioUs = await measure(spec.key);
        runs.push({ scenarioUs, referenceUs: await measure(spec.reference) });
      } else {
        const referenceUs = await measure(spec.reference);
        runs.push({ scenarioUs: await measure(spec.key), referenceUs });
      }
    }
    pairs.push({ ...spec, runs });
  }
  return pairs;
}
