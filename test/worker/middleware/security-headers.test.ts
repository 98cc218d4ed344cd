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

  test('HTML gets a CSP with scripts from the origin only, and same-origin framing', async () => {
    const res = await request(app(), '/page');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self';");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
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
