/** What a load run hands from measuring (./run.ts) to judging (./analyse.ts) and printing (./report.ts). */
import type { LoadResult } from '../load-generator';
import type { MixEntry, MixTally } from './mix';
import type { Sample } from './sampler';

export interface LoadSettings {
  seconds: number;
  connections: number;
  /** the least warm-up, seconds */
  warmup: number;
}

/** When the new build was published under load, on the sampler's clock (NaN: never). */
export interface PublishOutcome {
  /** the pointer write began (every record was written before) */
  pointerStartedAt: number;
  /** the pointer write completed */
  publishedAt: number;
  error?: string;
}

export interface LoadMeasurements {
  settings: LoadSettings;
  oldId: string;
  newId: string;
  /** the worker's BUILD_POINTER_TTL_MS */
  ttlMs: number;
  pid: number;
  mix: MixEntry[];
  tally: MixTally;
  result: LoadResult;
  warmedSeconds: number;
  /** workerd's RSS before the warm-up and after each warm-up step; the last is the baseline */
  rssTrace: number[];
  rssAtEnd: number;
  publish: PublishOutcome;
  samples: Sample[];
  formEntries: FormEntryCount;
}

/** Form posts the worker answered 200 (warm-up included), and which of them FORMS_DB lacks. */
export interface FormEntryCount {
  accepted: number;
  /** rows in FORMS_DB at the end */
  stored: number;
  /** accepted posts whose Idempotency-Key has no row */
  missing: number;
}
