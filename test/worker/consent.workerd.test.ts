/**
 * Consent in workerd: which scripts a page carries and in what order, that the CSP allows
 * exactly those (so an injected inline script is still refused with the banner on), that the
 * banner speaks the page's language, and that no visitor's choice splits the edge cache.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { consentScript } from '../../app/consent';
import { languageTable } from '../../app/i18n/languages';
import { bundleHeadScript } from '../../scripts/lib/bundle';
import { buildGeneratedSite } from '../support/built-site';
import { startWorker, type TestWorker } from '../support/workerd';
import '../../app/i18n/all-languages';

const CHROME_130 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const OUR_WORDS = {
  ...languageTable('en').consent,
  title: 'Before we measure anything',
  acceptAll: 'Yes to all',
  footerLink: 'Privacy choices',
};

type Site = Awaited<ReturnType<typeof buildGeneratedSite>>;
let plainSite: Site;
let plain: TestWorker;
let gtmSite: Site;
let gtm: TestWorker;

beforeAll(async () => {
  plainSite = await buildGeneratedSite();
  gtmSite = await buildGeneratedSite({
    extraSite: {
      gtmId: 'GTM-AB12CD3',
      // English words of the site's own; Finnish ones as built in.
      consent: { texts: { en: OUR_WORDS, fi: languageTable('fi').consent }, privacyPage: { en: '/en/page-1', fi: '/fi/page-2' } },
    },
  });
  [plain, gtm] = await Promise.all([startWorker(plainSite), startWorker(gtmSite)]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), gtm?.close()]);
  await Promise.all([plainSite?.cleanup(), gtmSite?.cleanup()]);
});

const get = (worker: TestWorker, path: string, headers: Record<string, string> = {}) =>
  worker.fetch(path, { headers: { 'user-agent': CHROME_130, ...headers } });

/** Every <script> in document order: its attributes and its text. */
function scripts(html: string): { attrs: string; text: string }[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)].map((m) => ({ attrs: (m[1] ?? '').trim(), text: m[2]! }));
}
/** The scripts a browser would run from the page's own text: no src, not JSON data. */
const inlineScripts = (html: string) =>
  scripts(html)
    .filter((s) => !/\bsrc=/.test(s.attrs) && !/type="application\/json"/.test(s.attrs))
    .map((s) => s.text);
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const scriptSrc = (res: Response) =>
  res.headers
    .get('content-security-policy')!
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')!
    .slice(1);

describe('a site without a tag manager', () => {
  test('its pages have no consent banner, and no inline script but the reload guard, allowed by its hash', async () => {
    const res = await get(plain, '/en');
    const html = await res.text();
    const guard = (await bundleHeadScript()).code;
    expect(inlineScripts(html)).toEqual([guard]);
    expect(scriptSrc(res)).toEqual(["'self'", hashOf(guard)]);
    expect(html).not.toContain('class="consent"');
    expect(html).not.toContain('Cookie settings');
  });
});

describe('a site with a tag manager', () => {
  test('the consent defaults are the first script of the page, and the tag manager’s snippet comes after them', async () => {
    const all = scripts(await (await get(gtm, '/en')).text());
    expect(all[0]).toEqual({ attrs: '', text: consentScript() });
    const snippet = all.findIndex((s) => s.text.includes("'GTM-AB12CD3'"));
    expect(snippet).toBeGreaterThan(0);
  });

  test('nothing from the tag manager loads without JavaScript: there is no <noscript> frame', async () => {
    const html = await (await get(gtm, '/en')).text();
    expect(html).not.toContain('googletagmanager.com/ns.html');
  });

  test.each(['/en', '/fi/page-2', '/en/nowhere'])(
    'the CSP of %s allows exactly its inline scripts by hash, and no other inline script',
    async (path) => {
      const res = await get(gtm, path);
      const inline = inlineScripts(await res.text());
      expect(inline).toHaveLength(3); // the consent defaults, the reload guard, the tag manager's snippet
      const sources = scriptSrc(res);
      expect(sources.filter((s) => s.startsWith("'sha256-")).sort()).toEqual(inline.map(hashOf).sort());
      expect(sources.filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'", 'https://www.googletagmanager.com']);
    },
  );

  test('the banner is in the page’s language, with the site’s own words where site.json sets them', async () => {
    const en = await (await get(gtm, '/en')).text();
    const fi = await (await get(gtm, '/fi')).text();
    expect(en).toContain('>Before we measure anything</h2>');
    expect(en).toContain('>Yes to all</button>');
    expect(fi).toContain(`>${languageTable('fi').consent.acceptAll}</button>`);
    expect(fi).toContain(`>${languageTable('fi').consent.rejectAll}</button>`);
  });

  test('the banner links to the privacy page of the page’s locale', async () => {
    expect(await (await get(gtm, '/fi')).text()).toContain(`<a href="/fi/page-2">${languageTable('fi').consent.privacyLink}</a>`);
  });

  test('the footer of every page offers the cookie settings in the page’s language', async () => {
    expect(await (await get(gtm, '/en/page-1')).text()).toContain('>Privacy choices</button>');
    expect(await (await get(gtm, '/fi/page-1')).text()).toContain(`>${languageTable('fi').consent.footerLink}</button>`);
  });

  test('the edge serves every visitor the same page whatever they chose: nothing varies on cookies', async () => {
    const first = await get(gtm, '/en/page-2', { cookie: 'consent=granted' });
    const second = await get(gtm, '/en/page-2', { cookie: 'consent=denied; other=1' });
    expect(second.headers.get('x-edge-cache')).toBe('HIT');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await second.text()).toBe(await first.text());
    expect(first.headers.get('vary') ?? '').not.toMatch(/cookie/i);
    expect(first.headers.get('set-cookie')).toBeNull();
  });

  test('the page an outdated browser is sent to loads no tags and shows no banner', async () => {
    const html = await (await get(gtm, '/unsupported?lang=en')).text();
    expect(inlineScripts(html)).toEqual([]);
    expect(html).not.toContain('class="consent"');
  });
});
