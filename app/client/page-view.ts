import { tagsAwaitConsent } from '../dom/consent';

/** Tells the tag manager about client navigations (it only sees the first page load itself). */
export function pushPageView(path: string): void {
  // Basic mode before a grant: no tag may learn of this page later, when a grant loads them.
  if (tagsAwaitConsent()) return;
  const dataLayer = (window as { dataLayer?: unknown[] }).dataLayer;
  if (Array.isArray(dataLayer)) dataLayer.push({ event: 'page_view', page_path: path, page_title: document.title });
}
