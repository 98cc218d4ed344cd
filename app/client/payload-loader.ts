/**
 * Loads a page's prerendered payload for client navigation: `{path}/_payload.json?{buildId}`,
 * forced from the HTTP cache when it has it (a payload URL never changes within a build).
 */
import type { Payload } from '../build-records';
import { payloadUrlPath } from '../content/paths';
import { FetchError, type Fetcher } from '../fetch';

export type PageLoad = { kind: 'page'; payload: Payload } | { kind: 'not-found' };

/** The client does not ship the schemas; a structural check catches a wrong or truncated body. */
function looksLikePayload(value: unknown, path: string): value is Payload {
  const v = value as Payload | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.path === path &&
    typeof v.page?.title === 'string' &&
    Array.isArray(v.page.blocks) &&
    typeof v.chrome?.locale?.lang === 'string'
  );
}

export class BadPayloadError extends Error {
  constructor(readonly url: string) {
    super(`GET ${url} returned something that is not a page payload`);
    this.name = 'BadPayloadError';
  }
}

export function payloadUrl(path: string, buildId: string): string {
  return `${payloadUrlPath(path)}?${buildId}`;
}

export async function loadPayload(fetcher: Fetcher, path: string, buildId: string): Promise<PageLoad> {
  const url = payloadUrl(path, buildId);
  try {
    const data = await fetcher<unknown>(url, { cache: 'force-cache' });
    if (!looksLikePayload(data, path)) throw new BadPayloadError(url);
    return { kind: 'page', payload: data };
  } catch (err) {
    if (err instanceof FetchError && err.status === 404) return { kind: 'not-found' };
    throw err;
  }
}
