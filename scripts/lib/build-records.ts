/**
 * Turns validated content into the KV records of one build: a payload per page
 * (content-addressed), the worker's index, the client manifest and the live pointer.
 * Pure apart from hashing, so the record layout is tested without writing anything.
 */
import { createHash } from 'node:crypto';
import { RECORDS_FORMAT, type AppManifest, type BuildIndex, type BuildRecord, type Chrome, type Payload } from '../../app/build-records';
import { localeCodeOfPath } from '../../app/content/paths';
import { walkBlocks, type Site } from '../../app/content/schema';
import { kvKeys } from '../../app/kv-keys';
import { compileRouteRules, matchRouteRules } from '../../app/route-rules';
import { consentScript } from '../../app/consent';
import { gtmSnippet } from '../../app/tag-manager';
import { searchRecordsFor } from './search-index';
import { sitemapUrls, sitemapXml, type SitemapSource } from './sitemap';
import type { ImageManifest } from '../../app/images/image-manifest';
import type { LoadedContent } from './content-loader';
import type { KvRecord } from './kv-cli';

export type { KvRecord };

export interface BuildOutput {
  id: string;
  /** client files, payloads, index and manifest: written before the pointer */
  records: KvRecord[];
  /** builds/latest.json: written last */
  pointer: KvRecord;
  pageCount: number;
  /** the sitemap's URLs with their payload hashes, for the publish to add each `<lastmod>` */
  sitemap: SitemapSource;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A CSP hash source for an inline script's exact text. */
export const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The https origins forms post to, which the CSP's connect-src must allow. */
function formOrigins(content: LoadedContent): string[] {
  const origins = new Set<string>();
  for (const { page } of content.pages) {
    walkBlocks(page.blocks, (block) => {
      if (block.type === 'form' && block.endpoint?.startsWith('https://')) origins.add(new URL(block.endpoint).origin);
    });
  }
  return [...origins].sort();
}

/** The banner's configured words and privacy page for one locale; the schema made sure each locale has both or none. */
function consentChrome(site: Site, code: string): NonNullable<Chrome['consent']> {
  const { texts: allTexts = {}, privacyPage = {} } = site.consent ?? {};
  const texts = Object.hasOwn(allTexts, code) ? allTexts[code] : undefined;
  const privacyHref = Object.hasOwn(privacyPage, code) ? privacyPage[code] : undefined;
  return { ...(texts ? { texts } : {}), ...(privacyHref ? { privacyHref } : {}) };
}

export function chromeFor(site: Site, code: string): Chrome {
  const locale = site.locales.find((l) => l.code === code)!;
  return {
    siteName: site.name,
    origin: site.origin,
    defaultLocale: site.defaultLocale,
    locale,
    locales: site.locales,
    navigation: site.navigation[code] ?? [],
    footer: site.footer[code] ?? {},
    ...(site.gtmId ? { gtmId: site.gtmId, consentMode: site.consentMode, consent: consentChrome(site, code) } : {}),
  };
}

/** Every page's payload; "/" falls back to the default locale's home when pages/index.json is absent. */
/** The manifest entries of the media paths a page's content names, so the payload renders alone. */
export function imagesOf(page: unknown, images: ImageManifest): ImageManifest | undefined {
  const used: ImageManifest = {};
  let any = false;
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      const info = images[value];
      if (Object.hasOwn(images, value) && info) {
        used[value] = info;
        any = true;
      }
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(page);
  return any ? used : undefined;
}

export function payloadsFor(content: LoadedContent, images: ImageManifest = {}): Payload[] {
  const { site } = content;
  const codes = site.locales.map((l) => l.code);
  const payloads: Payload[] = content.pages.map(({ path, page }) => ({
    path,
    page,
    chrome: chromeFor(site, localeCodeOfPath(path, codes) ?? site.defaultLocale),
    ...withImages(imagesOf(page, images)),
  }));
  if (!payloads.some((p) => p.path === '/')) {
    const home = payloads.find((p) => p.path === `/${site.defaultLocale}`)!;
    payloads.push({ ...home, path: '/', canonicalPath: home.path });
  }
  return payloads.sort((a, b) => a.path.localeCompare(b.path));
}

/** A hashed client file of the build: its URL path (`/_app/…`) and its text. */
export interface ClientFile {
  path: string;
  text: string;
}

export interface BuildRecordsInput {
  content: LoadedContent;
  /** hash of the code that renders the records (worker and client bundles) */
  codeHash: string;
  /** the client bundle's files, archived in KV so pages of this build keep them after a code deploy */
  clientFiles?: ClientFile[];
  timestamp: number;
  /** the build's image variants by media path (scripts/lib/image-variants.ts) */
  images?: ImageManifest;
}

const withImages = (images: ImageManifest | undefined) => (images ? { images } : {});

export function buildRecords({ content, codeHash, clientFiles = [], timestamp, images }: BuildRecordsInput): BuildOutput {
  const payloads = payloadsFor(content, images);
  const payloadRecords = payloads.map((p) => {
    const value = JSON.stringify(p);
    return { path: p.path, hash: sha256(value), value };
  });
  const matcher = compileRouteRules(content.site.routeRules);
  const prerendered = payloads.map((p) => p.path).filter((path) => matchRouteRules(matcher, path).rule.prerender !== false);

  // The id depends on code and content only (never the clock), so the same inputs give the same build.
  // Webhooks live only in the index, so they count too: a new URL must make a new build, or the
  // publish would stop at "already live" and keep delivering to the old one. A site without
  // webhooks keeps the ids it had before they existed.
  const { webhooks } = content.site;
  const indexOnly = Object.keys(webhooks).length > 0 ? { webhooks } : {};
  const id = sha256(JSON.stringify({ codeHash, payloads: payloadRecords.map((r) => r.hash), matcher, prerendered, ...indexOnly })).slice(
    0,
    16,
  );

  // Made from the payloads alone by code the code hash covers, so the id need not name it.
  const search = searchRecordsFor(payloads);
  const chrome = Object.fromEntries(content.site.locales.map((l) => [l.code, chromeFor(content.site, l.code)]));
  const { gtmId, consentMode } = content.site;
  const index: BuildIndex = {
    id,
    pages: Object.fromEntries(payloadRecords.map((r) => [r.path, r.hash])),
    chrome,
    defaultLocale: content.site.defaultLocale,
    // Both inline scripts a page with a tag manager carries: the consent defaults, then the snippet.
    csp: {
      scriptHashes: gtmId ? [cspHash(consentScript()), cspHash(gtmSnippet(gtmId, consentMode))] : [],
      connectOrigins: formOrigins(content),
    },
    webhooks,
    search: search.hashes,
    code: { id: codeHash.slice(0, 16), recordsFormat: RECORDS_FORMAT, clientFiles: clientFiles.map((f) => f.path).sort() },
  };
  const manifest: AppManifest = { id, timestamp, matcher, prerendered };
  const sitemap: SitemapSource = {
    key: kvKeys.sitemap(id),
    urls: sitemapUrls(
      payloads.map((payload, i) => ({ payload, hash: payloadRecords[i]!.hash })),
      new Set(prerendered),
    ),
  };
  const pointer: BuildRecord = { id, timestamp };

  const unique = new Map(payloadRecords.map((r) => [kvKeys.payload(r.hash), r.value]));
  const records: KvRecord[] = [
    ...clientFiles.map((f) => ({ key: kvKeys.clientFile(f.path), value: f.text })),
    ...[...unique].map(([key, value]) => ({ key, value })),
    ...search.records,
    { key: kvKeys.index(id), value: JSON.stringify(index) },
    { key: kvKeys.sitemap(id), value: sitemapXml(sitemap.urls) },
    { key: kvKeys.manifest(id), value: JSON.stringify(manifest) },
  ];
  return { id, records, pointer: { key: kvKeys.latest, value: JSON.stringify(pointer) }, pageCount: payloads.length, sitemap };
}
