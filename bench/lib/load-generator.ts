/**
 * autocannon, driven from Node and summarised the same way for the bench and the load test.
 *
 * Latency percentiles come from our own record of each response's time (autocannon reports
 * a float per response but its histogram keeps whole milliseconds, too coarse for a 1 ms
 * route). Every run is bounded twice: by time (autocannon's duration, plus a hard stop) and by
 * request count (maxOverallRequests).
 */
import autocannon, { type AutocannonRequest } from 'autocannon';

/** A current Chrome on Windows: the worker sends unsupported browsers elsewhere. */
export const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
export const IE11_UA = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';

/** Far above what two cores serve (~16 500 req/s for a constant): a bound, not a target. */
export const MAX_REQUESTS_PER_SECOND = 40_000;
/** Latency samples kept per run (enough for 60 s at the ceiling): bounded memory. */
const MAX_LATENCY_SAMPLES = 2_500_000;

export interface LoadOptions {
  url: string;
  seconds: number;
  connections: number;
  /** requests sent round-robin by every connection; default: GET url */
  requests?: AutocannonRequest[];
  headers?: Record<string, string>;
  /** per-request timeout, seconds */
  timeout?: number;
  /** requests per second over all connections together; without it, as fast as the server answers */
  rate?: number;
}

export interface LoadResult {
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  resets: number;
  statusCounts: Record<string, number>;
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export async function runLoad({ url, seconds, connections, requests, headers = {}, timeout = 5, rate }: LoadOptions): Promise<LoadResult> {
  const latencies = new Float64Array(Math.min(MAX_LATENCY_SAMPLES, Math.ceil(seconds * MAX_REQUESTS_PER_SECOND) + connections));
  let n = 0;
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    timeout,
    pipelining: 1,
    headers: { 'user-agent': CHROME_UA, ...headers },
    ...(requests ? { requests } : {}),
    maxOverallRequests: Math.max(connections, Math.ceil(seconds * MAX_REQUESTS_PER_SECOND)),
    ...(rate !== undefined ? { overallRate: rate } : {}),
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    if (n < latencies.length) latencies[n++] = ms;
  });
  // autocannon stops itself at `duration`; this only guards against it not doing so.
  const guard = setTimeout(() => instance.stop(), (seconds + timeout + 5) * 1000);
  try {
    const result = await instance;
    const sorted = latencies.subarray(0, n).sort();
    const statusCounts = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]));
    const total = Object.values(statusCounts).reduce((a, b) => a + b, 0);
    return {
      seconds: result.duration,
      requests: total,
      rps: total / result.duration,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      errors: result.errors,
      timeouts: result.timeouts,
      resets: result.resets,
      statusCounts,
    };
  } finally {
    clearTimeout(guard);
  }
}
