/**
 * The names a form block's post carries besides the visitor's answers, spelled once for the
 * block that renders them (app/render/blocks/form.tsx) and the worker route that reads them
 * (worker/forms/routes.ts). Content field names start with a letter (`Field` in app/content/block-parts.ts),
 * so none of these can clash with a field.
 */
export const FORM_POST_FIELDS = {
  /** hidden: the form block's id, on a post without JavaScript (JSON posts carry it as `form`) */
  form: '_form',
  /** hidden: the page the form is on, likewise (`page` in JSON) */
  page: '_page',
  /** the honeypot: a text input no person sees or reaches; a bot that fills it is kept out */
  honeypot: '_hp',
} as const;
