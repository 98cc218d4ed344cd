/**
 * The security headers' values, in one place for both who send them: the worker's security
 * headers step (middleware/security-headers.ts) and the `_headers` file the build writes for
 * the static assets Workers serve without the worker (scripts/lib/site-build.ts). Pure, so the
 * build imports it.
 */

/** Headers every response carries, whatever it is and whoever serves it. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Two years with subdomains; not `preload`, which is a decision for the domain's owner.
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  // The site's pages load only the site's own files, and nothing else has a reason to embed
  // them: another origin's page cannot pull a response into its process (Spectre) or hotlink
  // a file. same-origin rather than same-site: the preview host serves its own copies.
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * Headers of HTML documents: a page opened from another site (a link with an opener) gets a
 * browsing context group of its own, so that site cannot script or probe it. /preview opts out
 * (routes/pages.ts): an editing tool may open it as a window and post drafts to it.
 */
export const DOCUMENT_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
};
