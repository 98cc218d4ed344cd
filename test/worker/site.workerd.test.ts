/**
 * The worker in workerd, serving the repository's own content from real KV records of a real
 * build: every route, with what a browser or crawler observes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BuildIndex } from '../../app/build-records';
import { Site } from '../../app/content/schema';
import { kvKeys } from '../../app/kv-keys';
import { REPO_CONTENT, buildForTest, type BuiltSite } from '../support/built-site';
import { PROTOTYPE_NAMES } from '../support/property';
import { bootData, canonicalOf, hreflangs, htmlLang, titleOf } from '../support/html';
import { startWorker, type TestWorker } from '../support/workerd';

let site: BuiltSite;
let worker: TestWorker;
let siteJson: Site;
let index: BuildIndex;

beforeAll(async () => {
  site = await buildForTest(REPO_CONTENT);
  worker = await startWorker(site);
  siteJson = Site.parse(JSON.parse(await readFile(join(REPO_CONTENT, 'site.json'), 'utf8')));
  index = BuildIndex.parse(JSON.parse(site.build.records.find((r) => r.key === kvKeys.index(site.build.id))!.value));
});
afterAll(async () => {
  await worker?.close();
  await site?.cleanup();
});

async function page(path: string, init?: RequestInit) {
  const res = await worker.fetch(path, init);
  return { res, html: await res.text() };
}

describe('locale home pages', () => {
  test.each(['en', 'et', 'bg', 'se', 'at', 'de', 'nl', 'lt', 'lv', 'fi', 'ru'])(
    '/%s is served in its language with SEO links',
    async (code) => {
      const locale = siteJson.locales.find((l) => l.code === code)!;
      const { res, html } = await page(`/${code}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(htmlLang(html)).toBe(locale.lang);
      expect(titleOf(html)).toContain(siteJson.name);
      expect(canonicalOf(html)).toBe(`${siteJson.origin}/${code}`);
      const links = hreflangs(html);
      expect(Object.keys(links)).toHaveLength(siteJson.locales.length + 1);
      expect(links['x-default']).toBe(`${siteJson.origin}/en`);
      expect(links[locale.lang]).toBe(`${siteJson.origin}/${code}`);
      expect(html).toMatch(/<meta name="description" content="[^"]+">/);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
    },
  );

  test('/ shows the default locale home with its canonical URL', async () => {
    const { res, html } = await page('/');
    expect(res.status).toBe(200);
    expect(htmlLang(html)).toBe('en');
    expect(canonicalOf(html)).toBe(`${siteJson.origin}/en`);
  });
});

describe('content pages', () => {
  test('every page of every locale renders', async () => {
    for (const path of Object.keys(index.pages)) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(200);
      expect(bootData(html).buildId, path).toBe(site.build.id);
    }
  });

  test('a nested page two levels deep has its translations as hreflang alternates', async () => {
    const { res, html } = await page('/et/laenud/kodulaen');
    expect(res.status).toBe(200);
    expect(htmlLang(html)).toBe('et-EE');
    expect(hreflangs(html)['en']).toBe(`${siteJson.origin}/en/loans/home-loan`);
  });

  test('a trailing slash redirects to the one canonical URL', async () => {
    const res = await worker.fetch('/et/laenud/?a=1');
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/et/laenud?a=1');
  });

  test('the page embeds its view as non-executable JSON with the build id', async () => {
    const { html } = await page('/en');
    const boot = bootData(html);
    expect(boot.buildId).toBe(site.build.id);
    expect(boot.view.kind).toBe('page');
    expect(html).toMatch(/<script type="module" src="\/_app\/entry\.[A-Z0-9]+\.js"><\/script>/);
  });

  test('a page preloads its entry script alone, after its LCP image, so no chunk shares the connection with the image', async () => {
    const { html } = await page('/en/spring-offer');
    const entry = /<script type="module" src="([^"]+)">/.exec(html)![1];
    expect([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1])).toEqual([entry]);
    expect(html.indexOf('<link rel="preload" as="image"')).toBeGreaterThan(-1);
    expect(html.indexOf('<link rel="preload" as="image"')).toBeLessThan(html.indexOf('<link rel="modulepreload"'));
  });
});

describe('build files', () => {
  test('latest.json names the live build and is revalidated every time', async () => {
    const res = await worker.fetch('/_app/builds/latest.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({ id: site.build.id, timestamp: 1_700_000_000_000 });
  });

  test('a build manifest is immutable for a year', async () => {
    const res = await worker.fetch(`/_app/builds/meta/${site.build.id}.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const manifest = (await res.json()) as { id: string; prerendered: string[]; matcher: unknown };
    expect(manifest.id).toBe(site.build.id);
    expect(manifest.prerendered).toContain('/et/laenud/kodulaen');
    expect(manifest.matcher).toBeDefined();
  });

  test('an unknown manifest is a JSON 404', async () => {
    const res = await worker.fetch('/_app/builds/meta/0123456789abcdef.json');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('other paths under /_app/ are a JSON 404, never a page', async () => {
    const res = await worker.fetch('/_app/nothing-here.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('hashed client files are served from static assets', async () => {
    const { html } = await page('/en');
    const entry = html.match(/src="(\/_app\/entry\.[A-Z0-9]+\.js)"/)![1]!;
    const res = await worker.fetch(entry);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
  });
});

describe('payloads', () => {
  test('a payload for the running build is immutable', async () => {
    const res = await worker.fetch(`/et/laenud/_payload.json?${site.build.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const payload = (await res.json()) as { path: string; chrome: { locale: { code: string } } };
    expect(payload.path).toBe('/et/laenud');
    expect(payload.chrome.locale.code).toBe('et');
  });

  test('the root payload sits at /_payload.json', async () => {
    const res = await worker.fetch(`/_payload.json?${site.build.id}`);
    expect(res.status).toBe(200);
  });

  test.each(['?ffffffffffffffff', '', '?garbage<script>'])(
    'a stale or missing build id %j gets the current payload, never stored, since the client asks with force-cache',
    async (query) => {
      const res = await worker.fetch(`/en/_payload.json${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
    },
  );

  test('a payload for no page is a JSON 404 with the spec message, never stored', async () => {
    const res = await worker.fetch(`/en/nope/_payload.json?${site.build.id}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ message: 'Page not found: /en/nope' });
  });
});

describe('system pages', () => {
  test.each([
    ['/unsupported', 'en'],
    ['/unsupported?lang=et', 'et-EE'],
    ['/preview?lang=fi', 'fi-FI'],
    ['/reset-storage?lang=ru', 'ru'],
    ['/reset-storage/et/laenud', 'et-EE'],
    ['/reset-storage/bg/krediti', 'bg-BG'],
  ])('%s renders in the visitor’s language (%s)', async (path, lang) => {
    const { res, html } = await page(path);
    expect(res.status).toBe(200);
    expect(htmlLang(html)).toBe(lang);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  test('system pages follow Accept-Language when nothing else says', async () => {
    const { html } = await page('/preview', { headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } });
    expect(htmlLang(html)).toBe('de-DE');
  });

  test('/unsupported loads no JavaScript and only a stylesheet old browsers can read', async () => {
    const { html } = await page('/unsupported');
    expect(html).not.toContain('<script');
    expect(html).toContain('Firefox 78+');
    const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);
    expect(sheets).toEqual(['/unsupported.css']);
    const css = await (await worker.fetch('/unsupported.css')).text();
    expect(css).toContain('body');
    expect(css).not.toMatch(/var\(|:has\(|clamp\(|@supports|grid|flex/);
  });

  test.each(PROTOTYPE_NAMES.flatMap((name) => ['/unsupported', '/preview', '/reset-storage'].map((page) => `${page}?lang=${name}`)))(
    '%s is not a locale: the page renders in the default language',
    async (path) => {
      const { res, html } = await page(path);
      expect(res.status).toBe(200);
      expect(htmlLang(html)).toBe('en');
    },
  );

  test('/reset-storage with a malformed slug is a 404', async () => {
    const res = await worker.fetch('/reset-storage/EN/Bad_Slug');
    expect(res.status).toBe(404);
  });
});

describe('media', () => {
  test('an SVG under /media/ is served with a CSP that allows no script, in a sandbox, and nosniff', async () => {
    const res = await worker.fetch('/media/car.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('errors', () => {
  test('a missing page is a 404 screen with the spec’s words', async () => {
    const { res, html } = await page('/en/no-such-page');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('Page Not Found');
    expect(html).toContain('Page not found: /en/no-such-page');
    expect(htmlLang(html)).toBe('en');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  test('a missing page under a locale is shown in that locale', async () => {
    const { res, html } = await page('/et/puudub');
    expect(res.status).toBe(404);
    expect(htmlLang(html)).toBe('et-EE');
    expect(html).toContain('Seda lehte ei leitud');
  });

  test('the path in the 404 message is escaped', async () => {
    // (`</` spelled with a plain slash: an encoded one is refused with 400 before any page)
    const { res, html } = await page('/en/%3Cscript%3Ealert(1)%3C/script%3E');
    expect(res.status).toBe(404);
    expect(html).not.toContain('<script>alert(1)');
  });

  test.each([
    '/..%2f..%2fbuilds/latest.json',
    '/%00',
    '/' + 'a'.repeat(10_000),
    '/%C0%AE',
    '/en%0d%0aSet-Cookie:%20x=1',
    '/%E0%A4%A',
    '//evil.example/',
    '/\\evil.example',
    '/en/../../etc/passwd',
  ])('hostile path %s answers 400 or 404, never 500', async (path) => {
    const res = await worker.fetch(path);
    expect([400, 404]).toContain(res.status);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('location')).toBeNull();
  });
});
