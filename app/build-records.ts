/**
 * The records a build writes and the edge and the client read. Each shape is defined once
 * here; every reader validates what it reads (KV values are input like any other).
 */
import { z } from 'zod';
import { ConsentTexts, Footer, Locale, NavLink, Page, RouteRule, Webhook } from './content/schema';
import { CONSENT_MODES } from './consent';
import { ImageManifest } from './images/image-manifest';
import type { RouteMatcher as RouteMatcherType } from './route-rules';
import { schemaOf } from './schema-of';
import { SearchHashes } from './search/record';

/** A compiled route-rule matcher (app/route-rules.ts), as the manifest carries it. */
export const RouteMatcher = schemaOf<RouteMatcherType>()(
  z.object({ rules: z.array(z.object({ pattern: z.string(), segments: z.array(z.string()), rule: RouteRule })) }),
);

export const BuildId = z.string().regex(/^[a-f0-9]{16}$/, 'Must be 16 lowercase hex digits');
export type BuildId = z.infer<typeof BuildId>;

/** `builds/latest.json`: which build is live. */
export const BuildRecord = z.object({ id: BuildId, timestamp: z.number().int().nonnegative() });
export type BuildRecord = z.infer<typeof BuildRecord>;

/** `builds/meta/{id}.json`: what the client needs to navigate (docs/behaviour.md#22-app-manifest). */
export const AppManifest = z.object({
  id: BuildId,
  timestamp: z.number().int().nonnegative(),
  matcher: RouteMatcher,
  prerendered: z.array(z.string()),
});
export type AppManifest = z.infer<typeof AppManifest>;

/** The site-wide parts of a page in one locale: header, footer, language switcher. */
export const Chrome = z.object({
  siteName: z.string(),
  origin: z.string(),
  defaultLocale: z.string(),
  locale: Locale,
  locales: z.array(Locale),
  navigation: z.array(NavLink),
  footer: Footer,
  gtmId: z.string().optional(),
  /** with a gtmId: site.json `consentMode`; absent in builds made before it existed, read as basic */
  consentMode: z.enum(CONSENT_MODES).optional(),
  /** with a gtmId: the consent banner's words from site.json (else the built-in ones) and privacy page */
  consent: z.object({ texts: ConsentTexts.optional(), privacyHref: z.string().optional() }).optional(),
});
export type Chrome = z.infer<typeof Chrome>;

/** What the client needs to render one page without the server. */
export const Payload = z.object({
  path: z.string(),
  page: Page,
  chrome: Chrome,
  /** set when this URL shows another page's content (`/` showing the default locale home) */
  canonicalPath: z.string().optional(),
  /** the responsive variants of the raster images this page shows, by media path (absent: none) */
  images: ImageManifest.optional(),
});
export type Payload = z.infer<typeof Payload>;

/**
 * The layout of a build's records. A worker reads the formats in READABLE_RECORDS_FORMATS
 * (worker side) and never serves a build in another; bump it when a reader of the old layout
 * would misread the new one.
 */
// 2: a payload's `images` are compact descriptors (hash, widths, formats), not URL lists.
// 3: `search` names each locale's search dictionary, which names its term and page-text records
//    (app/search/record.ts), not one whole MiniSearch index.
export const RECORDS_FORMAT = 3;

/** What made a build and what reads it: the code id is a hash of the worker and client bundles. */
export const BuildCode = z.object({
  id: z.string().regex(/^[a-f0-9]{16}$/, 'Must be 16 lowercase hex digits'),
  recordsFormat: z.number().int().positive(),
  /** every hashed client file (`/_app/...`) the build's pages and chunks may load */
  clientFiles: z.array(z.string().regex(/^\/_app\/[A-Za-z0-9._/-]+$/)),
});
export type BuildCode = z.infer<typeof BuildCode>;

/** `code/{codeId}.json`: the Cloudflare worker version that runs a code id (written by deploy). */
export const CodeVersion = z.object({
  codeId: BuildCode.shape.id,
  versionId: z.string().min(1).max(100),
  deployedAt: z.number().int().nonnegative(),
});
export type CodeVersion = z.infer<typeof CodeVersion>;

const PAYLOAD_HASH_RE = /^[a-f0-9]{64}$/;

/**
 * Page path -> payload hash, checked in one plain loop. An isolate parses a build's index before
 * its first page of that build, and `z.record` spent about 2 µs an entry (1 ms for 560 pages
 * once compiled, several on a fresh isolate): a cost that grew with the site and landed on a
 * visitor's request.
 */
const PageHashes = z.custom<Record<string, string>>(
  (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    for (const hash of Object.values(value as Record<string, unknown>))
      if (typeof hash !== 'string' || !PAYLOAD_HASH_RE.test(hash)) return false;
    return true;
  },
  { message: 'Must map each page path to a 64-hex payload hash' },
);

/** Worker-only index of a build: where each page's payload is, and each locale's chrome. */
export const BuildIndex = z.object({
  id: BuildId,
  /** page path -> content hash of its payload record */
  pages: PageHashes,
  chrome: z.record(z.string(), Chrome),
  defaultLocale: z.string(),
  /** what the Content-Security-Policy must allow beyond the site's own origin */
  csp: z.object({
    /** 'sha256-…' sources of the inline scripts pages carry (the consent defaults and the tag manager's) */
    scriptHashes: z.array(z.string().regex(/^'sha256-[A-Za-z0-9+/=]+'$/)),
    /** https origins that forms post to */
    connectOrigins: z.array(z.string().regex(/^https:\/\/[a-z0-9.-]+(:\d+)?$/)),
  }),
  /**
   * site.json `webhooks`: where the worker delivers stored form entries (worker only, like the
   * rest of the index). Indexes written before webhooks existed have none.
   */
  webhooks: z.record(z.string(), Webhook).default({}),
  /** locale code -> hash of its search dictionary (`search/{hash}.json`); builds made before search have none */
  search: SearchHashes.optional(),
  /** Indexes written before builds recorded their code are format 1 with unknown code. */
  code: BuildCode.optional(),
});
export type BuildIndex = z.infer<typeof BuildIndex>;

/** The client bundle's entry files, baked into the worker so it always links its own assets. */
export const ClientAssets = z.object({
  entry: z.string(),
  css: z.array(z.string()),
  /**
   * The page's first script, inlined in <head> before any stylesheet or preload (the chunk-reload
   * guard, docs/behaviour.md#53-chunk-load-reload-guard), and the CSP source that allows it.
   */
  headScript: z.object({ code: z.string(), hash: z.string().regex(/^'sha256-[A-Za-z0-9+/=]+'$/) }).optional(),
});
export type ClientAssets = z.infer<typeof ClientAssets>;
