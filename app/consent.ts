/**
 * Google Consent Mode v2, the pure part: what a visitor's choice means to the tag manager,
 * how it is stored, and the inline script that tells the tag manager before it loads.
 *
 * The choice lives in localStorage, not a cookie, so every page stays one shared HTML in the
 * edge cache and nothing is sent to the server with each request. The worker never sees it:
 * the page carries the banner hidden, and the inline script shows it when there is no choice.
 *
 * Stored as `{"v":1,"statistics":bool,"marketing":bool,"at":ms}` under `edge-site:v1:consent`
 * (the site's key spelling, app/dom/site-storage.ts). Two readers apply the same rules:
 * the inline script below (it runs before any bundle, so it cannot share code) and
 * parseStoredConsent (the banner's). test/app/consent.test.ts runs both on the same inputs.
 */

export const CONSENT_STORAGE_KEY = 'edge-site:v1:consent';
export const CONSENT_FORMAT_VERSION = 1;
/** A choice is asked again after 12 months. */
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
/** A choice dated this far ahead is still believed (clocks differ); further is garbage. */
export const CONSENT_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;
/** How long tags wait for an update after the defaults: the stored choice is applied at once, a new one when clicked. */
export const CONSENT_WAIT_FOR_UPDATE_MS = 500;
/** The dataLayer event that follows every consent update, for triggers in the tag manager. */
export const CONSENT_EVENT = 'consent_update';
/** `<html data-consent="ask">` shows the banner; "set" means a choice applies. Absent: no JavaScript ran. */
export const CONSENT_ATTRIBUTE = 'data-consent';

/**
 * How the tag manager meets consent (site.json `consentMode`). "basic": gtm.js is not even
 * requested until the visitor grants a category. "advanced" (Consent Mode v2's own name): gtm.js
 * loads for every visitor, its tags told that everything is denied until a grant.
 */
export const CONSENT_MODES = ['basic', 'advanced'] as const;
export type ConsentMode = (typeof CONSENT_MODES)[number];
export const DEFAULT_CONSENT_MODE: ConsentMode = 'basic';

/**
 * In basic mode, the window property that holds the tag manager's loader until it has run: the
 * inline snippet sets it (app/tag-manager.ts), the banner calls it after a grant. Its presence
 * means tags are waiting for consent; on the preview host and without a tag manager it is absent.
 */
export const TAG_LOADER_GLOBAL = '__edgeSiteLoadTags';

export interface ConsentChoice {
  statistics: boolean;
  marketing: boolean;
}

export type ConsentValue = 'granted' | 'denied';
export interface ConsentSignals {
  ad_storage: ConsentValue;
  ad_user_data: ConsentValue;
  ad_personalization: ConsentValue;
  analytics_storage: ConsentValue;
}

/** Before any choice, and for anything a choice does not grant. */
export const CONSENT_DEFAULTS = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  // Strictly necessary for the site itself; the banner says so and offers no switch for them.
  functionality_storage: 'granted',
  security_storage: 'granted',
  wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS,
} as const;

const value = (granted: boolean): ConsentValue => (granted ? 'granted' : 'denied');

/** The two categories the banner offers, as Consent Mode's signals. */
export function consentSignals(choice: ConsentChoice): ConsentSignals {
  const marketing = value(choice.marketing);
  return { ad_storage: marketing, ad_user_data: marketing, ad_personalization: marketing, analytics_storage: value(choice.statistics) };
}

/** The dataLayer event pushed with every update (same fields as the update). */
export function consentEvent(choice: ConsentChoice): { event: string } & ConsentSignals {
  return { event: CONSENT_EVENT, ...consentSignals(choice) };
}

export interface StoredConsent extends ConsentChoice {
  v: number;
  at: number;
}

export function storedConsent(choice: ConsentChoice, now: number): StoredConsent {
  return { v: CONSENT_FORMAT_VERSION, statistics: choice.statistics, marketing: choice.marketing, at: now };
}

/** The stored choice if it is one this build wrote within the last 12 months; else null (ask). */
export function parseStoredConsent(text: string | null, now: number): ConsentChoice | null {
  if (text === null) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { v, statistics, marketing, at } = stored as Partial<Record<keyof StoredConsent, unknown>>;
  if (v !== CONSENT_FORMAT_VERSION || typeof statistics !== 'boolean' || typeof marketing !== 'boolean' || typeof at !== 'number')
    return null;
  const age = now - at;
  if (!(age >= -CONSENT_CLOCK_SKEW_MS && age < CONSENT_MAX_AGE_MS)) return null;
  return { statistics, marketing };
}

/**
 * The first script of every page of a site with a tag manager, allowed by its hash in the
 * CSP: so it must be the same text on every page, and the build hashes exactly this. ES5,
 * since it runs in every browser that gets the page, before the bundle is even fetched.
 * It sets the denied defaults, then applies a stored choice as an update (before the tag
 * manager's snippet pushes gtm.js, so no tag ever sees the defaults alone when a choice
 * exists), and marks <html> for the stylesheet to show the banner or not.
 */
export function consentScript(): string {
  const key = JSON.stringify(CONSENT_STORAGE_KEY);
  const defaults = JSON.stringify(CONSENT_DEFAULTS);
  const event = JSON.stringify(CONSENT_EVENT);
  const attribute = JSON.stringify(CONSENT_ATTRIBUTE);
  return (
    'window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}' +
    `gtag('consent','default',${defaults});` +
    '(function(){var c=null;try{var s=JSON.parse(localStorage.getItem(' +
    key +
    '));' +
    `if(s&&typeof s==='object'&&s.v===${CONSENT_FORMAT_VERSION}&&typeof s.statistics==='boolean'&&typeof s.marketing==='boolean'&&typeof s.at==='number'){` +
    `var a=Date.now()-s.at;if(a>=-${CONSENT_CLOCK_SKEW_MS}&&a<${CONSENT_MAX_AGE_MS})c=s;}}catch(e){}` +
    "if(c){var m=c.marketing?'granted':'denied',u={ad_storage:m,ad_user_data:m,ad_personalization:m,analytics_storage:c.statistics?'granted':'denied'};" +
    `gtag('consent','update',u);dataLayer.push({event:${event},ad_storage:m,ad_user_data:m,ad_personalization:m,analytics_storage:u.analytics_storage});}` +
    `document.documentElement.setAttribute(${attribute},c?'set':'ask');})();`
  );
}
