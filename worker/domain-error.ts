/**
 * The base of the worker's own errors. Each has a name that survives minification (the log's
 * `fault`), keeps its cause, and says what a request that fails with it answers, so the error
 * handler reads one property instead of knowing every class.
 */
import type { ClientErrorStatusCode } from 'hono/utils/http-status';

export abstract class DomainError extends Error {
  abstract override readonly name: string;
  /**
   * What a request that fails with it answers. A 4xx: the request itself is wrong, and the
   * message, which says how, is shown to the client. 503: the site's storage did not answer,
   * try again later. 500: this request cannot be served. A 5xx message is for the log only.
   */
  abstract readonly status: ClientErrorStatusCode | 500 | 503;
}
