import type { MiddlewareHandler } from 'hono';
import type { BuildIndex } from '../../app/build-records';
import { GTM_CSP_SOURCES } from '../../app/tag-manager';
import type { AppEnv } from '../app-env';
import { previewHosts } from '../hosts';

/** Headers every response carries, whatever it is. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Two years with subdomains; not `preload`, which is a decision for the domain's owner.
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
};

/**
 * The Content-Security-Policy of the site's HTML. No nonce: pages are served from the edge
 * cache, and a nonce baked into cached HTML would be reused, which protects nothing. Instead the
 * page has no inline script but the tag manager's, allowed by the hash of its exact text; the
 * payload is non-executable JSON. The preview hosts may frame the site for editors.
 */
export function contentSecurityPolicy(csp: BuildIndex['csp'] | undefined, framers: readonly string[]): string {
  const withGtm = (csp?.scriptHashes.length ?? 0) > 0;
  const list = (...sources: (string | readonly string[] | false | undefined)[]) =>
    sources
      .flat()
      .filter((s): s is string => typeof s === 'string' && s !== '')
      .join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", csp?.scriptHashes, withGtm && GTM_CSP_SOURCES.script)],
    ['style-src', "'self'"],
    ['img-src', list("'self'", 'data:', 'https:')],
    ['font-src', "'self'"],
    ['connect-src', list("'self'", csp?.connectOrigins, withGtm && GTM_CSP_SOURCES.connect)],
    ['frame-src', withGtm ? list(GTM_CSP_SOURCES.frame) : "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', list("'self'", csp?.connectOrigins)],
    [
      'frame-ancestors',
      list(
        "'self'",
        framers.map((h) => `https://${h}`),
      ),
    ],
    ['upgrade-insecure-requests', ''],
  ];
  return directives.map(([name, value]) => (value ? `${name} ${value}` : name)).join('; ');
}

/**
 * Adds the security headers to every response, and the CSP to HTML. The CSP depends only on
 * the build and the configuration, so it is computed once per build and is the same for a
 * page rendered now and one served from the edge cache.
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  const memo = new Map<string, string>();
  const base = Object.entries(BASE_SECURITY_HEADERS);
  return async function securityHeadersMiddleware(c, next) {
    await next();
    if (c.get('headersFinal')) return;
    const headers = c.res.headers;
    for (const [name, value] of base) headers.set(name, value);
    if (!headers.get('content-type')?.startsWith('text/html')) return;
    const build = c.get('build');
    const framers = previewHosts(c.env);
    const key = `${build?.record.id ?? '-'}|${framers.join(',')}`;
    let csp = memo.get(key);
    if (!csp) {
      csp = contentSecurityPolicy(build?.index.csp, framers);
      if (memo.size > 20) memo.clear();
      memo.set(key, csp);
    }
    headers.set('Content-Security-Policy', csp);
    // Browsers that know frame-ancestors ignore this; older ones get same-origin framing only.
    headers.set('X-Frame-Options', 'SAMEORIGIN');
  };
}
