import { describe, expect, test } from 'vitest';
import { CHUNK_RELOAD_KEY } from '../../../app/client/chunk-reload-guard';
import {
  SITE_STORAGE_NAMESPACE,
  SITE_STORAGE_PREFIX,
  belongsToPath,
  cookieNames,
  draftKey,
  listKeys,
  listKeysForPath,
  normalizePath,
  parseSiteKey,
  readJson,
  removeCookies,
  removeKeysByPrefix,
  removeKeysForPath,
  resetSiteData,
  siteKey,
  writeJson,
  type CookieJar,
} from '../../../app/client/site-storage';

/** A Map-backed Storage; `fail` makes the named methods throw like a browser in private mode. */
function fakeStorage(
  entries: Record<string, string> = {},
  fail: Partial<Record<'getItem' | 'setItem' | 'removeItem' | 'key' | 'length', boolean>> = {},
): Storage {
  const map = new Map(Object.entries(entries));
  const boom = (what: string) => {
    throw new DOMException(`${what} refused`, what === 'setItem' ? 'QuotaExceededError' : 'SecurityError');
  };
  return {
    get length() {
      if (fail.length) boom('length');
      return map.size;
    },
    key(i: number) {
      if (fail.key) boom('key');
      return [...map.keys()][i] ?? null;
    },
    getItem(k: string) {
      if (fail.getItem) boom('getItem');
      return map.has(k) ? map.get(k)! : null;
    },
    setItem(k: string, v: string) {
      if (fail.setItem) boom('setItem');
      map.set(k, String(v));
    },
    removeItem(k: string) {
      if (fail.removeItem) boom('removeItem');
      map.delete(k);
    },
    clear() {
      map.clear();
    },
  };
}

const throwingGetter = () => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

/** A cookie jar that understands name=value and expiry by `max-age=0`, per path (like a browser, roughly). */
function fakeJar(initial: Array<{ name: string; value: string; path?: string; domain?: string }>): CookieJar & { jar: typeof initial } {
  const jar = initial.map((c) => ({ path: '/', ...c }));
  return {
    jar,
    get cookie() {
      return jar.map((c) => `${c.name}=${c.value}`).join('; ');
    },
    set cookie(text: string) {
      const [pair, ...attrs] = text.split(';').map((s) => s.trim());
      const name = pair!.slice(0, pair!.indexOf('='));
      const attr = (n: string) => attrs.find((a) => a.toLowerCase().startsWith(`${n}=`))?.split('=')[1];
      const path = attr('path') ?? '/';
      const domain = attr('domain');
      if (attr('max-age') === '0') {
        const i = jar.findIndex((c) => c.name === name && c.path === path && c.domain === domain);
        if (i !== -1) jar.splice(i, 1);
      }
    },
  };
}

describe('key spelling', () => {
  test('keys carry the site prefix and the version', () => {
    expect(SITE_STORAGE_PREFIX).toBe('edge-site:');
    expect(SITE_STORAGE_NAMESPACE).toBe('edge-site:v1:');
    expect(siteKey('chunk-reload')).toBe(CHUNK_RELOAD_KEY);
    expect(draftKey('/en/contact', 'contact')).toBe('edge-site:v1:draft:/en/contact:contact');
  });

  test('paths are normalised so a slug finds its page keys', () => {
    expect(normalizePath('/en/contact/')).toBe('/en/contact');
    expect(normalizePath('en/contact')).toBe('/en/contact');
    expect(normalizePath('/EN/Contact?x=1#f')).toBe('/en/contact');
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('/')).toBe('/');
    expect(draftKey('/et/kontakt/', 'contact')).toBe(draftKey('/et/kontakt', 'contact'));
  });

  test('parses keys back, page-scoped or not', () => {
    expect(parseSiteKey('edge-site:v1:draft:/en/contact:contact')).toEqual({
      version: 'v1',
      kind: 'draft',
      path: '/en/contact',
      rest: 'contact',
    });
    expect(parseSiteKey(CHUNK_RELOAD_KEY)).toEqual({ version: 'v1', kind: 'chunk-reload' });
    expect(parseSiteKey('edge-site:v0:draft:/:contact')).toEqual({ version: 'v0', kind: 'draft', path: '/', rest: 'contact' });
    expect(parseSiteKey('other:v1:draft:/en:x')).toBeNull();
  });

  test('a key belongs to exactly its own path, not to a parent or a sibling with the same start', () => {
    const key = draftKey('/en/contact', 'contact');
    expect(belongsToPath(key, '/en/contact')).toBe(true);
    expect(belongsToPath(key, '/en/contact/')).toBe(true);
    expect(belongsToPath(key, '/en')).toBe(false);
    expect(belongsToPath(key, '/en/con')).toBe(false);
    expect(belongsToPath(draftKey('/en/contact-us', 'contact'), '/en/contact')).toBe(false);
    expect(belongsToPath(CHUNK_RELOAD_KEY, '/en/contact')).toBe(false);
    expect(belongsToPath('other:v1:draft:/en/contact:contact', '/en/contact')).toBe(false);
  });
});

describe('listing and removal', () => {
  const seed = () =>
    fakeStorage({
      [draftKey('/en/contact', 'contact')]: '{}',
      [draftKey('/en/contact', 'newsletter')]: '{}',
      [draftKey('/et/kontakt', 'contact')]: '{}',
      'edge-site:v0:draft:/en/contact:contact': '{}',
      [CHUNK_RELOAD_KEY]: '{}',
      'someone-else': 'keep',
      'edge-sitemap': 'keep',
    });

  test('lists the site keys by prefix, leaving others alone', () => {
    const s = seed();
    expect(listKeys(() => s).sort()).toEqual(
      [
        draftKey('/en/contact', 'contact'),
        draftKey('/en/contact', 'newsletter'),
        draftKey('/et/kontakt', 'contact'),
        'edge-site:v0:draft:/en/contact:contact',
        CHUNK_RELOAD_KEY,
      ].sort(),
    );
    expect(listKeys(() => s, 'edge-site:v1:draft:')).toHaveLength(3);
  });

  test('removes by prefix and reports what went', () => {
    const s = seed();
    const result = removeKeysByPrefix(() => s);
    expect(result.removed).toHaveLength(5);
    expect(result.failed).toEqual([]);
    expect(listKeys(() => s)).toEqual([]);
    expect(s.getItem('someone-else')).toBe('keep');
    expect(s.getItem('edge-sitemap')).toBe('keep');
  });

  test('lists and removes only one slug’s keys (any version, any form)', () => {
    const s = seed();
    expect(listKeysForPath(() => s, '/en/contact').sort()).toEqual(
      [draftKey('/en/contact', 'contact'), draftKey('/en/contact', 'newsletter'), 'edge-site:v0:draft:/en/contact:contact'].sort(),
    );
    const result = removeKeysForPath(() => s, '/en/contact');
    expect(result.removed).toHaveLength(3);
    expect(s.getItem(draftKey('/et/kontakt', 'contact'))).toBe('{}');
    expect(s.getItem(CHUNK_RELOAD_KEY)).toBe('{}');
    expect(s.length).toBe(4);
  });

  test('storage that cannot be opened lists nothing and removes nothing, without throwing', () => {
    expect(listKeys(throwingGetter)).toEqual([]);
    expect(listKeys(() => null)).toEqual([]);
    expect(removeKeysByPrefix(throwingGetter)).toEqual({ removed: [], failed: [] });
    expect(removeKeysForPath(() => undefined, '/en')).toEqual({ removed: [], failed: [] });
  });

  test('a storage whose methods throw is reported, not thrown', () => {
    const lengthFails = fakeStorage({ [CHUNK_RELOAD_KEY]: '{}' }, { length: true });
    expect(listKeys(() => lengthFails)).toEqual([]);
    const removeFails = fakeStorage({ [CHUNK_RELOAD_KEY]: '{}', [draftKey('/en', 'a')]: '{}' }, { removeItem: true });
    const result = removeKeysByPrefix(() => removeFails);
    expect(result.removed).toEqual([]);
    expect(result.failed.sort()).toEqual([CHUNK_RELOAD_KEY, draftKey('/en', 'a')].sort());
  });
});

describe('JSON values', () => {
  test('round-trips values', () => {
    const s = fakeStorage();
    expect(writeJson(() => s, 'edge-site:v1:x', { a: 1 })).toBe(true);
    expect(readJson(() => s, 'edge-site:v1:x')).toEqual({ a: 1 });
  });

  test('garbage, missing values and throwing storage read as undefined', () => {
    const s = fakeStorage({ bad: '{not json', empty: '' });
    expect(readJson(() => s, 'bad')).toBeUndefined();
    expect(readJson(() => s, 'empty')).toBeUndefined();
    expect(readJson(() => s, 'missing')).toBeUndefined();
    expect(readJson(throwingGetter, 'x')).toBeUndefined();
    expect(readJson(() => fakeStorage({ x: '1' }, { getItem: true }), 'x')).toBeUndefined();
  });

  test('a full or refused storage makes writes return false', () => {
    expect(writeJson(() => fakeStorage({}, { setItem: true }), 'k', 1)).toBe(false);
    expect(writeJson(throwingGetter, 'k', 1)).toBe(false);
  });
});

describe('cookies', () => {
  test('reads cookie names, ignoring blanks and duplicates', () => {
    expect(cookieNames({ cookie: 'a=1; b=2;  ; a=3; flag' })).toEqual(['a', 'b', 'flag']);
    expect(cookieNames({ cookie: '' })).toEqual([]);
    expect(cookieNames(null)).toEqual([]);
    const throwing = {
      get cookie(): string {
        throw new DOMException('sandboxed', 'SecurityError');
      },
    };
    expect(cookieNames(throwing)).toEqual([]);
  });

  test('expires each cookie for "/" and the current path and reports the result', () => {
    const jar = fakeJar([
      { name: 'consent', value: 'yes' },
      { name: 'here', value: '1', path: '/reset-storage' },
      { name: 'wide', value: '1', domain: 'example.com' },
      { name: 'elsewhere', value: '1', path: '/en/loans' },
    ]);
    const result = removeCookies(jar, { path: '/reset-storage', hostname: 'www.example.com' });
    expect(result.removed.sort()).toEqual(['consent', 'here', 'wide']);
    expect(result.failed).toEqual(['elsewhere']);
    expect(jar.jar.map((c) => c.name)).toEqual(['elsewhere']);
  });
});

describe('resetSiteData', () => {
  test('without a slug: all site keys in both storages and the cookies', () => {
    const local = fakeStorage({ [draftKey('/en/contact', 'contact')]: '{}', other: 'keep' });
    const session = fakeStorage({ [CHUNK_RELOAD_KEY]: '{}', 'edge-site:v1:misc': 'x' });
    const jar = fakeJar([{ name: 'consent', value: 'yes' }]);
    const report = resetSiteData({ local: () => local, session: () => session, cookies: jar, cookieScope: { path: '/reset-storage' } });
    expect(report.storageAvailable).toBe(true);
    expect(report.failed).toEqual([]);
    expect(report.removed).toEqual([
      { store: 'localStorage', key: draftKey('/en/contact', 'contact') },
      { store: 'sessionStorage', key: CHUNK_RELOAD_KEY },
      { store: 'sessionStorage', key: 'edge-site:v1:misc' },
      { store: 'cookie', key: 'consent' },
    ]);
    expect(local.getItem('other')).toBe('keep');
  });

  test('with a slug: only that page’s keys, cookies untouched', () => {
    const local = fakeStorage({ [draftKey('/en/contact', 'contact')]: '{}', [draftKey('/et/kontakt', 'contact')]: '{}' });
    const session = fakeStorage({ [CHUNK_RELOAD_KEY]: '{}' });
    const jar = fakeJar([{ name: 'consent', value: 'yes' }]);
    const report = resetSiteData({ slug: '/en/contact', local: () => local, session: () => session, cookies: jar });
    expect(report.removed).toEqual([{ store: 'localStorage', key: draftKey('/en/contact', 'contact') }]);
    expect(local.length).toBe(1);
    expect(session.length).toBe(1);
    expect(jar.jar).toHaveLength(1);
  });

  test('throwing storages report "not available" instead of breaking', () => {
    const report = resetSiteData({ local: throwingGetter, session: throwingGetter, cookies: null });
    expect(report).toEqual({ removed: [], failed: [], storageAvailable: false });
  });
});
