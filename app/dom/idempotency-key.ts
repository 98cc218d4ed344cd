/**
 * The key the hydrated form sends as `Idempotency-Key` with a submission, so the worker stores
 * an entry once however often its post is retried (a timeout whose post did arrive, a second
 * click after a 503, the same answers sent again after a reload). A random v4 UUID from
 * `crypto.getRandomValues`: `crypto.randomUUID` came only in Chrome 92 and Safari 15.4, below
 * what the site supports (Chrome 64, Safari 12).
 */

export function newIdempotencyKey(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const b = random(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40; // version 4
  b[8] = (b[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(b, (x) => (x < 16 ? '0' : '') + x.toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const KEY_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** True for a key of the shape newIdempotencyKey makes (and the worker accepts). */
export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && KEY_SHAPE.test(value);
}

/** A stored submission's content longer than this is not kept (nor read back). */
export const SUBMISSION_MAX_CONTENT_LENGTH = 1_000_000;

/** The key of a submission that was sent and not confirmed, and what it carried (as text). */
export interface PendingSubmission {
  key: string;
  content: string;
}

/** A pending submission read back from storage, or null when it is not that shape (storage is untrusted). */
export function cleanPendingSubmission(input: unknown): PendingSubmission | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const { key, content } = input as Partial<Record<keyof PendingSubmission, unknown>>;
  if (!isIdempotencyKey(key) || typeof content !== 'string' || content.length > SUBMISSION_MAX_CONTENT_LENGTH) return null;
  return { key, content };
}

/** Where the pending submission is kept so that it survives a reload (form-drafts.ts: with the draft). */
export interface SubmissionKeyStore {
  load(): PendingSubmission | null;
  /** null: there is none any more (the submission went through) */
  save(pending: PendingSubmission | null): void;
}

/**
 * One submission's key: the same while what is sent stays the same (a retry of it), a new one
 * once the visitor changes anything or the last one was sent (a new submission). With a store,
 * the key of what was sent is kept there before each send and read back when created, so the
 * same answers sent again after a reload (the answer to the first post never came) carry it too.
 */
export function createSubmissionKeys(make: () => string = newIdempotencyKey, store?: SubmissionKeyStore) {
  let current: PendingSubmission | null = cleanPendingSubmission(store?.load());
  return {
    /** the key for sending `content` (what the post carries, as text); kept in the store */
    keyFor(content: string): string {
      if (current?.content !== content) current = { key: make(), content };
      store?.save(current);
      return current.key;
    },
    /** the submission went through: the next one is a new submission */
    sent(): void {
      current = null;
      store?.save(null);
    },
  };
}
