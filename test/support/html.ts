/** Reading the few things tests assert about a served HTML document. */
export function htmlLang(html: string): string | undefined {
  return html.match(/<html lang="([^"]*)"/)?.[1];
}
export function titleOf(html: string): string | undefined {
  return html.match(/<title>([^<]*)<\/title>/)?.[1];
}
export function canonicalOf(html: string): string | undefined {
  return html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
}
export function hreflangs(html: string): Record<string, string> {
  return Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}
export function bootData(html: string): { buildId: string; view: any; preview?: { buildId: string; liveUrl: string } } {
  const json = html.match(/<script type="application\/json" id="site-data">([\s\S]*?)<\/script>/)?.[1];
  if (!json) throw new Error('no boot data in page');
  return JSON.parse(json);
}
