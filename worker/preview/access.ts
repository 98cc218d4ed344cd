/**
 * Editors' access to the preview host: a shared token (the PREVIEW_TOKEN secret) opened once
 * as `?token=`, exchanged for a signed cookie that expires. Pure Web Crypto, so it runs in
 * workerd and in tests alike.
 */
/**
 * `__Host-`: the browser takes it only with Secure, Path=/ and no Domain, so no other host of
 * the domain can set or shadow it. It is sent inside a CMS's cross-site frame because it is
 * SameSite=None, and Partitioned (CHIPS) keeps it to that one top-level site: signing in inside
 * the CMS's frame signs in nowhere else (docs/behaviour.md#15-preview-page).
 */
export const PREVIEW_COOKIE = '__Host-edge_preview';
/**
 * The same access for a preview host with named drafts (`{name}.preview.example.com`): set for
 * the preview host's domain, so one sign-in covers it and every draft's host. `__Secure-`,
 * since `__Host-` forbids a Domain; only this worker answers on that domain's hosts.
 */
export const PREVIEW_DRAFTS_COOKIE = '__Secure-edge_preview';
export const PREVIEW_COOKIE_MAX_AGE_S = 12 * 60 * 60;

const encoder = new TextEncoder();

export function base64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/**
 * Compares two secrets in constant time: both are hashed to 32 bytes first, so neither the
 * length nor the position of the first difference shows in the timing.
 */
export async function constantTimeEqual(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([sha256(a), sha256(b)]);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0;
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(`preview-cookie:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** `{expires}.{signature}`: the expiry is signed, so it cannot be extended. */
export async function signPreviewCookie(secret: string, expiresAtS: number): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(String(expiresAtS)));
  return `${expiresAtS}.${base64url(signature)}`;
}

export async function verifyPreviewCookie(secret: string, value: string | undefined, nowS: number): Promise<boolean> {
  const match = value?.match(/^(\d{1,12})\.([A-Za-z0-9_-]{43})$/);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires <= nowS || expires > nowS + PREVIEW_COOKIE_MAX_AGE_S + 60) return false;
  return constantTimeEqual(value!, await signPreviewCookie(secret, expires));
}
