/**
 * The editors' preview host in workerd: who gets in, which build they see, and that nothing
 * on it is cached or indexed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kvKeys } from '../../app/kv-keys';
import { PREVIEW_COOKIE, signPreviewCookie } from '../../worker/preview-access';
import { buildGeneratedSite } from '../support/built-site';
import { bootData } from '../support/html';
import { startWorker, type TestWorker } from '../support/workerd';

const TOKEN = 'correct-horse-battery-staple';
const PREVIEW = 'https://preview.example.com';
const LIVE = 'https://www.example.com';

let live: Awaited<ReturnType<typeof buildGeneratedSite>>;
let draft: Awaited<ReturnType<typeof buildGeneratedSite>>;
let worker: TestWorker;
let cookie: string;

beforeAll(async () => {
  live = await buildGeneratedSite({ pagesPerLocale: 2 });
  draft = await buildGeneratedSite({ pagesPerLocale: 3, siteName: 'Draft Site' });
  worker = await startWorker(live, { bindings: { PREVIEW_HOSTS: 'preview.example.com', PREVIEW_TOKEN: TOKEN } });
  cookie = `${PREVIEW_COOKIE}=${await signPreviewCookie(TOKEN, Math.floor(Date.now() / 1000) + 3600)}`;
});
afterAll(async () => {
  await worker?.close();
  await live?.cleanup();
  await draft?.cleanup();
});

const asEditor = (path: string) => worker.fetch(PREVIEW + path, { headers: { cookie } });

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

  test('a valid token sets a signed, HttpOnly, Secure, SameSite=Lax cookie and drops the token from the URL', async () => {
    const res = await worker.fetch(`${PREVIEW}/en/page-1?token=${TOKEN}&a=1`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en/page-1?a=1');
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(new RegExp(`^${PREVIEW_COOKIE}=\\d+\\.[A-Za-z0-9_-]{43};`));
    expect(setCookie).toContain('Max-Age=43200');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
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
    const other = `${PREVIEW_COOKIE}=${await signPreviewCookie('another-token', Math.floor(Date.now() / 1000) + 3600)}`;
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

  test('without a draft the preview host shows the live build', async () => {
    expect(bootData(await (await asEditor('/en')).text()).buildId).toBe(live.build.id);
  });

  test('with a draft published, the preview host shows it and the live host never does', async () => {
    await worker.put(draft.build.records);
    await worker.put([{ key: kvKeys.draft, value: draft.build.pointer.value }]);

    const previewHtml = await (await asEditor('/en')).text();
    expect(bootData(previewHtml).buildId).toBe(draft.build.id);
    expect(bootData(previewHtml).preview).toEqual({ buildId: draft.build.id, liveUrl: 'https://generated.example/en' });
    expect((await asEditor('/en/section/group-3/page-3')).status).toBe(200);
    expect(((await (await asEditor('/_app/builds/latest.json')).json()) as { id: string }).id).toBe(draft.build.id);

    const liveHtml = await (await worker.fetch(`${LIVE}/en`)).text();
    expect(bootData(liveHtml).buildId).toBe(live.build.id);
    expect((await worker.fetch(`${LIVE}/en/section/group-3/page-3`)).status).toBe(404);
    expect(((await (await worker.fetch(`${LIVE}/_app/builds/latest.json`)).json()) as { id: string }).id).toBe(live.build.id);
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
});

describe('the preview environment', () => {
  let envWorker: TestWorker;
  beforeAll(async () => {
    envWorker = await startWorker(live, { bindings: { PREVIEW_MODE: 'true', PREVIEW_TOKEN: TOKEN } });
  });
  afterAll(() => envWorker?.close());

  test('with PREVIEW_MODE every host is a preview host', async () => {
    expect((await envWorker.fetch(`${LIVE}/en`)).status).toBe(401);
  });
});

describe('a preview host without its secret', () => {
  let bare: TestWorker;
  beforeAll(async () => {
    bare = await startWorker(live, { bindings: { PREVIEW_HOSTS: 'preview.example.com' } });
  });
  afterAll(() => bare?.close());

  test('admits nobody and says preview is not configured', async () => {
    const res = await bare.fetch(`${PREVIEW}/en?token=anything`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('not configured');
  });
});
