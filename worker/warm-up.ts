/**
 * Work an isolate does once, when it starts, so its first page request does not wait for it.
 *
 * A fresh isolate's first page request used to spend 20-30 ms of CPU that no later request
 * spends: regular expressions compiled on first use (the browser check, Hono's router), and V8
 * compiling the functions of the record schemas and of the renderer the first times they run.
 * The top level of the worker runs when the isolate starts, which on Cloudflare happens during
 * the TLS handshake of the request that starts it, so work moved here overlaps the network
 * instead of adding to the first byte. `npm run bench` reports both sides: the first request's
 * time, and the start-up CPU `wrangler check startup` measures (a limit Cloudflare enforces).
 *
 * The sample build below (manifest, index, one page) is parsed and rendered, then dropped. Its
 * page uses the blocks most pages use, with links and an image, so the code compiled is the
 * code common pages run.
 */
import type { Hono } from 'hono';
import { AppManifest, BuildIndex, Payload, RECORDS_FORMAT, type ClientAssets } from '../app/build-records';
import type { AppEnv } from './app-env';
import { warmBrowserCheck } from './browser-support/verdict-from-headers';
import { renderView } from './render/render-view';

/** A build id no build has: the sample page is never served. */
const WARM_UP_BUILD_ID = '0000000000000000';

const text = (t: string) => ({ type: 'text', text: t });
const paragraph = (...content: object[]) => ({ type: 'paragraph', content });
const image = { src: '/media/warm-up.svg', alt: 'Warm-up', width: 640, height: 360 };

const chrome = {
  siteName: 'Warm-up',
  origin: 'https://warm-up.invalid',
  defaultLocale: 'en',
  locale: { code: 'en', lang: 'en', label: 'English' },
  locales: [{ code: 'en', lang: 'en', label: 'English' }],
  navigation: [{ label: 'Home', href: '/en' }],
  footer: { text: 'Footer', links: [{ label: 'Privacy', href: '/en/privacy' }] },
};

const payload = {
  path: '/en/warm-up',
  page: {
    title: 'Warm-up',
    blocks: [
      { type: 'hero', heading: 'Warm-up', text: 'A page no visitor sees.', image, actions: [{ label: 'Start', href: '/en' }] },
      {
        type: 'richText',
        doc: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 2 }, content: [text('Heading')] },
            paragraph(text('Text with '), {
              type: 'text',
              text: 'a link',
              marks: [{ type: 'link', attrs: { href: 'https://example.com/' } }, { type: 'bold' }],
            }),
            { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('Item'))] }] },
          ],
        },
      },
      { type: 'image', image, caption: 'Caption' },
      { type: 'cards', heading: 'Cards', items: [{ title: 'Card', text: 'Text', image, href: '/en/warm-up' }] },
      { type: 'accordion', items: [{ question: 'Question?', answer: { type: 'doc', content: [paragraph(text('Answer.'))] } }] },
      { type: 'table', header: ['A', 'B'], rows: [['1', '2']] },
      { type: 'cta', text: 'Call to action', action: { label: 'Go', href: '/en' } },
    ],
  },
  chrome,
};

/** A build of that one page as KV holds it: JSON, before the schemas have seen it. */
const WARM_UP_RECORDS = {
  manifest: JSON.stringify({
    id: WARM_UP_BUILD_ID,
    timestamp: 0,
    matcher: { rules: [{ pattern: '/old', segments: ['old'], rule: { redirect: '/en' } }] },
    prerendered: [payload.path],
  }),
  index: JSON.stringify({
    id: WARM_UP_BUILD_ID,
    pages: { [payload.path]: '0'.repeat(64) },
    chrome: { en: chrome },
    defaultLocale: 'en',
    csp: { scriptHashes: [], connectOrigins: [] },
    code: { id: WARM_UP_BUILD_ID, recordsFormat: RECORDS_FORMAT, clientFiles: ['/_app/warm-up.js'] },
  }),
  payload: JSON.stringify(payload),
};

/**
 * V8 runs a function in its interpreter at first and compiles it to faster code as it keeps
 * running, and runs a regular expression's first match in its interpreter too (the router's one
 * large expression alone cost the first request about 2 ms when the warm-up matched it once).
 * First request to the bench's fixture page, median of 5 workerd restarts: 2 rounds 11.3 ms,
 * 8 rounds 9.5 ms, 24 rounds 8.8 ms; 8 is where more rounds stopped paying for their start-up CPU.
 */
const WARM_UP_ROUNDS = 8;

export interface WarmUpOptions {
  /** the app whose router is built now rather than on its first match */
  app: Hono<AppEnv>;
  assets: ClientAssets;
}

/**
 * Builds the router, runs the browser check, the record schemas and the renderer; keeps nothing
 * (the sample's records and its page's JSON are dropped with it). True when every step ran: a
 * sample the schemas no longer accept must never stop the worker from starting, so a failure
 * only costs the first request its warm-up (a unit test keeps the sample valid).
 */
export function warmIsolate({ app, assets }: WarmUpOptions): boolean {
  try {
    for (let round = 0; round < WARM_UP_ROUNDS; round++) {
      app.router.match('GET', payload.path);
      AppManifest.parse(JSON.parse(WARM_UP_RECORDS.manifest));
      BuildIndex.parse(JSON.parse(WARM_UP_RECORDS.index));
      const page = Payload.parse(JSON.parse(WARM_UP_RECORDS.payload));
      renderView({ kind: 'page', payload: page }, { buildId: WARM_UP_BUILD_ID, assets });
    }
    warmBrowserCheck();
    return true;
  } catch {
    return false;
  }
}
