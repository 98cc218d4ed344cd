/**
 * sitemap.xml for a build, made at build time from the same hreflang logic as the page head,
 * so search engines and pages never disagree about translations.
 */
import type { Payload } from '../../app/build-records';
import { alternatesFor } from '../../app/head';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(payloads: Payload[], prerendered: ReadonlySet<string>): string {
  const urls = payloads
    // `/` showing the default home is the same page as the home: list the canonical URL once.
    .filter((p) => !p.canonicalPath && prerendered.has(p.path))
    .map((p) => {
      const links = alternatesFor(p.chrome, p.path, p.page.alternates)
        .map((a) => `    <xhtml:link rel="alternate" hreflang="${xmlEscape(a.hreflang)}" href="${xmlEscape(a.href)}"/>`)
        .join('\n');
      return `  <url>\n    <loc>${xmlEscape(p.chrome.origin + p.path)}</loc>\n${links}\n  </url>`;
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
