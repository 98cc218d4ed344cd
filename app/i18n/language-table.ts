/**
 * The shape of one language's table (app/i18n/languages/*.ts). It has a module of its own
 * because the registry (languages.ts) holds tables and the accessors (strings.ts,
 * form-strings.ts) read them: both sides need the shape, and neither may import the other.
 */
import type { ConsentTexts } from '../content/schema';

/** The words the site itself says (error screens, controls, system pages); content supplies everything else. */
export interface UiStrings {
  skipToContent: string;
  menu: string;
  language: string;
  close: string;
  backHome: string;
  notFoundTitle: string;
  notFoundBody: string;
  serverErrorTitle: string;
  serverErrorBody: string;
  notPublishedTitle: string;
  notPublishedBody: string;
  /** a 503 while the site's storage cannot be read (not the same as nothing published) */
  unavailableTitle: string;
  unavailableBody: string;
  unsupportedTitle: string;
  unsupportedBody: string;
  supportedBrowsers: string;
  previewTitle: string;
  previewBody: string;
  resetTitle: string;
  resetBody: string;
  resetSlugBody: string;
  previousSlide: string;
  nextSlide: string;
}

/**
 * The words of the form block and of /reset-storage (the validation messages themselves live
 * with the validators). Counts are written as "label: n" so no language needs plural rules.
 */
export interface FormStrings {
  /** the submit button while a submission is on its way */
  sending: string;
  /** shown after sending when the block's own successMessage is blank */
  sent: string;
  /** a submission that failed; what was typed stays in the form */
  sendFailed: string;
  /** the empty first choice of a select */
  choose: string;
  /** the label of the field people never see and bots fill in (read by no one but bots) */
  honeypotLabel: string;

  /** why a post was refused: shown beside the form, or on the page a post without JavaScript gets */
  notSent: string;
  /** 429: the visitor's connection sent too many posts; the wait is a minute */
  rateLimited: string;
  /** 403: the post did not come from the site's own page */
  forbidden: string;
  /** 413: the post, files included, is larger than the site accepts */
  tooLarge: string;
  /** 400/404/415 after a post without JavaScript: the page was stale or the post garbled */
  unreadable: string;
  /** 503: the site could not store the entry (its database was unavailable); nothing was kept */
  unavailable: string;
  /** 409: the post reused an earlier submission's key with other answers; nothing was kept */
  keyReused: string;
  /** the link from a refusal page back to the page with the form */
  backToForm: string;

  /** /reset-storage before the browser has done its part */
  resetPending: string;
  resetRemovedAll: (count: number) => string;
  resetRemovedSlug: (count: number, slug: string) => string;
  resetNothingAll: string;
  resetNothingSlug: (slug: string) => string;
  resetFailed: (count: number) => string;
  resetUnavailable: string;
  /** what a removed item was, in the result list */
  itemDraft: (path: string) => string;
  itemReloadMarker: string;
  itemCookie: string;
  itemOther: string;
}

/** The consent banner's words: the same shape site.json's `consent.texts` gives per locale. */
export type ConsentStrings = ConsentTexts;

/**
 * Site search's words (app/search/): counts are written "label: n" like the form's, and a
 * query is quoted after its phrase, so no language needs plural rules or word order.
 */
export interface SearchStrings {
  /** the field's label, the page's heading */
  label: string;
  submit: string;
  /** "Results: 3" */
  results: string;
  /** "Results for “loan”" */
  resultsFor: string;
  /** "Nothing found for “xyz”" */
  noResults: string;
  /** the heading over the locale's main pages when nothing was found */
  suggestions: string;
  previous: string;
  next: string;
  /** "Page 2 / 5" */
  page: string;
  tooLong: string;
  badPage: string;
  /** the search page without a query */
  empty: string;
  /** a build made before search existed, or its index unreadable */
  unavailable: string;
}

export interface LanguageTable {
  ui: UiStrings;
  form: FormStrings;
  consent: ConsentStrings;
  search: SearchStrings;
}
