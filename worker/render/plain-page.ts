/**
 * Small pages written by hand, for answers that load no client code: the preview host's access
 * page, and what a browser without JavaScript sees after posting a form. Never indexed.
 */
import { escapeHtml } from './html';

/** The stylesheet of /unsupported (public/): plain CSS that needs no JavaScript either. */
export const NO_SCRIPT_CSS = '/unsupported.css';

export interface PlainPage {
  lang: string;
  title: string;
  /** the robots meta; `noindex` unless said otherwise */
  robots?: string;
  /** the content of <main>, already escaped */
  main: string;
}

export function plainPage({ lang, title, robots = 'noindex', main }: PlainPage): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${e(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="${e(robots)}"><title>${e(title)}</title><link rel="stylesheet" href="${NO_SCRIPT_CSS}"></head>
<body><main class="site-main">${main}</main></body></html>`;
}
