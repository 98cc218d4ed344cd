import { describe, expect, test } from 'vitest';
import { appEndpoints } from '../../../app/endpoints';
import { previewGate } from '../../../worker/middleware/preview';
import { PREVIEW_COOKIE, signPreviewCookie } from '../../../worker/preview-access';
import { given, request, testApp } from '../in-process';

const TOKEN = 'correct-horse-battery-staple';
const NOW_MS = 1_800_000_000_000;

function app({ preview = true } = {}) {
  const a = testApp();
  a.use(given({ preview }));
  a.use(previewGate({ now: () => NOW_MS }));
  a.get('/*', (c) => c.text('draft content', 200, { 'Cache-Control': 'no-cache' }));
  return a;
}

const asEditor = async () => ({ cookie: `${PREVIEW_COOKIE}=${await signPreviewCookie(TOKEN, NOW_MS / 1000 + 3600)}` });

describe('the preview gate', () => {
  test('lets live requests through without a cookie', async () => {
    const res = await request(app({ preview: false }), '/en', {}, { PREVIEW_TOKEN: TOKEN });
    expect(await res.text()).toBe('draft content');
  });

  test('answers a visitor without a cookie 401 with how to get access, private and not indexed', async () => {
    const res = await request(app(), '/en', {}, { PREVIEW_TOKEN: TOKEN });
    const html = await res.text();
    expect(res.status).toBe(401);
    expect(html).toContain('?token=');
    expect(html).not.toContain('draft content');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  test('admits nobody when PREVIEW_TOKEN is not set, and says so', async () => {
    const res = await request(app(), '/en', { headers: await asEditor() });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('PREVIEW_TOKEN secret is not set');
  });

  test('exchanges a valid token for the cookie and drops the token from the URL', async () => {
    const res = await request(app(), `/en?token=${TOKEN}&a=1`, {}, { PREVIEW_TOKEN: TOKEN });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en?a=1');
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^${PREVIEW_COOKIE}=\\d+\\.[A-Za-z0-9_-]{43};`));
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  test('refuses a wrong token', async () => {
    expect((await request(app(), '/en?token=guess', {}, { PREVIEW_TOKEN: TOKEN })).status).toBe(401);
  });

  test('lets an editor with the cookie in, and keeps the answer private and out of indexes', async () => {
    const res = await request(app(), '/en', { headers: await asEditor() }, { PREVIEW_TOKEN: TOKEN });
    expect(await res.text()).toBe('draft content');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  test('leaves the health check open to monitors, private', async () => {
    const res = await request(app(), appEndpoints.health, {}, { PREVIEW_TOKEN: TOKEN });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});
