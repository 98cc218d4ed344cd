/** The id a request is known by in HTML, logs and KV keys. Pure, so it is tested without a runtime. */

/**
 * Cloudflare's ray id: 16 hex digits and the data centre's code. The header is only trusted in
 * that shape, because the id goes into HTML, logs and KV keys; anything else gets a fresh id.
 */
const CF_RAY_RE = /^[0-9a-f]{16}-[A-Z]{3}$/;

export function requestIdOf(cfRay: string | undefined): string {
  return cfRay !== undefined && CF_RAY_RE.test(cfRay) ? cfRay : crypto.randomUUID();
}
