/**
 * Globals the browser tests read or set inside `page.evaluate` (code that runs in the page):
 * the router the client entry exposes, the tag manager's data layer, and the tests' own probes.
 */
export {};

declare global {
  interface Window {
    /** set by app/client/entry.tsx */
    __router: { navigateTo(url: string, options?: { external?: boolean; replace?: boolean }): Promise<void> };
    dataLayer?: Record<string, unknown>[];
    /** CSP violations a test collects */
    __violations?: string[];
    /** set by the stub tag manager a test serves */
    __gtmLoaded?: boolean;
    /** set by a script a test tries to inject */
    __injected?: boolean;
    /** set by the stub gtm.js of bench/lib/audit/tag-manager-site.ts: how long the dataLayer was when it ran */
    __gtmStub?: { ran: boolean; dataLayerLength: number };
    /** set by a test on a document, to tell whether a navigation replaced it */
    __sameDocument?: boolean;
  }
}
