/**
 * What a browser without JavaScript sees after posting a form: the problems with the entry,
 * or the form's thank-you message. Small self-contained pages (no client code), in the page's
 * language, never indexed, styled by the stylesheet that needs no JavaScript either.
 */
import { escapeHtml } from '../render/html';

interface PlainPageParts {
  lang: string;
  /** the page the form is on, and its title: the way back */
  page: string;
  pageTitle: string;
}

function plainPage({ lang, page, pageTitle }: PlainPageParts, title: string, main: string): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${e(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${e(title)}</title><link rel="stylesheet" href="/unsupported.css"></head>
<body><main class="site-main">${main}
<p><a href="${e(page)}">← ${e(pageTitle)}</a></p></main></body></html>`;
}

/** 422 for a plain post: each field's message, and the link back to the form. */
export function formErrorsPage(parts: PlainPageParts & { errors: Record<string, string> }): string {
  const items = Object.values(parts.errors).map((m) => `<li>${escapeHtml(m)}</li>`).join('');
  return plainPage(parts, parts.pageTitle, `<h1>${escapeHtml(parts.pageTitle)}</h1><ul role="alert">${items}</ul>`);
}

/** After a plain post was kept: the form's success message (or the site's), then the way back. */
export function formSentPage(parts: PlainPageParts & { heading: string; message: string }): string {
  return plainPage(parts, parts.message, `<h1>${escapeHtml(parts.heading)}</h1><p role="status">${escapeHtml(parts.message)}</p>`);
}
