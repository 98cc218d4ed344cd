/** What a bench run hands from measuring (./run.ts) to judging (./analyse.ts) and printing (./report.ts). */
import type { DryRun } from '../../../scripts/lib/dry-run';
import type { BuiltSite } from '../built-site';
import type { LoadResult } from '../load-generator';
import type { ClientJs } from './client-js';
import type { ColdStart } from './cold-start';
import type { CpuPair } from './cpu-pairs';
import type { HtmlWeight } from './html-weight';
import type { PageImageBytes } from './image-bytes';
import type { ImagePageMeasurements } from './image-page-figures';
import type { RenderTiming } from './render-time';
import type { Scenario, ScenarioKey } from './scenarios';
import type { SearchMeasurements } from './search';

export interface BenchSettings {
  /** seconds of load per run */
  seconds: number;
  /** seconds of warm-up load before each run */
  warmup: number;
  connections: number;
  /** runs per scenario; the median one is reported */
  rounds: number;
  /** workerd's inspector, 127.0.0.1:PORT */
  inspectorAddress?: string;
}

/** One autocannon run of one scenario. */
export interface LoadRun {
  key: ScenarioKey;
  label: string;
  url: string;
  result: LoadResult;
  /** answers with another status than the scenario's own */
  unexpected: number;
  /** workerd's CPU time per request during the run, µs */
  cpuUsPerRequest: number;
}

/** A generated site of the scale section and how long it took to make. */
export interface ScaleSite {
  pages: number;
  pagesPerLocale: number;
  generateMs: number;
  buildMs: number;
  records: number;
}

export interface BenchMeasurements {
  settings: BenchSettings;
  /** load averages (1, 5, 15 min) before and after the run */
  loadavgStart: number[];
  loadavgEnd: number[];
  site: BuiltSite;
  /** the fixture page as workerd served it */
  html: string;
  dryRun: DryRun;
  /** every scenario, the constant route first */
  scenarios: Scenario[];
  /** in the order they ran: constant, then each scenario followed by a constant run */
  runs: LoadRun[];
  /** each scenario and its reference, back to back (the CPU budgets) */
  cpuPairs: CpuPair[];
  rssAfterLoad: number;
  scale: ScaleSite[];
  fixtureRender: RenderTiming;
  /** one per scale site, in the same order */
  scaleRenders: RenderTiming[];
  js: ClientJs;
  /** one per workerd restart */
  coldStarts: ColdStart[];
  /** `wrangler check startup`: CPU ms the top level of each worker took */
  startup: { siteMs: number; minimalRenderMs: number };
  /** the sample content's photo pages, as a 390 px phone downloads them */
  images: PageImageBytes[];
  /** the fixture page and the sample pages: the inline boot data's weight */
  htmlWeights: HtmlWeight[];
  /** site search on the largest scale site and the sample content (./search.ts) */
  search?: SearchMeasurements;
  /** the page of 30 photos, the same page with variants off, and the fixture page: HTML and render instructions */
  imagePage: ImagePageMeasurements;
}
