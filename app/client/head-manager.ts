/**
 * Applies HeadData (app/head.ts, the same data the server renders) to the live document after
 * a client navigation: title, language, description, canonical, hreflang and Open Graph.
 */
import type { HeadData } from '../head';

function setMeta(doc: Document, attr: 'name' | 'property', key: string, content: string | undefined) {
  let el = doc.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!content) {
    el?.remove();
    return;
  }
  if (!el) {
    el = doc.createElement('meta');
    el.setAttribute(attr, key);
    doc.head.appendChild(el);
  }
  el.content = content;
}

function setCanonical(doc: Document, href: string | undefined) {
  let el = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!href) {
    el?.remove();
    return;
  }
  if (!el) {
    el = doc.createElement('link');
    el.rel = 'canonical';
    doc.head.appendChild(el);
  }
  el.href = href;
}

export function applyHead(head: HeadData, doc: Document = document): void {
  doc.title = head.title;
  doc.documentElement.lang = head.lang;
  setMeta(doc, 'name', 'description', head.description || undefined);
  setMeta(doc, 'name', 'robots', head.robots);
  setMeta(doc, 'property', 'og:title', head.title);
  setMeta(doc, 'property', 'og:description', head.description || undefined);
  setMeta(doc, 'property', 'og:url', head.canonical);
  setMeta(doc, 'property', 'og:locale', head.lang.replace('-', '_'));
  setCanonical(doc, head.canonical);
  doc.head.querySelectorAll('link[rel="alternate"][hreflang]').forEach((el) => el.remove());
  for (const alt of head.alternates) {
    const link = doc.createElement('link');
    link.rel = 'alternate';
    link.hreflang = alt.hreflang;
    link.href = alt.href;
    doc.head.appendChild(link);
  }
}
