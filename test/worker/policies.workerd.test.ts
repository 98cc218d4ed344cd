/**
 * Edge policies in workerd: browser support, route rules, the edge cache and ETags, security
 * headers, the tag manager and the SEO files.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_SECURITY_HEADERS, DOCUMENT_SECURITY_HEADERS } from '../../worker/security-header-values';
import { buildGeneratedSite } from '../support/built-site';
import { startWorker, type TestWorker } from '../support/workerd';

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const CHROME_63 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/63.0.3239.132 Safari/537.36';
const CHROME_130 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const GOOGLEBOT_OLD =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/41.0.2272.96 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const routeRules = {
  '/old-loans': { redirect: { to: '/en/page-1', statusCode: 301 } },
  '/blog/**': { redirect: 'https://blog.example.com/**' },
  '/moved/**': { redirect: '/fi/**' },
  '/en/page-1': { headers: { 'x-robots-tag': 'noindex' }, cache: { maxAge: 60, staleWhileRevalidate: 600 } },
  '/en/section/**': { headers: { 'x-robots-tag': 'noarchive' }, cache: { maxAge: 120 } },
};

let site: Awaited<ReturnType<typeof buildGeneratedSite>>;
let worker: TestWorker;

beforeAll(async () => {
  site = await buildGeneratedSite({ extraSite: { routeRules } });
  worker = await startWorker(site);
});
afterAll(async () => {
  await worker?.close();
  await site?.cleanup();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  worker.fetch(path, { headers: { 'user-agent': CHROME_130, ...headers } });

describe('browser support at the edge', () => {
  test.each([IE11, CHROME_63])('an unsupported browser is sent to /unsupported in the page’s language', async (ua) => {
    const res = await get('/fi/page-2', { 'user-agent': ua });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/unsupported?lang=fi');
    expect(res.headers.get('vary')).toContain('User-Agent');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  test('without a locale in the path the redirect follows Accept-Language', async () => {
    const res = await get('/', { 'user-agent': IE11, 'accept-language': 'fi-FI,fi;q=0.9' });
    expect(res.headers.get('location')).toBe('/unsupported?lang=fi');
  });

  test('/unsupported itself, the JSON files and assets are never redirected', async () => {
    for (const path of [
      '/unsupported?lang=fi',
      '/_app/builds/latest.json',
      `/en/_payload.json?${site.build.id}`,
      `/_app/builds/meta/${site.build.id}.json`,
    ]) {
      expect((await get(path, { 'user-agent': IE11 })).status, path).toBe(200);
    }
  });

  test('a crawler imitating an old Chrome is served the page', async () => {
    expect((await get('/en', { 'user-agent': GOOGLEBOT_OLD })).status).toBe(200);
  });

  test('a supported browser gets the page, which says it varies by User-Agent and asks for client hints', async () => {
    const res = await get('/en');
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toContain('User-Agent');
    expect(res.headers.get('accept-ch')).toContain('Sec-CH-UA-Full-Version-List');
  });

  test('client hints of a current Edge win over a UA claiming an old Chrome', async () => {
    const res = await get('/en', {
      'user-agent': CHROME_63,
      'sec-ch-ua': '"Chromium";v="130", "Microsoft Edge";v="130", "Not?A_Brand";v="99"',
    });
    expect(res.status).toBe(200);
  });
});

describe('route rules at the edge', () => {
  test('a redirect rule answers with its status code and target', async () => {
    const res = await get('/old-loans');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/en/page-1');
  });

  test('** carries the rest of the path and the query to an external target', async () => {
    const res = await get('/blog/2024/hello?utm_source=x');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('https://blog.example.com/2024/hello?utm_source=x');
  });

  test('** carries the rest of the path to an internal target', async () => {
    const res = await get('/moved/page-2');
    expect(res.headers.get('location')).toBe('/fi/page-2');
  });

  test('header and cache rules shape the page’s response', async () => {
    const res = await get('/en/page-1');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
  });

  test.each([
    '//evil.example',
    '//evil.example/',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/%5C%5Cevil.example',
    '/blog/%2F%2Fevil.example',
    '/blog//evil.example',
    '/blog/..%2F..%2F%2Fevil.example',
    '/moved/%2F%2Fevil.example',
    '/moved//evil.example/x',
    '/old-loans/%2F%2Fevil.example',
    '/%09/evil.example',
    '/en/page-1/?next=//evil.example',
  ])('the request path %s cannot redirect to another host', async (path) => {
    const res = await get(path);
    const location = res.headers.get('location');
    if (location) {
      const host = new URL(location, 'https://www.example.com').host;
      expect(['www.example.com', 'blog.example.com']).toContain(host);
    }
    expect(res.status).toBeLessThan(500);
  });
});

describe('the edge cache', () => {
  test('the second request for a page is a cache hit and does not render', async () => {
    const first = await get('/fi/page-1');
    expect(first.headers.get('x-edge-cache')).toBe('MISS');
    const firstBody = await first.text();
    // Cache writes finish after the response (waitUntil): give it a moment.
    await new Promise((r) => setTimeout(r, 100));
    const second = await get('/fi/page-1');
    expect(second.headers.get('x-edge-cache')).toBe('HIT');
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
  });

  test('a matching If-None-Match is answered 304 without a body', async () => {
    const first = await get('/fi/page-2');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[a-f0-9]{16}-[a-f0-9]{8}"$/);
    const again = await get('/fi/page-2', { 'if-none-match': `W/${etag}` });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  test.each(['/en/no-such-page', '/no/such/page/at/all', '/en/page-2/'])(
    'If-None-Match: * on %s, which is not a page, answers as without it, never 304',
    async (path) => {
      const plain = await get(path);
      const res = await get(path, { 'if-none-match': '*' });
      expect(res.status).toBe(plain.status);
      expect(res.status).not.toBe(304);
    },
  );

  test('a made-up ETag for a path that is not a page does not get a 304', async () => {
    const etag = (await get('/fi/page-2')).headers.get('etag')!;
    const forged = etag.replace(/-[a-f0-9]{8}"$/, '-00000000"');
    const res = await get('/fi/no-such-page', { 'if-none-match': `${forged}, *` });
    expect(res.status).toBe(404);
  });

  test('If-None-Match: * on a page that exists answers 304', async () => {
    expect((await get('/fi/page-2', { 'if-none-match': '*' })).status).toBe(304);
  });

  test.each([['/_app/builds/latest.json'], ['/en/_payload.json?BUILD'], ['/_app/builds/meta/BUILD.json']])(
    '%s answers 304 to its own ETag',
    async (raw) => {
      const path = raw.replace('BUILD', site.build.id);
      const etag = (await get(path)).headers.get('etag');
      expect(etag).toBeTruthy();
      expect((await get(path, { 'if-none-match': etag! })).status).toBe(304);
    },
  );

  test('a page served again is a hit from isolate memory, with the same body and headers', async () => {
    const first = await get('/en/page-2');
    const body = await first.text();
    const again = await get('/en/page-2');
    expect(again.headers.get('x-edge-cache')).toBe('HIT');
    expect(await again.text()).toBe(body);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
  });

  test('a hit carries every header the rendered page was sent with: security, Vary, client hints, route rule, cache', async () => {
    const comparable = (res: Response) =>
      Object.fromEntries([...res.headers].filter(([name]) => !['x-edge-cache', 'date', 'content-length'].includes(name)));
    const first = await get('/en/section/group-3/page-3');
    expect(first.headers.get('x-edge-cache')).toBe('MISS');
    await first.text();
    for (let i = 0; i < 3; i++) {
      const hit = await get('/en/section/group-3/page-3');
      expect(hit.headers.get('x-edge-cache')).toBe('HIT');
      await hit.text();
      expect(comparable(hit)).toEqual(comparable(first));
    }
    expect(first.headers.get('x-robots-tag')).toBe('noarchive');
    expect(first.headers.get('cache-control')).toBe('public, max-age=120');
    expect(first.headers.get('strict-transport-security')).toMatch(/max-age=/);
    expect(first.headers.get('vary')).toBe('User-Agent');
  });

  test('with EDGE_CACHE=off every request renders', async () => {
    const off = await startWorker(site, { bindings: { EDGE_CACHE: 'off' } });
    try {
      for (let i = 0; i < 2; i++)
        expect((await off.fetch('/en/page-2', { headers: { 'user-agent': CHROME_130 } })).headers.get('x-edge-cache')).toBeNull();
    } finally {
      await off.close();
    }
  });

  // The Cache API key is a URL: were a path with escaped dots to reach it, the URL parser would
  // read them as dot segments and answer with another path's page, or another build's.
  test.each(['/fi/%252e/page-1', '/fi/x/%252e%252e/page-1', '/%252E%252E/BUILD/fi/page-1', '/fi/.%252e/fi/page-1'])(
    '%s, a path that spells another page with escaped dots, is a 404, never that page from the cache',
    async (raw) => {
      const page = await get('/fi/page-1');
      await page.text();
      await new Promise((r) => setTimeout(r, 100));
      const res = await get(raw.replace('BUILD', site.build.id));
      expect(res.status).toBe(404);
      expect(res.headers.get('x-edge-cache')).toBeNull();
    },
  );

  test('404s and redirects for unsupported browsers are never stored', async () => {
    await get('/en/missing');
    await new Promise((r) => setTimeout(r, 50));
    expect((await get('/en/missing')).headers.get('x-edge-cache')).toBeNull();
    expect((await get('/en/page-2', { 'user-agent': IE11 })).headers.get('x-edge-cache')).toBeNull();
  });
});

describe('security headers', () => {
  test('HTML carries a CSP with scripts from the origin only and the other security headers', async () => {
    const res = await get('/en');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('nonce-');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
  });

  test('the reload guard is inlined before the stylesheet and every preload, and the CSP allows it by its hash', async () => {
    const res = await get('/en');
    const html = await res.text();
    const start = html.indexOf('<script>');
    expect(start).toBeGreaterThan(-1);
    expect(start).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    expect(start).toBeLessThan(html.indexOf('<link rel="modulepreload"'));
    const guard = html.slice(start + '<script>'.length, html.indexOf('</script>', start));
    expect(guard).toContain('__pageReloadGuard');
    const hash = `'sha256-${createHash('sha256').update(guard).digest('base64')}'`;
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' ${hash};`);
  });

  test.each([
    ['an HTML page', '/en/page-2', true],
    ['the 404 screen', '/en/no-such-page', true],
    ['a payload', '/en/page-2/_payload.json', false],
    ['the health check', '/_app/health', false],
    ['a hashed client file (static assets, _headers)', 'ENTRY', false],
  ])('%s carries every base security header once, and the opener policy if HTML', async (_, path, html) => {
    const target = path === 'ENTRY' ? (await (await get('/en')).text()).match(/src="(\/_app\/entry\.[A-Z0-9]+\.js)"/)![1]! : path;
    const res = await get(target);
    await res.arrayBuffer();
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) expect(res.headers.get(name), `${target} ${name}`).toBe(value);
    for (const [name, value] of Object.entries(DOCUMENT_SECURITY_HEADERS))
      expect(res.headers.get(name), `${target} ${name}`).toBe(html ? value : null);
  });

  test('/preview keeps its opener: an editing tool may open it as a window and post drafts to it', async () => {
    const res = await get('/preview');
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  test('JSON responses are nosniff too', async () => {
    expect((await get('/_app/builds/latest.json')).headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('without a tag manager nothing is injected and the CSP names no tag-manager host', async () => {
    const res = await get('/en');
    const html = await res.text();
    expect(html).not.toContain('googletagmanager');
    expect(res.headers.get('content-security-policy')).not.toContain('googletagmanager');
  });
});

describe('SEO files', () => {
  test('robots.txt allows crawling and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('User-agent: *\nAllow: /\n\nSitemap: https://generated.example/sitemap.xml\n');
  });

  test('sitemap.xml lists every page with its hreflang alternates', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(xml).toContain('<loc>https://generated.example/en</loc>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="fi-FI" href="https://generated.example/fi"/>');
    expect(xml).toContain('<loc>https://generated.example/fi/section/group-3/page-3</loc>');
    expect(xml.match(/<url>/g)).toHaveLength(site.build.pageCount - 1);
  });
});

describe('with a tag manager and a preview host', () => {
  let gtmSite: Awaited<ReturnType<typeof buildGeneratedSite>>;
  let gtmWorker: TestWorker;
  beforeAll(async () => {
    gtmSite = await buildGeneratedSite({ extraSite: { gtmId: 'GTM-AB12CD3' } });
    gtmWorker = await startWorker(gtmSite, { bindings: { PREVIEW_HOSTS: 'preview.example.com' } });
  });
  afterAll(async () => {
    await gtmWorker?.close();
    await gtmSite?.cleanup();
  });

  // The consent defaults that come first are tested in consent.workerd.test.ts.
  test('the snippet is rendered, and the CSP allows it by its hash', async () => {
    const res = await gtmWorker.fetch('/en');
    const html = await res.text();
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const snippet = inline.find((s) => s.includes("'GTM-AB12CD3'"));
    expect(snippet).toBeDefined();
    const hash = `'sha256-${createHash('sha256').update(snippet!).digest('base64')}'`;
    const scriptSrc = res.headers
      .get('content-security-policy')!
      .split(';')
      .map((d) => d.trim().split(' '))
      .find(([name]) => name === 'script-src')!;
    expect(scriptSrc).toContain(hash);
    expect(scriptSrc).toContain('https://www.googletagmanager.com');
  });

  test('the preview host may frame the site', async () => {
    const csp = (await gtmWorker.fetch('/en')).headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'self' https://preview.example.com");
  });

  test('robots.txt on the preview host disallows everything', async () => {
    const res = await gtmWorker.fetch('https://preview.example.com/robots.txt');
    expect(await res.text()).toBe('User-agent: *\nDisallow: /\n');
  });
});
