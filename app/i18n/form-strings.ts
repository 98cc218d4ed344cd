/**
 * The words of the form block and of /reset-storage, per language (the validation messages
 * themselves live with the validators). Chosen like app/i18n/strings.ts: by the primary
 * subtag of the page's `lang` (`sv-SE` -> sv, `de-AT` -> de), English when there is no table.
 * Counts are written as "label: n" so no language needs plural rules.
 */
import { languageTable } from './languages';

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

export function formStrings(lang: string): FormStrings {
  return languageTable(lang).form;
}
