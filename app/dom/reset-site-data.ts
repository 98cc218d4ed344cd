/**
 * What /reset-storage removes: the site's keys in both storages and, without a page, the
 * cookies script can see; reported item by item, so the page can say what could not go.
 */
import { removeCookies, type CookieJar, type CookieScope } from './site-cookies';
import { localStore, openStorage, removeKeysByPrefix, removeKeysForPath, sessionStore, type StorageGetter } from './site-storage';

export type StoreName = 'localStorage' | 'sessionStorage' | 'cookie';

export interface StoredItem {
  store: StoreName;
  /** a storage key, or a cookie's name */
  key: string;
}

export interface ResetReport {
  removed: StoredItem[];
  failed: StoredItem[];
  /** false when neither localStorage nor sessionStorage could be opened */
  storageAvailable: boolean;
}

export interface ResetOptions {
  /** a page path: remove only that page's keys (no cookies); absent: remove everything */
  slug?: string;
  local?: StorageGetter;
  session?: StorageGetter;
  /** `document` in the browser; cookies are left alone when absent */
  cookies?: CookieJar | null;
  cookieScope?: CookieScope;
}

/**
 * What /reset-storage does: everything the site stored (both storages under the site
 * prefix, every version, and the cookies script can see), or with a slug only that page's
 * keys. Reports what went and what could not be removed.
 */
export function resetSiteData(options: ResetOptions = {}): ResetReport {
  const stores: [StoreName, StorageGetter][] = [
    ['localStorage', options.local ?? localStore],
    ['sessionStorage', options.session ?? sessionStore],
  ];
  const removed: StoredItem[] = [];
  const failed: StoredItem[] = [];
  let storageAvailable = false;
  for (const [store, get] of stores) {
    if (openStorage(get)) storageAvailable = true;
    const result = options.slug === undefined ? removeKeysByPrefix(get) : removeKeysForPath(get, options.slug);
    removed.push(...result.removed.map((key) => ({ store, key })));
    failed.push(...result.failed.map((key) => ({ store, key })));
  }
  if (options.slug === undefined && options.cookies) {
    const result = removeCookies(options.cookies, options.cookieScope);
    removed.push(...result.removed.map((key) => ({ store: 'cookie' as const, key })));
    failed.push(...result.failed.map((key) => ({ store: 'cookie' as const, key })));
  }
  return { removed, failed, storageAvailable };
}
