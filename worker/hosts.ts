/** Which hosts this worker serves in preview mode (`PREVIEW_HOSTS`, comma-separated). */
export function previewHosts(env: { PREVIEW_HOSTS?: string }): string[] {
  return (env.PREVIEW_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => /^[a-z0-9.-]+(:\d+)?$/.test(h));
}

export function isPreviewHost(env: { PREVIEW_HOSTS?: string }, url: string): boolean {
  return previewHosts(env).includes(new URL(url).host.toLowerCase());
}
