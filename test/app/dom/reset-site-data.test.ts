import { describe, expect, test } from 'vitest';
import { resetSiteData } from '../../../app/dom/reset-site-data';
import { draftKey } from '../../../app/dom/site-storage';
import { CHUNK_RELOAD_KEY } from '../../../app/client/chunk-reload-guard';
import { fakeJar, fakeStorage, throwingGetter } from '../../support/fake-storage';

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
