import { describe, expect, test } from 'vitest';
import { CHUNK_RELOAD_KEY } from '../../../app/client/chunk-reload-guard';
import {
  SITE_STORAGE_NAMESPACE,
  SITE_STORAGE_PREFIX,
  belongsToPath,
  draftKey,
  listKeys,
  listKeysForPath,
  normalizePath,
  parseSiteKey,
  readJson,
  removeKeysByPrefix,
  removeKeysForPath,
  siteKey,
  writeJson,
} from '../../../app/dom/site-storage';
import { fakeStorage, throwingGetter } from '../../support/fake-storage';

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
