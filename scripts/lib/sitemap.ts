/**
 * sitemap.xml for a build, from the same hreflang logic as the page head, so search engines
 * and pages never disagree about translations.
 *
 * Made in two steps (docs/behaviour.md#111-sitemap). The build lists the URLs, each with the
 * content hash of its payload, and writes the sitemap without `<lastmod>`. The publish renders
 * it again with each URL's `<lastmod>`: when its payload hash was first published, which only
 * KV knows (scripts/lib/publish.ts).
 */
import { z } from 'zod';
import type { Payload } from '../../app/build-records';
import { alternatesFor } from '../../app/head';

/** One `<url>` of the sitemap; `hash` names the payload whose first publish is its lastmod. */
export const SitemapUrl = z.object({
  loc: z.string(),
  hash: z.string().regex(/^[a-f0-9]{64}$/),
  alternates: z.array(z.object({ hreflang: z.string(), href: z.string() })),
});
export type SitemapUrl = z.infer<typeof SitemapUrl>;

/** What the build hands the publish (dist/kv/sitemap.json): the sitemap's KV key and its URLs. */
export const SitemapSource = z.object({ key: z.string().min(1), urls: z.array(SitemapUrl) });
export type SitemapSource = z.infer<typeof SitemapSource>;

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapUrls(payloads: { payload: Payload; hash: string }[], prerendered: ReadonlySet<string>): SitemapUrl[] {
  return (
    payloads
      // `/` showing the default home is the same page as the home: list the canonical URL once.
      .filter(({ payload: p }) => !p.canonicalPath && prerendered.has(p.path))
      .map(({ payload: p, hash }) => ({
        loc: p.chrome.origin + p.path,
        hash,
        alternates: alternatesFor(p.chrome, p.path, p.page.alternates),
      }))
  );
}

/** A W3C datetime in UTC to the second, as the sitemap protocol's `<lastmod>` takes it. */
export const lastmodOf = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The sitemap; `firstPublished` gives a payload hash's first publish (ms), or undefined when KV
 * does not know it, and the URL then goes without a `<lastmod>`.
 */
export function sitemapXml(urls: SitemapUrl[], firstPublished: (hash: string) => number | undefined = () => undefined): string {
  const entries = urls.map((url) => {
    const at = firstPublished(url.hash);
    const lines = [
      `    <loc>${xmlEscape(url.loc)}</loc>`,
      // Right after <loc>: the protocol's schema lists a url's own children in that order.
      ...(at === undefined ? [] : [`    <lastmod>${lastmodOf(at)}</lastmod>`]),
      ...url.alternates.map((a) => `    <xhtml:link rel="alternate" hreflang="${xmlEscape(a.hreflang)}" href="${xmlEscape(a.href)}"/>`),
    ];
    return `  <url>\n${lines.join('\n')}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
