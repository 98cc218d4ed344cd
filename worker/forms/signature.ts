/**
 * The signature of a webhook delivery, so a receiver can tell the site's posts from anyone
 * else's and refuse a replayed one (README, "Form entries"):
 *
 *   X-Signature: t={unix seconds},v1={hex HMAC-SHA256(secret, "{t}.{body}")}
 *
 * The time is signed with the body, so a captured delivery cannot be sent again later with a
 * fresh time. Web Crypto only: the worker, Node and the tests run the same code.
 */

export const SIGNATURE_HEADER = 'X-Signature';
/** How old a signed time the verifier accepts, either way, in seconds. */
export const SIGNATURE_TOLERANCE_S = 300;

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The header value for `body` sent at `nowMs`. */
export async function signatureHeader(secret: string, body: string, nowMs: number): Promise<string> {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${await hmacHex(secret, `${t}.${body}`)}`;
}

/** Compares in time that does not depend on where the strings differ. */
function equalInConstantTime(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** What a receiver does: true when `header` signs exactly `body` with `secret`, recently. */
export async function verifySignature(secret: string, body: string, header: string | null, nowMs: number): Promise<boolean> {
  const parts = new Map((header ?? '').split(',').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as const));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || !v1 || Math.abs(nowMs / 1000 - t) > SIGNATURE_TOLERANCE_S) return false;
  return equalInConstantTime(await hmacHex(secret, `${t}.${body}`), v1);
}
