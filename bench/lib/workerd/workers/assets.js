/**
 * Workers static assets for plain workerd. On Cloudflare, files in the assets directory are
 * served before the worker runs and everything else reaches the worker; this does the same:
 *
 *   ASSET_PATHS   (json) every file of the assets directory, as URL paths, known at start-up,
 *                 so only exact file paths ever reach the disk (never a hostile path)
 *   HEADER_RULES  (json) the directory's `_headers` file, parsed: [{ pattern, headers }]
 *   DISK          the directory itself (a workerd disk service, read-only)
 *   SITE          optional: the worker behind the assets. The site worker's own ASSETS binding
 *                 is this service without SITE (no loop).
 *
 * Not modelled: ETags/304s and `html_handling` for assets (the site has no HTML files).
 */
const TYPES = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  woff2: 'font/woff2',
  html: 'text/html; charset=utf-8',
};

let paths;
let rules;

function init(env) {
  paths ??= new Set(env.ASSET_PATHS);
  rules ??= env.HEADER_RULES.map(({ pattern, headers }) => ({
    re: new RegExp(
      '^' +
        pattern
          .split('*')
          .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*') +
        '$',
    ),
    headers,
  }));
}

export default {
  async fetch(request, env) {
    init(env);
    const url = new URL(request.url);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || !paths.has(url.pathname)) {
      return env.SITE ? env.SITE.fetch(request) : new Response('Not Found', { status: 404 });
    }
    const file = await env.DISK.fetch(new URL(url.pathname, 'http://disk/'));
    if (!file.ok) return new Response('Not Found', { status: 404 });
    const headers = new Headers({ 'Content-Type': TYPES[url.pathname.split('.').pop()] ?? 'application/octet-stream' });
    for (const rule of rules) {
      if (rule.re.test(url.pathname)) for (const [name, value] of Object.entries(rule.headers)) headers.set(name, value);
    }
    return new Response(request.method === 'HEAD' ? null : file.body, { status: 200, headers });
  },
};
