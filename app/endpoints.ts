/**
 * The worker's own endpoints under `/_app/`, spelled once for the worker that answers them and
 * the client that calls them. The hashed client files share the base but are static assets the
 * worker never sees; a page's payload sits beside the page (`payloadUrlPath` in content/paths.ts).
 */

/** Everything under it that is neither a static file nor an endpoint below is a 404. */
export const APP_BASE = '/_app/';

export const appEndpoints = {
  /** `{ id, timestamp }` of the live build (the draft's on the preview host) */
  latestBuild: '/_app/builds/latest.json',
  /** the folder of the build manifests, `{manifestDir}{id}.json` */
  manifestDir: '/_app/builds/meta/',
  manifest: (buildId: string) => `/_app/builds/meta/${buildId}.json`,
  /** for uptime monitors: does the live build read back whole? */
  health: '/_app/health',
  /** the header search field's results as JSON, `{searchJsonBase}{locale}?q=` */
  searchJsonBase: '/_app/search/',
  /** where forms without their own endpoint post */
  forms: '/_app/forms',
  /** the thank-you page a browser without JavaScript is sent to after a post */
  formSent: '/_app/forms/sent',
  /** on the preview host, for editors: a signed share link to one page of the draft (`?path=&days=`) */
  previewShareLink: '/_app/preview/share-link',
  /**
   * on the preview host: a page's review notes (GET `?page=`, editors), or a new one (POST
   * `?page=&share=`, a reviewer on that page's share link)
   */
  previewNotes: '/_app/preview/notes',
  /** on the preview host, for editors: mark a note resolved (POST `{ id }`) */
  previewNotesResolve: '/_app/preview/notes/resolve',
  /** on the preview host, for editors: delete a note (POST `{ id }`) */
  previewNotesDelete: '/_app/preview/notes/delete',
} as const;

/** The query parameter of a share link that carries its grant (worker/preview/share.ts), which the notes panel passes on. */
export const PREVIEW_SHARE_PARAM = 'share';
