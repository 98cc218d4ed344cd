/**
 * Cold start, two ways:
 *
 *   first request   workerd restarted, then one request to the site, one to the minimal render
 *                   reference and one to the KV-reading reference, each the first its isolate
 *                   serves: time to first byte. Repeated over restarts; the budget is the
 *                   median of each restart's own ratio of the site to the KV-reading reference
 *                   (the minimal render's is printed beside it).
 *   start-up CPU    `wrangler check startup`, which runs the worker's top level (module
 *                   evaluation) in local workerd under the profiler: what Cloudflare counts
 *                   against the start-up limit, measured here for the site and the reference.
 *
 * Why paired ratios over many restarts: a first request takes 10-40 ms here, and a neighbour's
 * burst on the 2 shared cores moves one restart by as much. Both workers of a restart run
 * within a second of each other and see the same machine, so their ratio cancels what moved
 * the restart; the median of 12 such ratios is not moved by two or three bad restarts, where
 * the ratio of two medians over 5 restarts (the judge before) failed 2 runs of 5 at 1.17x.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runWrangler } from '../../../scripts/lib/wrangler';
import type { WranglerSettings } from '../../../scripts/lib/wrangler-toml';
import { median } from './budgets';

/** One restart: each worker's first request, time to first byte, ms. */
export interface ColdStart {
  siteMs: number;
  minimalRenderMs: number;
  kvRenderMs: number;
}

/** A fresh runtime: where the three workers answer, and how to stop it. */
export interface FreshRuntime {
  siteUrl: string;
  minimalRenderUrl: string;
  kvRenderUrl: string;
  stop(): Promise<void>;
}

const WORKERS = ['siteMs', 'minimalRenderMs', 'kvRenderMs'] as const;

/**
 * Restarts per cold-start measurement: a multiple of the three workers, so that each is asked
 * first equally often (./cold-start.ts rotates the order), and enough that the median of the
 * restarts' ratios holds when a few restarts are disturbed.
 */
export const COLD_START_ROUNDS = 12;
const URL_OF = { siteMs: 'siteUrl', minimalRenderMs: 'minimalRenderUrl', kvRenderMs: 'kvRenderUrl' } as const;

/** Time to the response's headers, ms; the body is read after the clock stops. */
export async function timeToFirstByte(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const ms = performance.now() - started;
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`cold start: ${url} answered ${res.status}`);
  return ms;
}

/**
 * `rounds` restarts, each with the three first requests. Which worker is asked first rotates,
 * so that none always pays for what the process does on its first request of all.
 */
export async function measureColdStarts(
  rounds: number,
  start: () => Promise<FreshRuntime>,
  headers: Record<string, string>,
): Promise<ColdStart[]> {
  const results: ColdStart[] = [];
  for (let i = 0; i < rounds; i++) {
    const runtime = await start();
    try {
      const run: ColdStart = { siteMs: NaN, minimalRenderMs: NaN, kvRenderMs: NaN };
      for (let k = 0; k < WORKERS.length; k++) {
        const worker = WORKERS[(i + k) % WORKERS.length]!;
        run[worker] = await timeToFirstByte(runtime[URL_OF[worker]], headers);
      }
      results.push(run);
    } finally {
      await runtime.stop();
    }
  }
  return results;
}

/**
 * The site's first request over a reference's (the minimal render unless told): each restart's
 * own ratio, and the median of those; NaN without measurements.
 */
export function coldStartRatio(coldStarts: readonly ColdStart[], reference: 'minimalRenderMs' | 'kvRenderMs' = 'minimalRenderMs'): number {
  return median(coldStarts.map((c) => c.siteMs / c[reference]));
}

/** The parts of a V8 CPU profile (.cpuprofile) start-up time is read from. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string } }[];
  startTime: number;
  endTime: number;
  samples: number[];
  /** µs before each sample */
  timeDeltas: number[];
}

/** The CPU time a profile saw the worker busy, ms: every sample but the idle ones. */
export function busyMs(profile: CpuProfile): number {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  let us = 0;
  profile.samples.forEach((node, i) => {
    if (!idle.has(node)) us += profile.timeDeltas[i] ?? 0;
  });
  return us / 1000;
}

/**
 * The arguments of `wrangler check startup` for a config. It builds the worker with an inner
 * `wrangler deploy --dry-run` that is given only `--args`, not its own `--config`: without
 * `--config` in them that build reads ./wrangler.toml and profiles dist/ (or fails when there is
 * none), whatever config was asked for. Wrangler splits `--args` at spaces.
 */
export function startupArgs(config: string, outfile: string): string[] {
  if (/\s/.test(config)) throw new Error(`wrangler check startup cannot take a config path with spaces: ${config}`);
  return ['check', 'startup', '--config', config, `--args=--config ${config} --env=`, '--outfile', outfile];
}

/** `wrangler check startup` for a wrangler config; the profile it wrote, read back. */
export async function startupProfile(config: string, outfile: string): Promise<CpuProfile> {
  await runWrangler(startupArgs(config, outfile));
  return JSON.parse(await readFile(outfile, 'utf8')) as CpuProfile;
}

/** A wrangler config for a worker file alone (the reference), with the site's compatibility settings. */
export async function writeBareConfig(dir: string, name: string, scriptPath: string, wrangler: WranglerSettings): Promise<string> {
  const config = join(dir, `${name}.wrangler.toml`);
  const flags = wrangler.compatibilityFlags.map((f) => JSON.stringify(f)).join(', ');
  await writeFile(
    config,
    `name = ${JSON.stringify(name)}\nmain = ${JSON.stringify(scriptPath)}\ncompatibility_date = ${JSON.stringify(wrangler.compatibilityDate)}\ncompatibility_flags = [${flags}]\n`,
  );
  return config;
}
