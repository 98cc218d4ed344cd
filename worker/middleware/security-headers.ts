import type { Context, MiddlewareHandler } from 'hono';
import type { BuildIndex } from '../../app/build-records';
import { GTM_CSP_SOURCES } from '../../app/tag-manager';
import type { AppEnv } from '../app-env';
import type { CompleteBuild } from '../build-memory';
import { configOf, type WorkerConfig } from '../config';
import { afterNext } from '../response-headers';
import { BASE_SECURITY_HEADERS, DOCUMENT_SECURITY_HEADERS } from '../security-header-values';

/**
 * The Content-Security-Policy of the site's HTML. No nonce: pages are served from the edge
 * cache, and a nonce baked into cached HTML would be reused, which protects nothing. Instead the
 * page has no inline script but the reload guard's and the tag manager's, each allowed by the
 * hash of its exact text (`ownScriptHashes` are the worker's own, `csp` the build's); the
 * payload is non-executable JSON. `framers` are the origins besides the site's own that may
 * frame it: on the live host the preview hosts, on the preview host the editors' CMS.
 */
export function contentSecurityPolicy(
  csp: BuildIndex['csp'] | undefined,
  framers: readonly string[],
  ownScriptHashes: readonly string[] = [],
): string {
  const withGtm = (csp?.scriptHashes.length ?? 0) > 0;
  const list = (...sources: (string | readonly string[] | false | undefined)[]) =>
    sources
      .flat()
      .filter((s): s is string => typeof s === 'string' && s !== '')
      .join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", ownScriptHashes, csp?.scriptHashes, withGtm && GTM_CSP_SOURCES.script)],
    ['style-src', "'self'"],
    ['img-src', list("'self'", 'data:', 'https:')],
    ['font-src', "'self'"],
    ['connect-src', list("'self'", csp?.connectOrigins, withGtm && GTM_CSP_SOURCES.connect)],
    ['frame-src', withGtm ? list(GTM_CSP_SOURCES.frame) : "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', list("'self'", csp?.connectOrigins)],
    ['frame-ancestors', list("'self'", framers)],
    ['upgrade-insecure-requests', ''],
  ];
  return directives.map(([name, value]) => (value ? `${name} ${value}` : name)).join('; ');
}

/**
 * Who may frame the HTML besides the site itself. The live host: the preview hosts, and no one
 * else. The preview host: the CMS origins in PREVIEW_ORIGINS, which show its pages in a frame
 * as editors write (docs/behaviour.md#15-preview-page).
 */
function framersOf(config: WorkerConfig, preview: boolean): readonly string[] {
  return preview ? config.previewOrigins : config.previewHosts.map((h) => `https://${h}`);
}

/**
 * Adds the security headers to every response, and the CSP to HTML. The CSP depends only on
 * the build, the configuration and the host's kind, so it is computed once per build and kind
 * and is the same for a page rendered now and one served from the edge cache. Two answers keep
 * what they say: a `Referrer-Policy: no-referrer` (the token exchange's, stricter than ours),
 * and a static file the worker serves (the preview host's media and editor), whose CSP comes
 * from `_headers` like the same file's on the live host.
 */
export function securityHeaders({ scriptHashes = [] }: { scriptHashes?: readonly string[] } = {}): MiddlewareHandler<AppEnv> {
  const base = Object.entries(BASE_SECURITY_HEADERS);
  const documentOnly = Object.entries(DOCUMENT_SECURITY_HEADERS);
  /** CSPs by host kind and build id, made with memoConfig (an isolate keeps one configuration) */
  let memo = new Map<string, string>();
  let memoConfig: WorkerConfig | undefined;

  function write(headers: Headers, c: Context<AppEnv>) {
    const noReferrer = headers.get('Referrer-Policy') === 'no-referrer';
    for (const [name, value] of base) headers.set(name, value);
    if (noReferrer) headers.set('Referrer-Policy', 'no-referrer');
    if (c.get('staticFile') || !headers.get('content-type')?.startsWith('text/html')) return;
    // A page that sets its own (the preview page's opt-out) keeps it.
    for (const [name, value] of documentOnly) if (!headers.has(name)) headers.set(name, value);
    const config = configOf(c.env);
    if (config !== memoConfig || memo.size > 20) {
      memo = new Map();
      memoConfig = config;
    }
    const build = c.get('build') as CompleteBuild | undefined;
    const preview = c.get('preview') === true;
    const key = `${preview ? 'preview' : 'live'}:${build?.record.id ?? ''}`;
    let csp = memo.get(key);
    if (!csp) {
      // The preview host renders no tag manager (app/render/view-facts.ts tagManagerOf): its CSP
      // allows neither the tag scripts' hashes nor the tag manager's hosts.
      const sources = preview && build ? { ...build.index.csp, scriptHashes: [] } : build?.index.csp;
      memo.set(key, (csp = contentSecurityPolicy(sources, framersOf(config, preview), scriptHashes)));
    }
    headers.set('Content-Security-Policy', csp);
    // Browsers that know frame-ancestors ignore this; older ones get same-origin framing only.
    // Not on the preview host: there it would keep the CMS from framing it in those browsers,
    // and the header has no way to name another origin.
    if (!preview) headers.set('X-Frame-Options', 'SAMEORIGIN');
  }

  return function securityHeadersMiddleware(c, next) {
    return afterNext(c, next, write);
  };
}
