/**
 * The tag-manager snippet. Pure, so the build hashes exactly the text the worker renders:
 * the CSP allows this one inline script by its hash, and nothing else inline.
 */
import { CONSENT_ATTRIBUTE } from './consent';
import { GTM_ID_RE } from './validation/rule-string';

export const GTM_ORIGIN = 'https://www.googletagmanager.com';

/** Hosts the tag manager loads from and reports to, for the CSP. */
export const GTM_CSP_SOURCES = {
  script: [GTM_ORIGIN],
  connect: [GTM_ORIGIN, 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
  img: [GTM_ORIGIN, 'https://*.google-analytics.com'],
  frame: [GTM_ORIGIN],
} as const;

/**
 * The standard container snippet, which loads gtm.js only once the consent defaults have run:
 * the consent script (app/consent.ts) marks <html> with CONSENT_ATTRIBUTE as its last act, and
 * nothing else can before this runs. Each inline script is allowed by its own hash, so when code
 * and content are out of step (a worker deployed before its content is published, a rollback
 * of content alone) the CSP may block the consent script and not this one; the tag manager
 * must then stay out, not run with no defaults. The id is validated, so it is safe inside.
 */
export function gtmSnippet(id: string): string {
  if (!GTM_ID_RE.test(id)) throw new Error(`invalid tag-manager id ${JSON.stringify(id)}`);
  return (
    `(function(w,d,s,l,i){if(!d.documentElement.hasAttribute(${JSON.stringify(CONSENT_ATTRIBUTE)}))return;` +
    "w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});" +
    "var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;" +
    `j.src='${GTM_ORIGIN}/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','${id}');`
  );
}
