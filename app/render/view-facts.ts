/**
 * Facts about a View that the root component, the server's document and the client's chunk
 * loader all need. Apart from app.tsx so that lazy-parts.ts can read them without an import
 * cycle, and free of zod (View is only a type here), like everything the entry loads.
 */
import type { Chrome } from '../build-records';
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

/** The consent banner goes with the tags: where there is no tag manager, or no script runs, there is none. */
export function showsConsentBanner(view: View): boolean {
  return chromeOf(view).gtmId !== undefined && loadsScripts(view);
}
