/** What a load run hands from measuring (./run.ts) to judging (./analyse.ts) and printing (./report.ts). */
import type { ClassGrowth } from '../workerd/heap-snapshot';
import type { LoadResult } from '../load-generator';
import type { MixEntry, MixTally } from './mix';
import type { Sample } from './sampler';

export interface LoadSettings {
  seconds: number;
  connections: number;
  /** the least warm-up, seconds */
  warmup: number;
  /** requests per second over all connections together (a cap); without it, as fast as workerd answers */
  rate?: number;
  /** a publish every this many seconds (a soak); without it, one publish halfway */
  publishEverySeconds?: number;
  /** KV reads fail for this many seconds in the middle of the run (a soak's fault window) */
  faultSeconds?: number;
  /** the site isolate's heap after GC is read every this many seconds */
  heapEverySeconds: number;
  /** heap snapshots after the warm-up and at the end, compared (slow: several seconds each) */
  snapshots?: boolean;
}

/** A span of the run, in ms on the sampler's clock. */
export interface Window {
  start: number;
  end: number;
}

/** When a build was published under load, on the sampler's clock (NaN: never). */
export interface PublishOutcome {
  /** the build published */
  id: string;
  /** the pointer write began (every record was written before) */
  pointerStartedAt: number;
  /** the pointer write completed */
  publishedAt: number;
  error?: string;
}

/** The site isolate's JS heap after a forced major GC. */
export interface HeapSample {
  /** ms on the sampler's clock (0: the end of the warm-up) */
  at: number;
  usedBytes: number;
}

export interface SnapshotComparison {
  /** the classes that grew most between the two snapshots */
  growth: ClassGrowth[];
  /** from the root to the newest object of the class that grew most, or null */
  retainingPath: string[] | null;
  /** where the two snapshots were written */
  files: string[];
}

export interface LoadMeasurements {
  settings: LoadSettings;
  /** the build live after the warm-up, then each published build in order */
  ids: string[];
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
  /** the first sample is the one after the warm-up */
  heapTrace: HeapSample[];
  publishes: PublishOutcome[];
  /** when KV reads were failing */
  faultWindows: Window[];
  samples: Sample[];
  formEntries: FormEntryCount;
  snapshots?: SnapshotComparison;
}

/** Form posts the worker answered 200 (warm-up included), and which of them FORMS_DB lacks. */
export interface FormEntryCount {
  accepted: number;
  /** rows in FORMS_DB at the end */
  stored: number;
  /** accepted posts whose Idempotency-Key has no row */
  missing: number;
}
