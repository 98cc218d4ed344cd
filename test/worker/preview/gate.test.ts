import { afterEach, describe, expect, test, vi } from 'vitest';
import { appEndpoints } from '../../../app/endpoints';
import { previewGate } from '../../../worker/preview/gate';
import { securityHeaders } from '../../../worker/middleware/security-headers';
import { PREVIEW_COOKIE, signPreviewCookie } from '../../../worker/preview/access';
import { makeShareLink, signShareGrant } from '../../../worker/preview/share';
import { given, request, testApp, type TestBindings } from '../in-process';

const TOKEN = 'correct-horse-battery-staple-0123456789';
const SHARE_SECRET = 'share-links-secret-0123456789abcdef';
const NOW_MS = 1_800_000_000_000;
const PREVIEW = 'https://preview.example.com';
const DAY_MS = 24 * 60 * 60 * 1000;

afterEach(() => {
  vi.restoreAllMocks();
});

/** The gate (with the security headers around it, as in the worker) before a stand-in for the draft. */
function app({ preview = true, now = NOW_MS } = {}) {
  const a = testApp();
  a.use(given({ preview }));
  a.use(securityHeaders());
  a.use(previewGate({ now: () => now }));
  a.get('/*', (c) => c.text(`draft content of ${c.req.path} for ${c.get('previewShare') === undefined ? 'an editor' : 'a reviewer'}`));
  a.post('/*', (c) => c.text('written'));
  return a;
}

const bindings = (extra: Record<string, unknown> = {}) =>
  ({ PREVIEW_TOKEN: TOKEN, PREVIEW_SHARE_SECRET: SHARE_SECRET, ...extra }) as TestBindings;

const asEditor = async () => ({ cookie: `${PREVIEW_COOKIE}=${await signPreviewCookie(TOKEN, NOW_MS / 1000 + 3600)}` });

/** A limiter standing in for the PREVIEW_TOKEN_RATE_LIMIT binding, counting what it is asked. */
function limiter(allowed: number) {
  const keys: string[] = [];
  return { keys, limit: async ({ key }: { key: string }) => ({ success: keys.push(key) <= allowed }) };
}

async function shareLink(path: string, { days = 2, secret = SHARE_SECRET, now = NOW_MS } = {}) {
  return (await makeShareLink(secret, { origin: PREVIEW, path, days, now })).url;
}

describe('the preview gate', () => {
  test('lets live requests through without a cookie', async () => {
    const res = await request(app({ preview: false }), '/en', {}, bindings());
    expect(await res.text()).toBe('draft content of /en for an editor');
  });

  test('answers a visitor without a cookie 401 with how to get access, private and not indexed', async () => {
    const res = await request(app(), '/en', {}, bindings());
    const html = await res.text();
    expect(res.status).toBe(401);
    expect(html).toContain('?token=');
    expect(html).not.toContain('draft content');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  test('the 401 page has a form to enter the token, which keeps the rest of the query', async () => {
    const html = await (await request(app(), '/preview?path=/et/kontakt', {}, bindings())).text();
    expect(html).toContain('<form method="get" action="/preview">');
    expect(html).toContain('<input type="hidden" name="path" value="/et/kontakt">');
    expect(html).toMatch(/<input id="preview-token" name="token" type="password"/);
  });

  test('the form sends the token to this host, even on a path that starts with two slashes', async () => {
    const html = await (await request(app(), `${PREVIEW}//evil.example/x`, {}, bindings())).text();
    expect(html).toContain('<form method="get" action="/evil.example/x">');
  });

  test('admits nobody when PREVIEW_TOKEN is not set, and says so', async () => {
    const res = await request(app(), '/en', { headers: await asEditor() });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('PREVIEW_TOKEN secret is not set');
  });

  test('admits nobody when PREVIEW_TOKEN is shorter than 32 characters, and says why', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const short = 'x'.repeat(31);
    const res = await request(app(), `/en?token=${short}`, {}, { PREVIEW_TOKEN: short });
    const html = await res.text();
    expect(res.status).toBe(503);
    expect(html).toContain('Preview is not configured: the PREVIEW_TOKEN secret is shorter than 32 characters.');
    expect(html).not.toContain(short);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  test('exchanges a valid token for the cookie and drops the token from the URL', async () => {
    const res = await request(app(), `/en?token=${TOKEN}&a=1`, {}, bindings());
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en?a=1');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  test('the cookie is __Host- prefixed, Secure, HttpOnly, SameSite=None and Partitioned, for the whole host and 12 hours', async () => {
    const res = await request(app(), `/en?token=${TOKEN}`, {}, bindings());
    const cookie = res.headers.get('set-cookie')!;
    const [pair, ...attributes] = cookie.split('; ');
    expect(pair).toMatch(/^__Host-edge_preview=\d+\.[A-Za-z0-9_-]{43}$/);
    expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=43200', 'Partitioned', 'Path=/', 'SameSite=None', 'Secure']);
  });

  test('the token exchange answers Referrer-Policy: no-referrer, so the next request carries no token', async () => {
    const res = await request(app(), `/en?token=${TOKEN}`, {}, bindings());
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('the redirect after the token keeps to this host: leading slashes collapse to one', async () => {
    for (const path of ['//evil.example/x', '///evil.example/x', '/\t/evil.example/x']) {
      const res = await request(app(), `${PREVIEW}${path}?token=${TOKEN}`, {}, bindings());
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toMatch(/^\/(?!\/)/);
    }
    const res = await request(app(), `${PREVIEW}//evil.example/x?token=${TOKEN}`, {}, bindings());
    expect(res.headers.get('location')).toBe('/evil.example/x');
  });

  test('refuses a wrong token, and its page (whose URL holds the token) sends no Referer on', async () => {
    const res = await request(app(), '/en?token=guess', {}, bindings());
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  test('counts token attempts per client address with the rate-limiting binding', async () => {
    const limit = limiter(10);
    await request(
      app(),
      '/en?token=guess',
      { headers: { 'cf-connecting-ip': '203.0.113.7' } },
      bindings({ PREVIEW_TOKEN_RATE_LIMIT: limit }),
    );
    expect(limit.keys).toEqual(['203.0.113.7']);
  });

  test('a client over its allowance of token attempts gets 429 with Retry-After, even with the right token', async () => {
    const limit = limiter(2);
    const env = bindings({ PREVIEW_TOKEN_RATE_LIMIT: limit });
    expect((await request(app(), '/en?token=guess-1', {}, env)).status).toBe(401);
    expect((await request(app(), '/en?token=guess-2', {}, env)).status).toBe(401);
    const res = await request(app(), `/en?token=${TOKEN}`, {}, env);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.text()).toContain('Too many token attempts');
  });

  test('a rate-limiting binding that fails refuses the attempt', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { limit: () => Promise.reject(new Error('limiter down')) };
    const res = await request(app(), `/en?token=${TOKEN}`, {}, bindings({ PREVIEW_TOKEN_RATE_LIMIT: broken }));
    expect(res.status).toBe(429);
  });

  test('an editor with the cookie is not counted against the allowance', async () => {
    const limit = limiter(0);
    const res = await request(app(), '/en', { headers: await asEditor() }, bindings({ PREVIEW_TOKEN_RATE_LIMIT: limit }));
    expect(res.status).toBe(200);
    expect(limit.keys).toEqual([]);
  });

  test('lets an editor with the cookie in, and keeps the answer private and out of indexes', async () => {
    const res = await request(app(), '/en', { headers: await asEditor() }, bindings());
    expect(await res.text()).toBe('draft content of /en for an editor');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  test('leaves the health check open to monitors, private', async () => {
    const res = await request(app(), appEndpoints.health, {}, bindings());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('a share link', () => {
  test('opens its one page for a reviewer without the cookie, private and not indexed', async () => {
    const res = await request(app(), await shareLink('/et/kontakt'), {}, bindings());
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('draft content of /et/kontakt for a reviewer');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  test('answers HEAD as well as GET', async () => {
    expect((await request(app(), await shareLink('/et/kontakt'), { method: 'HEAD' }, bindings())).status).toBe(200);
  });

  test('works until its expiry and not a second after', async () => {
    const link = await shareLink('/et/kontakt', { days: 2 });
    expect((await request(app({ now: NOW_MS + 2 * DAY_MS - 1000 }), link, {}, bindings())).status).toBe(200);
    expect((await request(app({ now: NOW_MS + 2 * DAY_MS }), link, {}, bindings())).status).toBe(410);
  });

  test('once expired, opens a page that says so and when, without the token form or the draft', async () => {
    const link = await shareLink('/et/kontakt', { days: 2 });
    const res = await request(app({ now: NOW_MS + 3 * DAY_MS }), link, {}, bindings());
    const html = await res.text();
    expect(res.status).toBe(410);
    expect(html).toContain('This share link has expired');
    expect(html).toContain(new Date(NOW_MS + 2 * DAY_MS).toISOString().slice(0, 16).replace('T', ' '));
    expect(html).not.toContain('preview-token');
    expect(html).not.toContain('draft content');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  test('an expired link with a forged signature is not told it expired: it is refused as any other', async () => {
    const grant = `${Math.floor(NOW_MS / 1000) - 60}.${'A'.repeat(43)}`;
    const res = await request(app(), `${PREVIEW}/et/kontakt?share=${grant}`, {}, bindings());
    expect(res.status).toBe(401);
  });

  test('stops working when PREVIEW_SHARE_SECRET is rotated', async () => {
    const link = await shareLink('/et/kontakt');
    const rotated = bindings({ PREVIEW_SHARE_SECRET: 'a-new-share-links-secret-0123456789' });
    expect((await request(app(), link, {}, rotated)).status).toBe(401);
  });

  test('never opens another page, whatever page its grant is put on', async () => {
    const grant = new URL(await shareLink('/et/kontakt')).searchParams.get('share')!;
    for (const path of ['/en', '/et', '/et/kontakt/', '/et/kontakt/_payload.json', '/preview', '/et/kontakt/more']) {
      const res = await request(app(), `${PREVIEW}${path}?share=${grant}&path=/et/kontakt`, {}, bindings());
      expect(res.status, path).toBe(401);
      expect(await res.text(), path).not.toContain('draft content');
    }
  });

  test('reads only: a post with a valid link is refused', async () => {
    const res = await request(app(), await shareLink('/et/kontakt'), { method: 'POST', body: 'x' }, bindings());
    expect(res.status).toBe(401);
  });

  test('cannot be made for a system page such as /preview, which would show any page', async () => {
    await expect(makeShareLink(SHARE_SECRET, { origin: PREVIEW, path: '/preview', now: NOW_MS })).rejects.toThrow(
      'not a content page path',
    );
    await expect(signShareGrant(SHARE_SECRET, '/reset-storage/et', NOW_MS / 1000 + 60)).rejects.toThrow();
  });

  test('signed to last longer than 7 days is refused, even with the right secret', async () => {
    const longLived = await signShareGrant(SHARE_SECRET, '/et/kontakt', NOW_MS / 1000 + 8 * 24 * 3600);
    expect((await request(app(), `${PREVIEW}/et/kontakt?share=${longLived}`, {}, bindings())).status).toBe(401);
  });

  test('opens nothing when PREVIEW_SHARE_SECRET is not set', async () => {
    const link = await shareLink('/et/kontakt');
    expect((await request(app(), link, {}, { PREVIEW_TOKEN: TOKEN })).status).toBe(401);
  });

  test('lets the page’s media through when the page asks for them (its URL as the Referer)', async () => {
    const link = await shareLink('/et/kontakt');
    const res = await request(app(), `${PREVIEW}/media/office.svg`, { headers: { referer: link } }, bindings());
    expect(await res.text()).toBe('draft content of /media/office.svg for a reviewer');
  });

  test('lets nothing but media through on the strength of a Referer', async () => {
    const link = await shareLink('/et/kontakt');
    for (const path of ['/en', '/et/kontakt/_payload.json', appEndpoints.previewShareLink + '?path=/en', '/editor/']) {
      expect((await request(app(), PREVIEW + path, { headers: { referer: link } }, bindings())).status, path).toBe(401);
    }
    const moved = link.replace('/et/kontakt?', '/et?');
    expect((await request(app(), `${PREVIEW}/media/office.svg`, { headers: { referer: moved } }, bindings())).status).toBe(401);
  });
});

describe('named drafts at the gate', () => {
  /** The gate of a named draft's host, `{draft}.preview.example.com`. */
  function draftApp(channel: 'draft' | `draft:${string}`) {
    const a = testApp();
    a.use(given({ preview: true, channel }));
    a.use(previewGate({ now: () => NOW_MS }));
    a.get('/*', (c) => c.text(`draft content of ${c.req.path}`));
    return a;
  }
  const hosts = () => bindings({ PREVIEW_HOSTS: 'preview.example.com' });

  test('a share link names its draft: it opens on that draft’s host and is refused on another and on the unnamed draft', async () => {
    const { url } = await makeShareLink(SHARE_SECRET, {
      origin: 'https://spring.preview.example.com',
      path: '/et/kontakt',
      now: NOW_MS,
      draft: 'spring',
    });
    const grant = new URL(url).search;
    expect((await request(draftApp('draft:spring'), `https://spring.preview.example.com/et/kontakt${grant}`, {}, hosts())).status).toBe(
      200,
    );
    expect((await request(draftApp('draft:autumn'), `https://autumn.preview.example.com/et/kontakt${grant}`, {}, hosts())).status).toBe(
      401,
    );
    expect((await request(draftApp('draft'), `https://preview.example.com/et/kontakt${grant}`, {}, hosts())).status).toBe(401);
  });

  test('the unnamed draft’s link does not open a named draft', async () => {
    const link = await shareLink('/et/kontakt');
    const grant = new URL(link).search;
    expect((await request(draftApp('draft:spring'), `https://spring.preview.example.com/et/kontakt${grant}`, {}, hosts())).status).toBe(
      401,
    );
  });

  test('signing in on one draft’s host sets the cookie for the preview host’s domain, so every draft’s host admits the editor', async () => {
    const res = await request(draftApp('draft:spring'), `https://spring.preview.example.com/en?token=${TOKEN}`, {}, hosts());
    const [pair, ...attributes] = res.headers.get('set-cookie')!.split('; ');
    expect(pair).toMatch(/^__Secure-edge_preview=\d+\.[A-Za-z0-9_-]{43}$/);
    expect(attributes.sort()).toEqual([
      'Domain=preview.example.com',
      'HttpOnly',
      'Max-Age=43200',
      'Partitioned',
      'Path=/',
      'SameSite=None',
      'Secure',
    ]);
    const headers = { cookie: pair! };
    expect(await (await request(draftApp('draft:autumn'), 'https://autumn.preview.example.com/en', { headers }, hosts())).text()).toBe(
      'draft content of /en',
    );
    expect(await (await request(draftApp('draft'), 'https://preview.example.com/en', { headers }, hosts())).text()).toBe(
      'draft content of /en',
    );
  });
});
