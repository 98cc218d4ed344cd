/**
 * What a browser without JavaScript sees after posting a form: the problems with the entry,
 * the form's thank-you message, or why the post was refused, in the page's language, with the
 * way back to the page.
 */
import { escapeHtml } from '../render/html';
import { plainPage } from '../render/plain-page';

interface FormPageParts {
  lang: string;
  /** the page the form is on, and its title: the way back */
  page: string;
  pageTitle: string;
}

const backLink = ({ page, pageTitle }: FormPageParts) => `<p><a href="${escapeHtml(page)}">← ${escapeHtml(pageTitle)}</a></p>`;

/** 422 for a plain post: each field's message, and the link back to the form. */
export function formErrorsPage(parts: FormPageParts & { errors: readonly string[] }): string {
  const items = parts.errors.map((m) => `<li>${escapeHtml(m)}</li>`).join('');
  return plainPage({
    lang: parts.lang,
    title: parts.pageTitle,
    main: `<h1>${escapeHtml(parts.pageTitle)}</h1><ul role="alert">${items}</ul>${backLink(parts)}`,
  });
}

/** After a plain post was kept: the form's success message (or the site's), then the way back. */
export function formSentPage(parts: FormPageParts & { heading: string; message: string }): string {
  return plainPage({
    lang: parts.lang,
    title: parts.message,
    main: `<h1>${escapeHtml(parts.heading)}</h1><p role="status">${escapeHtml(parts.message)}</p>${backLink(parts)}`,
  });
}

/** A refused post (403, 413, 429 ...): what happened and what to do, and the way back when known. */
export function formRefusedPage(parts: { lang: string; heading: string; message: string; back?: { page: string; label: string } }): string {
  const back = parts.back ? `<p><a href="${escapeHtml(parts.back.page)}">← ${escapeHtml(parts.back.label)}</a></p>` : '';
  return plainPage({
    lang: parts.lang,
    title: parts.heading,
    main: `<h1>${escapeHtml(parts.heading)}</h1><p role="alert">${escapeHtml(parts.message)}</p>${back}`,
  });
}
