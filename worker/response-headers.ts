/**
 * How middleware add headers to the response a later step made. A response can be final: a
 * page from the edge cache's memory is sent with the exact headers it was first sent with,
 * every writer's included, and writing them again would only redo that work (or, for a writer
 * that appends, say it twice). A writer that goes through `afterNext` cannot forget the check.
 */
import type { Context, Env, Next } from 'hono';

export interface ResponseHeadersVariables {
  /** the response already has every header: writers leave it alone */
  headersFinal: boolean;
}

type HeadersEnv = Env & { Variables: ResponseHeadersVariables };

/** Marks the response this request is answered with as carrying all its headers already. */
export function markHeadersFinal<E extends HeadersEnv>(c: Context<E>): void {
  c.set('headersFinal', true);
}

/**
 * Runs the rest of the chain, then `write` on the response's headers, unless the response is
 * final. Pass a function made once, not per request: `write` gets the context to read from.
 */
export async function afterNext<E extends HeadersEnv>(c: Context<E>, next: Next, write: (headers: Headers, c: Context<E>) => void) {
  await next();
  if (c.get('headersFinal')) return;
  write(c.res.headers, c);
}
