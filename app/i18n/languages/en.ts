/** English: the words the site itself says. One chunk per language in the browser. */
import type { ConsentStrings } from '../consent-strings';
import type { FormStrings } from '../form-strings';
import type { UiStrings } from '../strings';

/** The consent banner, when the site has a tag manager (site.json may replace these). */
export const consent: ConsentStrings = {
  title: 'Cookies on this site',
  body: 'We use cookies and similar technologies for statistics and marketing only with your consent. You can change your choice at any time under “Cookie settings” at the bottom of every page.',
  acceptAll: 'Accept all',
  rejectAll: 'Reject all',
  settings: 'Settings',
  save: 'Save choices',
  necessary: 'Necessary',
  necessaryDescription: 'Needed for the site to work and to remember your choice. Always on.',
  statistics: 'Statistics',
  statisticsDescription: 'Helps us understand how visitors use the site, so that we can improve it.',
  marketing: 'Marketing',
  marketingDescription: 'Lets us and our advertising partners show you relevant ads and measure how they work.',
  privacyLink: 'Privacy policy',
  footerLink: 'Cookie settings',
};

export const ui: UiStrings = {
  skipToContent: 'Skip to content',
  menu: 'Menu',
  language: 'Language',
  close: 'Close',
  backHome: 'Go to the home page',
  notFoundTitle: 'We could not find that page',
  notFoundBody: 'The address may be mistyped, or the page has moved.',
  serverErrorTitle: 'Something went wrong on our side',
  serverErrorBody: 'Please try again in a moment.',
  notPublishedTitle: 'This site has not been published yet',
  notPublishedBody: 'Nothing is published yet. Please come back in a little while.',
  unavailableTitle: 'This site is temporarily unavailable',
  unavailableBody: 'We could not load this page just now. Please try again in a minute.',
  unsupportedTitle: 'Your browser is not supported',
  unsupportedBody: 'This site needs a newer browser. Please update yours or use one of these:',
  supportedBrowsers: 'Supported browsers',
  previewTitle: 'Preview',
  previewBody: 'This page shows drafts to editors.',
  resetTitle: 'Reset stored data',
  resetBody: 'This page removes everything this site has stored in your browser.',
  resetSlugBody: 'This page removes what this site has stored in your browser for one page:',
  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
};

export const form: FormStrings = {
  sending: 'Sending…',
  sent: 'Thank you! Your message has been sent.',
  sendFailed: 'Could not send: your answers are kept, please try again.',
  choose: 'Choose…',
  honeypotLabel: 'Leave this field empty',
  notSent: 'Your message was not sent',
  rateLimited: 'Too many messages were sent from your connection. Please wait a minute, then send it again.',
  forbidden: 'This form can only be sent from its page on this site. Please reload the page and try again.',
  tooLarge: 'The form is too large to send. Please attach smaller files.',
  unreadable: 'The form could not be read. Please go back, reload the page and try again.',
  backToForm: 'Back to the form',
  resetPending: 'This happens in your browser as soon as the page has loaded.',
  resetRemovedAll: (n) => `Removed everything this site stored in this browser. Items removed: ${n}`,
  resetRemovedSlug: (n, slug) => `Removed what this site stored for ${slug}. Items removed: ${n}`,
  resetNothingAll: 'This site had nothing stored in this browser. Nothing was removed.',
  resetNothingSlug: (slug) => `Nothing was stored for ${slug}. Nothing was removed.`,
  resetFailed: (n) => `Items that could not be removed: ${n}`,
  resetUnavailable: 'This browser does not let the site store data, so there was nothing to remove.',
  itemDraft: (path) => `Form answers saved on ${path}`,
  itemReloadMarker: 'Reload marker (for this session)',
  itemCookie: 'Cookie',
  itemOther: 'Stored setting',
};
