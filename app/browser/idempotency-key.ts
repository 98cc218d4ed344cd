/**
 * The key the hydrated form sends as `Idempotency-Key` with a submission, so the worker stores
 * an entry once however often its post is retried (a timeout whose post did arrive, a second
 * click after a 503). A random v4 UUID from `crypto.getRandomValues`: `crypto.randomUUID` came
 * only in Chrome 92 and Safari 15.4, below what the site supports (Chrome 64, Safari 12).
 */

export function newIdempotencyKey(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const b = random(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40; // version 4
  b[8] = (b[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(b, (x) => (x < 16 ? '0' : '') + x.toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One submission's key: the same while what is sent stays the same (a retry of it), a new one
 * once the visitor changes anything or the last one was sent (a new submission).
 */
export function createSubmissionKeys(make: () => string = newIdempotencyKey) {
  let current: { key: string; content: string } | null = null;
  return {
    /** the key for sending `content` (what the post carries, as text) */
    keyFor(content: string): string {
      if (current?.content !== content) current = { key: make(), content };
      return current.key;
    },
    /** the submission went through: the next one is a new submission */
    sent(): void {
      current = null;
    },
  };
}
