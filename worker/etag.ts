/** Entity tags: what the worker sends and how it reads If-None-Match. */

/**
 * True when the client's If-None-Match names this tag. Compared weakly (RFC 9110 §13.1.2):
 * Cloudflare turns strong tags weak when it compresses, and the client echoes `W/`.
 */
export function etagMatches(ifNoneMatch: string | undefined | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === wanted);
}

/** FNV-1a, to fold a path into a short tag; not for security. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** A page's HTML is fixed by the build and the path, so its tag is made of those two. */
export const pageEtag = (buildId: string, path: string) => `"${buildId}-${fnv1a(path)}"`;
export const recordEtag = (id: string) => `"${id}"`;
