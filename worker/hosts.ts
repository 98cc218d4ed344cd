/** Which requests the preview host serves, which draft they see, and who may send it drafts, from the parsed configuration. */
import { LOCAL_PREVIEW_BASE, previewHostOf } from '../app/drafts';
import type { BuildChannel } from './build-memory';
import type { WorkerConfig } from './config';

/**
 * The host the browser asked for, as the request's URL names it: on Cloudflare the routed host.
 * No header is read for it (X-Forwarded-Host, wrangler dev's MF-Original-Hostname): a client can
 * send any header, and a deployed worker must not let one choose a host, let alone a draft.
 * `npm run preview` gets the browser's host into the URL by running wrangler dev without routes
 * (scripts/lib/wrangler-config.ts, withoutRoutes), not by trusting a header here.
 */
function requestHost(url: string): string {
  return new URL(url).host.toLowerCase();
}

/**
 * The preview host a request names, and the named draft it is for: a PREVIEW_HOSTS entry or
 * `{name}.{entry}`; in the preview environment also `preview.localhost` and
 * `{name}.preview.localhost` with any port (`npm run preview`). Null for any other host: a live
 * host has no drafts.
 */
export function previewHostOfUrl(config: WorkerConfig, url: string): { base: string; draft: string | null } | null {
  const hosts = config.previewHosts;
  // Most requests run with no preview host configured: no URL to parse then.
  if (hosts.length === 0 && !config.previewMode) return null;
  const host = requestHost(url);
  const port = /:\d+$/.exec(host)?.[0] ?? '';
  const local =
    config.previewMode && host.slice(0, host.length - port.length).endsWith(LOCAL_PREVIEW_BASE) ? [LOCAL_PREVIEW_BASE + port] : [];
  return previewHostOf(host, [...local, ...hosts]);
}

export function isPreviewHost(config: WorkerConfig, url: string): boolean {
  return previewHostOfUrl(config, url) !== null;
}

/** Preview mode: a preview host, or the whole worker in the `preview` environment. */
export function isPreviewRequest(config: WorkerConfig, url: string): boolean {
  return config.previewMode || isPreviewHost(config, url);
}

/**
 * The pointer a request follows: `live` on the live host, whatever its name says; on the
 * preview host the unnamed draft, or `draft:{name}` on a named draft's host.
 */
export function channelOf(config: WorkerConfig, url: string): BuildChannel {
  if (!isPreviewRequest(config, url)) return 'live';
  const draft = previewHostOfUrl(config, url)?.draft;
  return draft ? `draft:${draft}` : 'draft';
}

/** Origins allowed to send documents to /preview: the configured ones, plus the page's own. */
export function previewOrigins(config: WorkerConfig, url: string): string[] {
  return [...new Set([new URL(url).origin, ...config.previewOrigins])];
}
