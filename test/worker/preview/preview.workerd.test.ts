/**
 * The editors' preview host in workerd: who gets in, which build they see, and that nothing
 * on it is cached or indexed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kvKeys } from '../../../app/kv-keys';
import { PREVIEW_COOKIE, PREVIEW_DRAFTS_COOKIE, signPreviewCookie } from '../../../worker/preview/access';
import { makeShareLink } from '../../../worker/preview/share';
import { buildGeneratedSite } from '../../support/built-site';
import { bootData } from '../../support/html';
import { startWorker, type Deployment, type TestWorker } from '../../support/workerd';

const TOKEN = 'correct-horse-battery-staple-0123456789';
const SHARE_SECRET = 'share-links-secret-0123456789abcdef';
const PREVIEW = 'https://preview.example.com';
const LIVE = 'https://www.example.com';

let live: Awaited<ReturnType<typeof buildGeneratedSite>>;
let draft: Awaited<ReturnType<typeof buildGeneratedSite>>;
let worker: TestWorker;
let cookie: string;
/** The worker of the describes with settings of their own, redeployed with each one's: one workerd for them all. */
let other: TestWorker | undefined;

beforeAll(async () => {
  live = await buildGeneratedSite({ pagesPerLocale: 2 });
  draft = await buildGeneratedSite({ pagesPerLocale: 3, siteName: 'Draft Site' });
  worker = await startWorker(live, {
    bindings: { PREVIEW_HOSTS: 'preview.example.com', PREVIEW_TOKEN: TOKEN, PREVIEW_SHARE_SECRET: SHARE_SECRET },
  });
  cookie = `${PREVIEW_COOKIE}=${await signPreviewCookie(TOKEN, Math.floor(Date.now() / 1000) + 3600)}`;
});
afterAll(async () => {
  await worker?.close();
  await other?.close();
  await live?.cleanup();
  await draft?.cleanup();
});

const asEditor = (path: string) => worker.fetch(PREVIEW + path, { headers: { cookie } });

/** The live build on a fresh isolate (and fresh rate limits) with these settings. */
async function otherWorker(settings: Pick<Deployment, 'bindings' | 'tokenRateLimit'>): Promise<TestWorker> {
  const deployment = { tokenRateLimit: 1000, ...settings };
  if (other) await other.redeploy(deployment);
  else other = await startWorker(live, deployment);
  return other;
}

describe('preview access', () => {
  test('without a cookie or token the preview host answers 401 with how to get access, and no content', async () => {
    const res = await worker.fetch(`${PREVIEW}/en`);
    const html = await res.text();
    expect(res.status).toBe(401);
    expect(html).toContain('?token=');
    expect(html).not.toContain('Generated Site');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  test('a valid token sets a signed cookie for the preview host and its drafts that works in a CMS frame and drops the token from the URL, sending no Referer on', async () => {
    const res = await worker.fetch(`${PREVIEW}/en/page-1?token=${TOKEN}&a=1`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en/page-1?a=1');
    const [pair, ...attributes] = res.headers.get('set-cookie')!.split('; ');
    expect(pair).toMatch(new RegExp(`^${PREVIEW_DRAFTS_COOKIE}=\\d+\\.[A-Za-z0-9_-]{43}$`));
    expect(PREVIEW_DRAFTS_COOKIE).toMatch(/^__Secure-/);
    expect(attributes.sort()).toEqual([
      'Domain=preview.example.com',
      'HttpOnly',
      'Max-Age=43200',
      'Partitioned',
      'Path=/',
      'SameSite=None',
      'Secure',
    ]);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  test('the redirect that drops the token never leads to another host', async () => {
    const res = await worker.fetch(`${PREVIEW}//evil.example/x?token=${TOKEN}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/evil.example/x');
  });

  test('the request log never holds a token or a share link, whether it was right or wrong', async () => {
    const link = await makeShareLink(SHARE_SECRET, { origin: PREVIEW, path: '/en/page-1', now: Date.now() });
    const grant = new URL(link.url).searchParams.get('share')!;
    const before = worker.logs.length;
    await worker.fetch(`${PREVIEW}/en?token=${TOKEN}`);
    await worker.fetch(`${PREVIEW}/en?token=wrong-${TOKEN}`);
    await worker.fetch(link.url);
    await worker.fetch(`${PREVIEW}/en?share=${grant}`);
    // Log lines reach Node from workerd's stdout a moment after the answer.
    await expect
      .poll(
        () =>
          worker.logs
            .slice(before)
            .join('')
            .match(/"type":"request"/g)?.length ?? 0,
      )
      .toBeGreaterThanOrEqual(4);
    const lines = worker.logs.slice(before).join('');
    expect(lines).toContain('"path":"/en"');
    expect(lines).not.toContain(TOKEN);
    expect(lines).not.toContain(grant.split('.')[1]);
    expect(lines).not.toContain('token=');
    expect(lines).not.toContain('share=');
  });

  test('the cookie from the token lets the editor in', async () => {
    const res = await worker.fetch(`${PREVIEW}/en?token=${TOKEN}`);
    const issued = res.headers.get('set-cookie')!.split(';')[0]!;
    expect((await worker.fetch(`${PREVIEW}/en`, { headers: { cookie: issued } })).status).toBe(200);
  });

  test('a wrong token is refused', async () => {
    const res = await worker.fetch(`${PREVIEW}/en?token=guess`);
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  test('a tampered cookie is refused', async () => {
    const [name, value] = cookie.split('=');
    const [expires, signature] = value!.split('.');
    const later = `${name}=${Number(expires) + 86_400}.${signature}`;
    expect((await worker.fetch(`${PREVIEW}/en`, { headers: { cookie: later } })).status).toBe(401);
    const forged = `${name}=${expires}.${'A'.repeat(43)}`;
    expect((await worker.fetch(`${PREVIEW}/en`, { headers: { cookie: forged } })).status).toBe(401);
  });

  test('an expired cookie is refused', async () => {
    const expired = `${PREVIEW_COOKIE}=${await signPreviewCookie(TOKEN, Math.floor(Date.now() / 1000) - 1)}`;
    expect((await worker.fetch(`${PREVIEW}/en`, { headers: { cookie: expired } })).status).toBe(401);
  });

  test('a cookie signed with another token is refused', async () => {
    const other = `${PREVIEW_COOKIE}=${await signPreviewCookie('another-token-of-more-than-32-characters', Math.floor(Date.now() / 1000) + 3600)}`;
    expect((await worker.fetch(`${PREVIEW}/en`, { headers: { cookie: other } })).status).toBe(401);
  });

  test('the live host needs no cookie', async () => {
    expect((await worker.fetch(`${LIVE}/en`)).status).toBe(200);
  });

  test('health and robots.txt stay reachable on the preview host', async () => {
    expect((await worker.fetch(`${PREVIEW}/_app/health`)).status).toBe(200);
    expect(await (await worker.fetch(`${PREVIEW}/robots.txt`)).text()).toContain('Disallow: /');
  });

  test.each(['/_app%2Fhealth', '/_app%2fhealth', '/_app%5Chealth', '/robots.txt%2F', '/en%2Fpage-1'])(
    'an encoded slash or backslash (%s) is refused with 400 before the gate, showing nothing of the draft',
    async (path) => {
      const res = await worker.fetch(PREVIEW + path);
      const body = await res.text();
      expect(res.status).toBe(400);
      expect(body).not.toContain('preview-banner');
      expect(body).not.toContain('Generated Site');
    },
  );
});

describe('what the preview host shows', () => {
  test('every preview response is private, never stored, not indexed, and shows the banner', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await asEditor('/en');
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(res.headers.get('x-edge-cache')).toBeNull();
      expect(html).toContain('class="preview-banner"');
      expect(html).toContain('https://generated.example/en');
    }
  });

  test('click-to-edit: the preview host marks each block with its content path and names the origins that may frame it; the live host does neither', async () => {
    const previewHtml = await (await asEditor('/en')).text();
    expect(previewHtml).toContain('data-content-path="blocks[0]"');
    expect(bootData(previewHtml).preview).toMatchObject({ editorOrigins: [PREVIEW] });
    const liveHtml = await (await worker.fetch(`${LIVE}/en`)).text();
    expect(liveHtml).not.toContain('data-content-path');
    expect(bootData(liveHtml).preview).toBeUndefined();
  });

  test('without a draft the preview host shows the live build', async () => {
    expect(bootData(await (await asEditor('/en')).text()).buildId).toBe(live.build.id);
  });

  test('with a draft published, the preview host shows it and the live host never does', async () => {
    await worker.put(draft.build.records);
    await worker.put([{ key: kvKeys.draft, value: draft.build.pointer.value }]);

    const previewHtml = await (await asEditor('/en')).text();
    expect(bootData(previewHtml).buildId).toBe(draft.build.id);
    expect(bootData(previewHtml).preview).toEqual({
      buildId: draft.build.id,
      liveUrl: 'https://generated.example/en',
      editorOrigins: [PREVIEW],
    });
    expect((await asEditor('/en/section/group-3/page-3')).status).toBe(200);
    expect(((await (await asEditor('/_app/builds/latest.json')).json()) as { id: string }).id).toBe(draft.build.id);

    const liveHtml = await (await worker.fetch(`${LIVE}/en`)).text();
    expect(bootData(liveHtml).buildId).toBe(live.build.id);
    expect((await worker.fetch(`${LIVE}/en/section/group-3/page-3`)).status).toBe(404);
    expect(((await (await worker.fetch(`${LIVE}/_app/builds/latest.json`)).json()) as { id: string }).id).toBe(live.build.id);
  });

  test('search on the preview host finds a page only the draft has; search on the live host does not', async () => {
    await worker.put(draft.build.records);
    await worker.put([{ key: kvKeys.draft, value: draft.build.pointer.value }]);
    const answerOf = async (res: Response) => bootData(await res.text()).view.answer as { hits: { path: string }[] };
    const draftOnly = '/en/section/group-3/page-3';
    expect((await answerOf(await asEditor('/en/search?q=page%203'))).hits.map((h) => h.path)).toContain(draftOnly);
    const live = await answerOf(await worker.fetch(`${LIVE}/en/search?q=page%203`));
    expect(live).not.toBeNull();
    expect(live.hits.map((h) => h.path)).not.toContain(draftOnly);
  });

  test('a draft’s manifest is served on the preview host and never on the live host', async () => {
    await worker.put(draft.build.records);
    await worker.put([{ key: kvKeys.draft, value: draft.build.pointer.value }]);
    const path = `/_app/builds/meta/${draft.build.id}.json`;
    expect((await asEditor(path)).status).toBe(200);
    const res = await worker.fetch(LIVE + path);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('/en/section/group-3/page-3');
  });

  test('/preview?path= starts from that page of the draft', async () => {
    const html = await (await asEditor('/preview?path=/en/page-1')).text();
    expect(html).toContain('data-preview-path="/en/page-1"');
    expect(bootData(html).view.origins).toEqual([PREVIEW]);
  });

  test('/preview offers editors share links on the preview host, and nobody on the live host', async () => {
    expect(bootData(await (await asEditor('/preview')).text()).view).toMatchObject({ shareLinks: true });
    expect(bootData(await (await worker.fetch(`${LIVE}/preview`)).text()).view).not.toHaveProperty('shareLinks');
  });
});

describe('share links', () => {
  test('an editor gets a signed link to one page for 2 days, or as many as asked up to 7', async () => {
    const res = await asEditor('/_app/preview/share-link?path=/en/page-1');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const link = (await res.json()) as { href: string; expiresAt: string };
    expect(link.href).toMatch(/^\/en\/page-1\?share=\d+\.[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(2 * 86_400_000 - 60_000);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(2 * 86_400_000);
    const week = (await (await asEditor('/_app/preview/share-link?path=/en/page-1&days=7')).json()) as { expiresAt: string };
    expect(Date.parse(week.expiresAt) - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
  });

  test('the endpoint refuses a content path that is not a page of the draft, when the link is made', async () => {
    const res = await asEditor('/_app/preview/share-link?path=/en/no-such-page');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'not_a_page', message: 'path: /en/no-such-page is not a page of this draft' });
  });

  test('the endpoint refuses more than 7 days and paths that are not content pages', async () => {
    for (const query of ['path=/en/page-1&days=8', 'path=/preview', 'path=/en/_payload.json', 'path=//evil.example', '']) {
      const res = await asEditor(`/_app/preview/share-link?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: string }).error, query).toBe('invalid');
    }
  });

  test('the endpoint is behind the gate, and a share link does not open it', async () => {
    const link = (await (await asEditor('/_app/preview/share-link?path=/en/page-1')).json()) as { href: string };
    expect((await worker.fetch(`${PREVIEW}/_app/preview/share-link?path=/en/page-1`)).status).toBe(401);
    expect((await worker.fetch(`${PREVIEW}/_app/preview/share-link?path=/en`, { headers: { referer: PREVIEW + link.href } })).status).toBe(
      401,
    );
  });

  test('the endpoint does not exist on the live host', async () => {
    expect((await worker.fetch(`${LIVE}/_app/preview/share-link?path=/en/page-1`)).status).toBe(404);
  });

  test('a link opens its page, with the draft, for a reviewer without the cookie, and no other page', async () => {
    const { href } = (await (await asEditor('/_app/preview/share-link?path=/en/page-1')).json()) as { href: string };
    const url = PREVIEW + href;
    const res = await worker.fetch(url);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain('class="preview-banner"');
    const grant = new URL(url).search;
    for (const other of ['/en', '/en/page-2', '/en/page-1/_payload.json', '/preview', '/_app/builds/meta/x.json']) {
      expect((await worker.fetch(PREVIEW + other + grant)).status, other).toBe(401);
    }
  });
});

describe('named drafts', () => {
  const SPRING = 'https://spring.preview.example.com';
  const asEditorOn = (origin: string, path: string) => worker.fetch(origin + path, { headers: { cookie } });

  beforeAll(async () => {
    await worker.put(draft.build.records);
    await worker.put([{ key: kvKeys.namedDraft('spring'), value: draft.build.pointer.value }]);
  });

  test('a named draft is served at its own host, beside the preview host’s own draft', async () => {
    const html = await (await asEditorOn(SPRING, '/en/section/group-3/page-3')).text();
    expect(bootData(html).buildId).toBe(draft.build.id);
    expect(((await (await asEditorOn(SPRING, '/_app/builds/latest.json')).json()) as { id: string }).id).toBe(draft.build.id);
  });

  test('a draft name nobody published answers 404 that says so, behind the gate, never the live build', async () => {
    const res = await asEditorOn('https://autumn.preview.example.com', '/en');
    const html = await res.text();
    expect(res.status).toBe(404);
    expect(html).toContain('There is no draft named “autumn”');
    expect(html).not.toContain('Generated Site');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect((await worker.fetch('https://autumn.preview.example.com/en')).status).toBe(401);
  });

  test.each([
    'https://spring.www.example.com',
    'http://spring.localhost',
    'http://spring.preview.localhost:8788',
    'https://www.example.com.spring',
  ])('the live host never serves a draft, also as %s', async (origin) => {
    const res = await worker.fetch(`${origin}/en/section/group-3/page-3`);
    expect(res.status).toBe(404);
    const home = await (await worker.fetch(`${origin}/en`)).text();
    expect(bootData(home).buildId).toBe(live.build.id);
  });

  test('a share link made on a named draft’s host names that draft, and opens on no other host', async () => {
    const { href } = (await (await asEditorOn(SPRING, '/_app/preview/share-link?path=/en/section/group-3/page-3')).json()) as {
      href: string;
    };
    expect((await worker.fetch(SPRING + href)).status).toBe(200);
    expect((await worker.fetch('https://autumn.preview.example.com' + href)).status).toBe(401);
    expect((await worker.fetch(PREVIEW + href)).status).toBe(401);
  });
});

describe('the preview environment', () => {
  let envWorker: TestWorker;
  beforeAll(async () => {
    envWorker = await otherWorker({ bindings: { PREVIEW_MODE: 'true', PREVIEW_TOKEN: TOKEN } });
  });

  test('with PREVIEW_MODE every host is a preview host', async () => {
    expect((await envWorker.fetch(`${LIVE}/en`)).status).toBe(401);
  });
});

describe('token attempts', () => {
  let limited: TestWorker;
  beforeAll(async () => {
    limited = await otherWorker({ bindings: { PREVIEW_HOSTS: 'preview.example.com', PREVIEW_TOKEN: TOKEN }, tokenRateLimit: 3 });
  });

  test('past the PREVIEW_TOKEN_RATE_LIMIT binding’s allowance a client gets 429, while another client still may try', async () => {
    const from = (ip: string, token: string) => limited.fetch(`${PREVIEW}/en?token=${token}`, { headers: { 'cf-connecting-ip': ip } });
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.1', `guess-${i}`)).status).toBe(401);
    const refused = await from('203.0.113.1', TOKEN);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect((await from('203.0.113.2', TOKEN)).status).toBe(302);
  });
});

describe('a preview host with a PREVIEW_TOKEN too short to use', () => {
  let short: TestWorker;
  beforeAll(async () => {
    short = await otherWorker({ bindings: { PREVIEW_HOSTS: 'preview.example.com', PREVIEW_TOKEN: 'short-token' } });
  });

  test('admits nobody, says why on the 503 page, and logs it once without the token', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await short.fetch(`${PREVIEW}/en?token=short-token`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('Preview is not configured: the PREVIEW_TOKEN secret is shorter than 32 characters.');
    }
    await expect.poll(() => short.logs.join('').match(/"type":"request"/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    const warnings = short.logs.join('').match(/shorter than 32 characters; it is not used/g) ?? [];
    expect(warnings).toHaveLength(1);
    expect(short.logs.join('')).not.toContain('short-token');
  });
});

describe('a preview host without its secret', () => {
  let bare: TestWorker;
  beforeAll(async () => {
    bare = await otherWorker({ bindings: { PREVIEW_HOSTS: 'preview.example.com' } });
  });

  test('admits nobody and says preview is not configured', async () => {
    const res = await bare.fetch(`${PREVIEW}/en?token=anything`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('not configured');
  });
});
