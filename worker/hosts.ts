/** Which requests the preview host serves, and who may send it drafts, from the parsed configuration. */
import type { WorkerConfig } from './config';

export function isPreviewHost(config: WorkerConfig, url: string): boolean {
  const hosts = config.previewHosts;
  // Most requests run with no preview host configured: no URL to parse then.
  return hosts.length > 0 && hosts.includes(new URL(url).host.toLowerCase());
}

/** Preview mode: a preview host, or the whole worker in the `preview` environment. */
export function isPreviewRequest(config: WorkerConfig, url: string): boolean {
  return config.previewMode || isPreviewHost(config, url);
}

/** Origins allowed to send documents to /preview: the configured ones, plus the page's own. */
export function previewOrigins(config: WorkerConfig, url: string): string[] {
  return [...new Set([new URL(url).origin, ...config.previewOrigins])];
}
