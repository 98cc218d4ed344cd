/**
 * Every Workers KV key the site uses, spelled here and nowhere else.
 *
 * Records are written once and never rewritten while a build may read them (KV is eventually
 * consistent): payloads are content-addressed, builds are keyed by their id, and only the
 * pointer `builds/latest.json` changes, last, when a publish is complete.
 */
export const kvKeys = {
  latest: 'builds/latest.json',
  /** the build editors see on the preview host; never served on the live host */
  draft: 'builds/draft.json',
  /**
   * A named draft's pointer (app/drafts.ts), served at `{name}.{preview host}`; its KV metadata
   * says when and by whom it was published (scripts/lib/drafts.ts).
   */
  namedDraft: (name: string) => `builds/drafts/${name}.json`,
  namedDraftPrefix: 'builds/drafts/',
  /** held by a running publish, with an expiry, so two publishes cannot interleave */
  publishLock: 'builds/publish-lock.json',
  payloadPrefix: 'payloads/',
  manifestPrefix: 'builds/meta/',
  manifest: (buildId: string) => `builds/meta/${buildId}.json`,
  index: (buildId: string) => `builds/index/${buildId}.json`,
  /**
   * Written once a build has been made live (publish or rollback), after the pointer: the live
   * host serves a manifest only for builds that were live, never a draft's list of pages.
   */
  published: (buildId: string) => `builds/published/${buildId}.json`,
  publishedPrefix: 'builds/published/',
  sitemap: (buildId: string) => `builds/sitemap/${buildId}.xml`,
  /** when, by whom and from which commit a build was first published (scripts/lib/release.ts) */
  release: (buildId: string) => `builds/release/${buildId}.json`,
  releasePrefix: 'builds/release/',
  /** one record per move of the live pointer, after it; keys sort by time (scripts/lib/release.ts) */
  releaseLog: (at: number, buildId: string) => `builds/log/${String(at).padStart(15, '0')}-${buildId}.json`,
  releaseLogPrefix: 'builds/log/',
  payload: (hash: string) => `payloads/${hash}.json`,
  /**
   * The newest live build of one records format, written beside the pointer: a worker that
   * cannot read the live build's format serves this one instead (README, "Deploying").
   */
  latestOfFormat: (recordsFormat: number) => `builds/latest-format/${recordsFormat}.json`,
  /**
   * A hashed client file (`/_app/...`) of any build that may still be served, by its URL path
   * without the leading slash. Content-hashed names make these write-once, like payloads; the
   * worker answers `/_app/` files its own deployment no longer has from here.
   */
  clientFilePrefix: 'assets/',
  clientFile: (urlPath: string) => `assets/${urlPath.replace(/^\//, '')}`,
  /**
   * A search record (app/search/record.ts), content-addressed like payloads: a locale's
   * dictionary, which a build's index names (`BuildIndex.search`), or a term or page-text
   * record, which a dictionary names; gc keeps those its kept builds reach and removes the rest.
   */
  searchPrefix: 'search/',
  search: (hash: string) => `search/${hash}.json`,
  /** which Cloudflare worker version runs a code id, written by `npm run deploy` */
  codeVersion: (codeId: string) => `code/${codeId}.json`,
  codeVersionPrefix: 'code/',
} as const;
