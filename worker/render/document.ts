/**
 * The HTML document around the rendered app. The head is written from HeadData (pure, shared
 * with the client's head updates); the view travels as non-executable JSON, so the page's only
 * inline scripts are the reload guard's and the tag manager's two, each allowed by its hash.
 */
import type { ClientAssets } from '../../app/build-records';
import type { HeadData } from '../../app/head';
import { APP_ROOT_ELEMENT_ID, BOOT_DATA_ELEMENT_ID } from '../../app/dom-ids';
import { escapeHtml } from './html';

export interface DocumentParts {
  head: HeadData;
  appHtml: string;
  /** the boot data, already as script-safe JSON (see jsonForScript) */
  bootJson: string;
  assets: ClientAssets;
  /** false for pages that must work in browsers too old for the client bundle */
  withScripts: boolean;
  /** markup before any other script or stylesheet (the consent defaults), already safe */
  headStart?: string;
  /** extra markup for the end of <head> (e.g. the tag manager), already safe */
  headExtra?: string;
}

export function renderDocument({ head, appHtml, bootJson, assets, withScripts, headStart = '', headExtra = '' }: DocumentParts): string {
  const e = escapeHtml;
  const lines: string[] = [
    '<!doctype html>',
    `<html lang="${e(head.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Before every other script, so the consent defaults are set before anything can read them.
    ...(headStart ? [headStart] : []),
    // Before any stylesheet or preload tag, so their load errors are seen (app/client/page-reload-guard.ts).
    ...(withScripts && assets.headScript ? [`<script>${assets.headScript.code}</script>`] : []),
    `<title>${e(head.title)}</title>`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
  ];
  if (head.description) lines.push(`<meta name="description" content="${e(head.description)}">`);
  if (head.robots) lines.push(`<meta name="robots" content="${e(head.robots)}">`);
  if (head.canonical) lines.push(`<link rel="canonical" href="${e(head.canonical)}">`);
  for (const alt of head.alternates) lines.push(`<link rel="alternate" hreflang="${e(alt.hreflang)}" href="${e(alt.href)}">`);
  lines.push(`<meta property="og:type" content="website">`, `<meta property="og:title" content="${e(head.title)}">`);
  if (head.description) lines.push(`<meta property="og:description" content="${e(head.description)}">`);
  if (head.canonical) lines.push(`<meta property="og:url" content="${e(head.canonical)}">`);
  lines.push(`<meta property="og:locale" content="${e(head.lang.replace('-', '_'))}">`);
  for (const href of assets.css) lines.push(`<link rel="stylesheet" href="${e(href)}">`);
  // The LCP image starts loading with the stylesheet instead of after it; `type` lets a browser
  // without AVIF skip the preload rather than fetch a file it cannot show.
  const img = head.imagePreload;
  if (img)
    lines.push(
      `<link rel="preload" as="image" type="${e(img.type)}" imagesrcset="${e(img.srcset)}" imagesizes="${e(img.sizes)}" fetchpriority="high">`,
    );
  if (withScripts) {
    // The server's HTML is the page; the client code only hydrates it. Only the entry is
    // preloaded, at low priority; the chunks it imports are requested as soon as it is parsed.
    // Preloading those dozen chunks too put them beside the stylesheet and the LCP image on a
    // slow connection: Lighthouse's mobile profile measured LCP 1.7-2.0 s with them and
    // 1.3-1.6 s without, for hydration that starts one round trip later.
    lines.push(`<link rel="modulepreload" href="${e(assets.entry)}" fetchpriority="low">`);
    lines.push(`<script type="module" src="${e(assets.entry)}"></script>`);
  }
  lines.push(headExtra, '</head>', '<body>', `<div id="${APP_ROOT_ELEMENT_ID}">${appHtml}</div>`);
  if (withScripts) lines.push(`<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${bootJson}</script>`);
  lines.push('</body>', '</html>');
  return lines.join('\n');
}
