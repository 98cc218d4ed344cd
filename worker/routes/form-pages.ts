/**
 * What a browser without JavaScript sees after posting a form: the problems with the entry,
 * or the form's thank-you message, in the page's language, with the way back to the page.
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
export function formErrorsPage(parts: FormPageParts & { errors: Record<string, string> }): string {
  const items = Object.values(parts.errors)
    .map((m) => `<li>${escapeHtml(m)}</li>`)
    .join('');
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
