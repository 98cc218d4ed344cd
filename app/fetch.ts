/**
 * The client's only way to make a request, so retry, timeout and error shape are decided
 * once. It follows ofetch's defaults (retry idempotent reads once on transient statuses and
 * network failures, never replay writes on our own) without shipping ofetch to the browser.
 * Errors carry a kind so callers can tell "offline" from "server said no" from "bad body".
 */
import { FETCH_RETRY_COUNT, FETCH_RETRY_STATUSES } from './constants';

export type FetchErrorKind = 'http' | 'network' | 'timeout' | 'parse' | 'abort';

export class FetchError extends Error {
  override name = 'FetchError';
  kind: FetchErrorKind;
  url: string;
  method: string;
  status?: number;
  /** The final response, body unread, for `http` errors. */
  response?: Response;

  constructor(
    kind: FetchErrorKind,
    method: string,
    url: string,
    detail: string,
    extra: { status?: number; response?: Response; cause?: unknown } = {},
  ) {
    super(`${method} ${url} failed: ${detail}`, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.kind = kind;
    this.method = method;
    this.url = url;
    this.status = extra.status;
    this.response = extra.response;
  }
}

export interface FetchOptions {
  method?: string;
  headers?: HeadersInit;
  body?: BodyInit | null;
  /** Serialised as the body, with `content-type: application/json` unless one is given. Wins over `body`. */
  json?: unknown;
  cache?: RequestCache;
  signal?: AbortSignal;
  /** Per attempt; no timeout unless set here or in the defaults. */
  timeoutMs?: number;
  /** Extra attempts after the first; reads default to FETCH_RETRY_COUNT, writes to none. */
  retry?: number | false;
  /** Default 'json'. */
  responseType?: 'json' | 'text' | 'response';
}

export type Fetcher = <T = unknown>(url: string, options?: FetchOptions) => Promise<T>;

const IDEMPOTENT_READS = ['GET', 'HEAD'];

/** Rejects as soon as `signal` aborts, even if `promise` (a fetch that ignores signals) never settles. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  // Browsers before AbortSignal#reason (Chrome 98, Safari 15.4) abort with no reason at all.
  const reason = (): Error =>
    signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted.', 'AbortError');
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(reason());
    signal.addEventListener('abort', () => reject(reason()), { once: true });
    promise.then(resolve, reject);
  });
}

function isRetryable(error: FetchError): boolean {
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && FETCH_RETRY_STATUSES.includes(error.status ?? 0);
}

export function createFetch(defaults: { fetch?: typeof fetch; timeoutMs?: number } = {}): Fetcher {
  // Looked up per call so tests and polyfills that replace globalThis.fetch later are honoured,
  // and called on globalThis so browsers don't throw "Illegal invocation".
  const doFetch: typeof fetch = defaults.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function once(url: string, method: string, init: RequestInit, options: FetchOptions): Promise<unknown> {
    const callerSignal = options.signal;
    const timeoutMs = options.timeoutMs ?? defaults.timeoutMs;
    const controller = new AbortController();
    const forwardAbort = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) forwardAbort();
    else callerSignal?.addEventListener('abort', forwardAbort, { once: true });
    let timedOut = false;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            controller.abort(new DOMException(`Timed out after ${timeoutMs} ms`, 'TimeoutError'));
          }, timeoutMs);

    const failure = (cause: unknown, status?: number) =>
      callerSignal?.aborted
        ? new FetchError('abort', method, url, 'aborted', { cause, status })
        : timedOut
          ? new FetchError('timeout', method, url, `timed out after ${timeoutMs} ms`, { cause, status })
          : new FetchError('network', method, url, `network error${status ? ` reading ${status} body` : ''}`, { cause, status });

    try {
      let response: Response;
      try {
        response = await untilAborted(doFetch(url, { ...init, signal: controller.signal }), controller.signal);
      } catch (cause) {
        throw failure(cause);
      }
      const { status } = response;
      if (!response.ok) {
        throw new FetchError('http', method, url, `${status} ${response.statusText}`.trim(), { status, response });
      }
      const type = options.responseType ?? 'json';
      if (type === 'response') return response;
      let text: string;
      try {
        text = await untilAborted(response.text(), controller.signal);
      } catch (cause) {
        throw failure(cause, status);
      }
      if (type === 'text') return text;
      if (status === 204 || status === 205 || method === 'HEAD' || text === '') return undefined;
      try {
        return JSON.parse(text);
      } catch (cause) {
        throw new FetchError('parse', method, url, `${status} response is not valid JSON`, { status, cause });
      }
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardAbort);
    }
  }

  return async <T>(url: string, options: FetchOptions = {}): Promise<T> => {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers = new Headers(options.headers);
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const init: RequestInit = { method, headers, body, cache: options.cache };
    const retries = options.retry === false ? 0 : (options.retry ?? (IDEMPOTENT_READS.includes(method) ? FETCH_RETRY_COUNT : 0));

    for (let attempt = 0; ; attempt++) {
      try {
        return (await once(url, method, init, options)) as T;
      } catch (error) {
        if (!(error instanceof FetchError) || attempt >= retries || !isRetryable(error)) throw error;
      }
    }
  };
}

export const $fetch: Fetcher = createFetch();
