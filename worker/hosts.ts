/** The last PREVIEW_HOSTS value parsed: it is the same for every request an isolate serves. */
let parsedHosts: { text: string; hosts: readonly string[] } | undefined;

/** Which hosts this worker serves in preview mode (`PREVIEW_HOSTS`, comma-separated). */
export function previewHosts(env: { PREVIEW_HOSTS?: string }): readonly string[] {
  const text = env.PREVIEW_HOSTS ?? '';
  if (parsedHosts?.text !== text) {
    const hosts = text
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter((h) => /^[a-z0-9.-]+(:\d+)?$/.test(h));
    parsedHosts = { text, hosts: Object.freeze(hosts) };
  }
  return parsedHosts.hosts;
}

export function isPreviewHost(env: { PREVIEW_HOSTS?: string }, url: string): boolean {
  const hosts = previewHosts(env);
  // Most requests run with no preview host configured: no URL to parse then.
  return hosts.length > 0 && hosts.includes(new URL(url).host.toLowerCase());
}

/** Preview mode: a preview host, or the whole worker in the `preview` environment. */
export function isPreviewRequest(env: { PREVIEW_HOSTS?: string; PREVIEW_MODE?: string }, url: string): boolean {
  return env.PREVIEW_MODE === 'true' || isPreviewHost(env, url);
}

/** Origins allowed to send documents to /preview (`PREVIEW_ORIGINS`, comma-separated), plus the page's own. */
export function previewOrigins(env: { PREVIEW_ORIGINS?: string }, url: string): string[] {
  const listed = (env.PREVIEW_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => /^https?:\/\/[a-z0-9.-]+(:\d+)?$/i.test(o));
  return [...new Set([new URL(url).origin, ...listed])];
}
