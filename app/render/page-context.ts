/**
 * The page a component is rendered in, for blocks that need it (the form posts its page
 * path and speaks the page's language). Provided by App (app/render/app.tsx) from the View:
 * `path` is the page's URL path, `lang` the locale's BCP 47 tag (chrome.locale.lang, e.g.
 * 'et-EE'), the same on the server and in the browser so hydration matches.
 */
import { createContext } from 'react';
import type { ImageManifest } from '../images/image-manifest';

export interface PageInfo {
  path: string;
  lang: string;
  /** responsive variants of the page's raster images (the payload's), by media path */
  images?: ImageManifest;
}

export const PageContext = createContext<PageInfo>({ path: '/', lang: 'en' });
