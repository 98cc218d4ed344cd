/**
 * The per-client allowance of form posts, over the Workers rate-limiting binding
 * (FORM_RATE_LIMIT, wrangler.toml `[[ratelimits]]`). Apart from the guards so it needs no
 * Cloudflare types: the binding is described by what is called on it.
 */

/** What the binding offers: `limit` answers whether this key may go on. */
export interface RateLimiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

let warnedNoLimiter = false;

/**
 * True when the client with `key` may post. Without the binding (plain workerd, as in the
 * bench) every post may, and the log says so once per isolate; a binding that fails lets
 * the post through too, as a form that cannot be sent helps no one.
 */
export async function mayPost(limiter: RateLimiter | undefined, key: string, requestId: string | undefined): Promise<boolean> {
  if (!limiter) {
    if (!warnedNoLimiter)
      console.warn(JSON.stringify({ type: 'warning', message: 'no FORM_RATE_LIMIT binding: form posts are not rate limited' }));
    warnedNoLimiter = true;
    return true;
  }
  try {
    return (await limiter.limit({ key })).success;
  } catch (err) {
    console.error(JSON.stringify({ type: 'error', requestId, fault: 'FormRateLimit', message: String(err) }));
    return true;
  }
}
