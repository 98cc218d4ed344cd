/**
 * The tag-manager snippet. Pure, so the build hashes exactly the text the worker renders:
 * the CSP allows this one inline script by its hash, and nothing else inline.
 */
import { CONSENT_ATTRIBUTE, TAG_LOADER_GLOBAL, consentSignals, type ConsentMode } from './consent';
import { GTM_ID_RE } from './validation/rule-string';

export const GTM_ORIGIN = 'https://www.googletagmanager.com';

/** Hosts the tag manager loads from and reports to, for the CSP. */
export const GTM_CSP_SOURCES = {
  script: [GTM_ORIGIN],
  connect: [GTM_ORIGIN, 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
  img: [GTM_ORIGIN, 'https://*.google-analytics.com'],
  frame: [GTM_ORIGIN],
} as const;

/** The container snippet's body: push gtm.js and insert the container's script. */
const LOAD_CONTAINER =
  "w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});" +
  "var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;" +
  `j.src='${GTM_ORIGIN}/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);`;

/** The Consent Mode signals a grant can turn on: any of them granted lets basic mode load the container. */
const GRANTABLE = JSON.stringify(Object.keys(consentSignals({ statistics: true, marketing: true })));

/**
 * Basic mode's part before the load: a loader, kept in window[TAG_LOADER_GLOBAL] until it has
 * loaded the container once, that loads it only while the latest consent command in the
 * dataLayer (the defaults, a stored choice, or the banner's update) grants a signal. The snippet
 * calls it at once (a returning visitor's stored grant), the banner after each choice. The
 * dataLayer is read rather than storage, so there is one reader of the stored choice in the
 * page's head (the consent script), and what loads the tags is exactly what the tags are told.
 */
const BASIC_LOADER =
  `var k=${GRANTABLE};` +
  'function g(){var q=w[l]||[],x,e,m;for(x=q.length-1;x>=0;x--){e=q[x];' +
  "if(e&&e[0]==='consent'&&e[2]&&typeof e[2]==='object'){for(m=0;m<k.length;m++)if(e[2][k[m]]==='granted')return true;return false;}}" +
  'return false;}' +
  `function z(){if(w[t]!==z||!g())return;w[t]=void 0;${LOAD_CONTAINER}}` +
  'w[t]=z;z();';

/**
 * The container snippet, which loads gtm.js only once the consent defaults have run:
 * the consent script (app/consent.ts) marks <html> with CONSENT_ATTRIBUTE as its last act, and
 * nothing else can before this runs. Each inline script is allowed by its own hash, so when code
 * and content are out of step (a worker deployed before its content is published, a rollback
 * of content alone) the CSP may block the consent script and not this one; the tag manager
 * must then stay out, not run with no defaults. The id is validated, so it is safe inside.
 *
 * "advanced" is the standard snippet: gtm.js loads at once, under the denied defaults.
 * "basic" loads it only once a category is granted (BASIC_LOADER).
 */
export function gtmSnippet(id: string, mode: ConsentMode): string {
  if (!GTM_ID_RE.test(id)) throw new Error(`invalid tag-manager id ${JSON.stringify(id)}`);
  const guard = `if(!d.documentElement.hasAttribute(${JSON.stringify(CONSENT_ATTRIBUTE)}))return;`;
  if (mode === 'advanced') return `(function(w,d,s,l,i){${guard}${LOAD_CONTAINER}})(window,document,'script','dataLayer','${id}');`;
  return `(function(w,d,s,l,i,t){${guard}${BASIC_LOADER}})(window,document,'script','dataLayer','${id}',${JSON.stringify(TAG_LOADER_GLOBAL)});`;
}
