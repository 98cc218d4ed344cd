import { describe, expect, test } from 'vitest';
import { securityHeaders } from '../../../worker/middleware/security-headers';
import { markHeadersFinal } from '../../../worker/response-headers';
import { given, request, testApp } from '../in-process';

function app() {
  const a = testApp();
  a.use(given());
  a.use(securityHeaders());
  a.get('/page', (c) => c.html('<h1>Page</h1>'));
  a.get('/data.json', (c) => c.json({ ok: true }));
  return a;
}

describe('security headers', () => {
  test('every response gets nosniff, HSTS, Referrer-Policy and Permissions-Policy', async () => {
    const res = await request(app(), '/data.json');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
  });

  test('every response may be loaded by the site’s own pages only: Cross-Origin-Resource-Policy same-origin', async () => {
    for (const path of ['/data.json', '/page'])
      expect((await request(app(), path)).headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  test('HTML gets a browsing context group of its own (COOP same-origin); JSON gets no opener policy', async () => {
    expect((await request(app(), '/page')).headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect((await request(app(), '/data.json')).headers.get('cross-origin-opener-policy')).toBeNull();
  });

  test('a page that sets its own opener policy keeps it (the preview page, which editing tools may open as a window)', async () => {
    const a = testApp();
    a.use(given());
    a.use(securityHeaders());
    a.get('/preview', (c) => c.html('<h1>Preview</h1>', 200, { 'Cross-Origin-Opener-Policy': 'unsafe-none' }));
    expect((await request(a, '/preview')).headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
  });

  test('HTML gets a CSP with scripts from the origin only, and same-origin framing', async () => {
    const res = await request(app(), '/page');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self';");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  test('the worker’s own inline script (the reload guard) is allowed by its hash', async () => {
    const a = testApp();
    a.use(given());
    a.use(securityHeaders({ scriptHashes: ["'sha256-cmVsb2FkIGd1YXJk'"] }));
    a.get('/page', (c) => c.html('<h1>Page</h1>'));
    const res = await request(a, '/page');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-cmVsb2FkIGd1YXJk';");
  });

  test('JSON gets no CSP', async () => {
    const res = await request(app(), '/data.json');
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  test('the configured preview hosts may frame the site', async () => {
    const res = await request(app(), '/page', {}, { PREVIEW_HOSTS: 'preview.example.com' });
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://preview.example.com;");
  });

  test('on the preview host the CMS origins may frame it, and no X-Frame-Options forbids it', async () => {
    const a = testApp();
    a.use(given({ preview: true }));
    a.use(securityHeaders());
    a.get('/page', (c) => c.html('<h1>Draft</h1>'));
    const res = await request(
      a,
      '/page',
      {},
      { PREVIEW_HOSTS: 'preview.example.com', PREVIEW_ORIGINS: 'https://cms.example.com,http://localhost:3000' },
    );
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://cms.example.com http://localhost:3000;");
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  test('the live host stays unframeable by the CMS origins', async () => {
    const res = await request(app(), '/page', {}, { PREVIEW_HOSTS: 'preview.example.com', PREVIEW_ORIGINS: 'https://cms.example.com' });
    expect(res.headers.get('content-security-policy')).not.toContain('cms.example.com');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  test('a step’s Referrer-Policy: no-referrer is kept; any other is replaced', async () => {
    const a = testApp();
    a.use(given());
    a.use(securityHeaders());
    a.get('/strict', (c) => c.text('x', 200, { 'Referrer-Policy': 'no-referrer' }));
    a.get('/loose', (c) => c.text('x', 200, { 'Referrer-Policy': 'unsafe-url' }));
    expect((await request(a, '/strict')).headers.get('referrer-policy')).toBe('no-referrer');
    expect((await request(a, '/loose')).headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  test('a static file the worker serves keeps the CSP its _headers give it', async () => {
    const a = testApp();
    a.use(given({ preview: true }));
    a.use(securityHeaders());
    a.get('/editor/', (c) => {
      c.set('staticFile', true);
      return c.html('<h1>Editor</h1>', 200, { 'Content-Security-Policy': "frame-src 'self'" });
    });
    const res = await request(a, '/editor/');
    expect(res.headers.get('content-security-policy')).toBe("frame-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('a response marked final keeps the headers it has', async () => {
    const a = testApp();
    a.use(securityHeaders());
    a.get('/remembered', (c) => {
      markHeadersFinal(c);
      return c.html('<h1>Page</h1>', 200, { 'Content-Security-Policy': 'as first sent' });
    });
    const res = await request(a, '/remembered');
    expect(res.headers.get('content-security-policy')).toBe('as first sent');
    expect(res.headers.get('x-content-type-options')).toBeNull();
  });
});
