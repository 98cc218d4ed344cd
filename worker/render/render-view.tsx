/**
 * Server rendering of a View. renderToString, not a stream: once the payload is read nothing
 * suspends, and on workerd the string renderer served about 3x the requests/second of
 * renderToReadableStream for these pages (measured under workerd; see bench/README.md).
 * `react-dom/server` resolves to server.edge.js under the `workerd` export condition.
 */
import { renderToString } from 'react-dom/server';
import type { ClientAssets } from '../../app/build-records';
import { headFor } from '../../app/head';
import { App } from '../../app/render/app';
import { ConsentBanner } from '../../app/render/consent-banner';
import { consentScript } from '../../app/consent';
import { gtmSnippet } from '../../app/tag-manager';
import type { PreviewInfo, View } from '../../app/view';
import { FormBlock } from '../../app/render/blocks/form';
import { GalleryBlock } from '../../app/render/blocks/gallery';
import { provideParts, type LazyPart } from '../../app/render/lazy-parts';
import { LivePreview } from '../../app/render/screens/live-preview';
import { ResetStorageScreen } from '../../app/render/screens/reset-storage';
import { SearchScreen } from '../../app/search/search-screen';
import { loadsScripts, tagManagerOf } from '../../app/render/view-facts';
import { renderDocument } from './document';
import { jsonForScript } from './html';
import { payloadJson } from './payload-json';
import { NO_SCRIPT_CSS } from './plain-page';

import '../../app/i18n/all-languages';

// The server renders every part; only the browser loads them lazily. Every part, or the
// typecheck fails: one the server lacked would render as nothing, and hydration would differ.
provideParts({
  gallery: GalleryBlock,
  form: FormBlock,
  'live-preview': LivePreview,
  'reset-storage': ResetStorageScreen,
  'consent-banner': ConsentBanner,
  'search-results': SearchScreen,
} satisfies Record<LazyPart, unknown>);

export interface RenderOptions {
  buildId: string;
  assets: ClientAssets;
  /** set on the preview host: the banner, and editors' placeholders for unknown blocks */
  preview?: PreviewInfo;
}

/**
 * With a tag manager, two inline scripts, each allowed by its hash in the CSP: first the
 * consent defaults (and a returning visitor's stored choice), then the tag manager's snippet
 * of the site's consent mode, so gtm.js is requested only after the defaults are set (in basic
 * mode, only once a category is granted). There is no <noscript> frame: without JavaScript no
 * consent can be asked, so nothing from the tag manager may load. The preview host gets neither
 * (tagManagerOf).
 */
const CONSENT_SCRIPT_TAG = `<script>${consentScript()}</script>`;
function tagManagerParts(view: View, preview: boolean): { headStart: string; headExtra: string } {
  const tags = tagManagerOf(view, preview);
  if (!tags) return { headStart: '', headExtra: '' };
  return { headStart: CONSENT_SCRIPT_TAG, headExtra: `<script>${gtmSnippet(tags.id, tags.mode)}</script>` };
}

/** The boot data as script-safe JSON; a page's payload, the bulk of it, is made once (payload-json.ts). */
function bootJson(buildId: string, view: View, preview: PreviewInfo | undefined): string {
  if (view.kind !== 'page') return jsonForScript({ buildId, view, ...(preview ? { preview } : {}) });
  const payload = payloadJson(view.payload);
  const tail = preview ? `,"preview":${jsonForScript(preview)}` : '';
  return `{"buildId":${jsonForScript(buildId)},"view":{"kind":"page","payload":${payload}}${tail}}`;
}

export function renderView(view: View, { buildId, assets, preview }: RenderOptions): string {
  const appHtml = renderToString(<App view={view} preview={preview} />);
  const unsupported = view.kind === 'system' && view.name === 'unsupported';
  return renderDocument({
    head: headFor(view),
    appHtml,
    bootJson: bootJson(buildId, view, preview),
    assets: unsupported ? { ...assets, css: [NO_SCRIPT_CSS] } : assets,
    withScripts: loadsScripts(view),
    ...tagManagerParts(view, preview !== undefined),
  });
}
