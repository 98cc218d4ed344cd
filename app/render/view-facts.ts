/**
 * Facts about a View that the root component, the server's document and the client's chunk
 * loader all need. Apart from app.tsx so that lazy-parts.ts can read them without an import
 * cycle, and free of zod (View is only a type here), like everything the entry loads.
 */
import type { Chrome } from '../build-records';
import { DEFAULT_CONSENT_MODE, type ConsentMode } from '../consent';
import type { View } from '../view';

export function chromeOf(view: View): Chrome {
  return view.kind === 'page' ? view.payload.chrome : view.chrome;
}

/**
 * Pages that load no client JavaScript: /unsupported (an outdated browser may be sent there)
 * and the 503 page (with no build there are no assets to load). They carry no tags either.
 */
export function loadsScripts(view: View): boolean {
  return !((view.kind === 'system' && view.name === 'unsupported') || (view.kind === 'error' && view.status === 503));
}

/**
 * The tag manager a page carries, if any: on a site with one, on a page that runs scripts, and
 * never on the preview host, whatever the content says: there tags would read drafts and the
 * `?share=` grant in the URL.
 */
export function tagManagerOf(view: View, preview: boolean): { id: string; mode: ConsentMode } | null {
  const { gtmId, consentMode } = chromeOf(view);
  if (gtmId === undefined || preview || !loadsScripts(view)) return null;
  return { id: gtmId, mode: consentMode ?? DEFAULT_CONSENT_MODE };
}

/** The consent banner goes with the tags: where there is no tag manager, there is none. */
export function showsConsentBanner(view: View, preview: boolean): boolean {
  return tagManagerOf(view, preview) !== null;
}
