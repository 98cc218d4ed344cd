/**
 * The visitor's consent choice in the browser: read it, store it for 12 months, tell the tag
 * manager, and show or hide the banner. The banner's visibility is `<html data-consent>`,
 * which the inline consent script sets before the first paint (app/consent.ts): the same
 * shared HTML serves everyone, and a client navigation keeps the attribute.
 *
 * Browser-only, but called by the render code (the banner's handlers and effects), hence
 * app/dom/ rather than app/client/.
 */
import {
  CONSENT_ATTRIBUTE,
  CONSENT_STORAGE_KEY,
  TAG_LOADER_GLOBAL,
  consentEvent,
  consentSignals,
  parseStoredConsent,
  storedConsent,
  type ConsentChoice,
} from '../consent';

export const NO_CONSENT: ConsentChoice = { statistics: false, marketing: false };
export const FULL_CONSENT: ConsentChoice = { statistics: true, marketing: true };

/*
 * Storage is touched directly, not through site-storage.ts: this module loads on every page
 * of a site with a tag manager, and that one (listing, removal, cookies) is needed on few.
 * Merely reading `localStorage` throws in some private modes; writes throw on quota.
 */

/** The stored choice, or null when the visitor has not chosen (or it is older than 12 months). */
export function readConsent(now = Date.now()): ConsentChoice | null {
  let text: string | null = null;
  try {
    text = globalThis.localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    // no storage: no choice
  }
  return parseStoredConsent(text, now);
}

/**
 * What this document has granted so far. Tags that ran under a grant may keep what they set up
 * until the page is left, so a later refusal makes the next navigation a full page load.
 */
let grantedHere: ConsentChoice | null = null;
function grantedInThisDocument(): ConsentChoice {
  return (grantedHere ??= readConsent() ?? NO_CONSENT);
}

/** Whether `now` refuses a category `before` granted. */
const refusesGranted = (before: ConsentChoice, now: ConsentChoice) =>
  (before.statistics && !now.statistics) || (before.marketing && !now.marketing);

let withdrawn = false;
/** True once a category granted in this document has been refused (the router then loads the next page fully). */
export function consentWithdrawn(): boolean {
  return withdrawn;
}

/**
 * A refusal made in another tab: the tags that ran here under the grant are still in this
 * document, so once the other tab's stored choice refuses what was granted here, the next
 * navigation is a full page load too. Called once the page is interactive.
 */
export function watchConsentInOtherTabs(): void {
  grantedInThisDocument();
  window.addEventListener('storage', (event) => {
    if (event.key !== CONSENT_STORAGE_KEY && event.key !== null) return;
    if (refusesGranted(grantedInThisDocument(), readConsent() ?? NO_CONSENT)) withdrawn = true;
  });
}

type Gtag = (...args: unknown[]) => void;

/** Basic mode's loader, while the tag manager waits for a grant (app/tag-manager.ts); else undefined. */
function tagLoader(): (() => void) | undefined {
  const loader: unknown = (window as unknown as Record<string, unknown>)[TAG_LOADER_GLOBAL];
  return typeof loader === 'function' ? (loader as () => void) : undefined;
}

/** True while basic mode holds the tag manager back: no category granted in this document yet. */
export function tagsAwaitConsent(): boolean {
  return tagLoader() !== undefined;
}

/** Sends a choice to the tag manager as an update plus an event, loads it if basic mode waited for this grant, and hides the banner. */
function applyChoice(choice: ConsentChoice): void {
  const before = grantedInThisDocument();
  if (refusesGranted(before, choice)) withdrawn = true;
  grantedHere = { statistics: before.statistics || choice.statistics, marketing: before.marketing || choice.marketing };
  const w = window as { gtag?: Gtag; dataLayer?: unknown[] };
  w.gtag?.('consent', 'update', consentSignals(choice));
  w.dataLayer?.push(consentEvent(choice));
  // In this page, without a reload; the loader itself does nothing for a choice that grants nothing.
  tagLoader()?.();
  document.documentElement.setAttribute(CONSENT_ATTRIBUTE, 'set');
}

/** Stores the choice and applies it to this page. */
export function saveConsent(choice: ConsentChoice): void {
  // What this page granted before, read before the new choice overwrites it in storage.
  grantedInThisDocument();
  try {
    globalThis.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(storedConsent(choice, Date.now())));
  } catch {
    // Storage full or off: the choice holds for this page, and the next one asks again.
  }
  applyChoice(choice);
}

/**
 * A grant stored by another tab while this page's tag manager waits for one (basic mode):
 * applied at this page's next client navigation, as the next full load would apply it.
 */
export function applyGrantFromOtherTabs(): void {
  if (!tagsAwaitConsent()) return;
  const stored = readConsent();
  if (stored && (stored.statistics || stored.marketing)) applyChoice(stored);
}

/** Whether the banner is showing now (the inline script found no choice, or the settings were asked for). */
export function bannerShown(): boolean {
  return document.documentElement.getAttribute(CONSENT_ATTRIBUTE) === 'ask';
}

// The footer's "Cookie settings" and the banner are in different parts of the page.
type SettingsListener = () => void;
const settingsListeners = new Set<SettingsListener>();
let opener: HTMLElement | null = null;

export function onSettingsRequested(listener: SettingsListener): () => void {
  settingsListeners.add(listener);
  return () => settingsListeners.delete(listener);
}

/** Shows the banner with its settings open; focus goes back to `from` once the visitor has chosen. */
export function openConsentSettings(from: HTMLElement | null): void {
  opener = from;
  document.documentElement.setAttribute(CONSENT_ATTRIBUTE, 'ask');
  for (const listener of settingsListeners) listener();
}

/**
 * After a choice the banner disappears under the focus: it goes back to what opened the
 * settings, else to the page's heading, as after a navigation (without scrolling the reader away).
 */
export function restoreFocus(): void {
  const target = opener?.isConnected ? opener : document.querySelector<HTMLElement>('main h1');
  opener = null;
  target?.focus({ preventScroll: true });
}
