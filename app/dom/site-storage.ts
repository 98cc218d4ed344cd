/**
 * Everything the site keeps in this browser goes through here, so key spelling, the site
 * prefix and the version live in one place, and /reset-storage can find all of it again.
 *
 *   edge-site:v1:chunk-reload                 sessionStorage, app/client/chunk-reload-guard.ts
 *   edge-site:v1:draft:{path}:{formId}        localStorage, app/dom/form-drafts.ts
 *   edge-site:v1:consent                      localStorage, app/dom/consent.ts (read by an inline script too)
 *
 * A page-scoped key is `{prefix}{version}:{kind}:{path}:{rest}` with `path` starting with
 * '/' (content paths never contain ':'), which is how removal "by slug" finds a page's keys,
 * whatever their kind or version.
 *
 * Storage is never trusted: merely reading `window.localStorage` throws in some private
 * modes (SecurityError), writes throw on quota, and values may be anything another tab, an
 * extension or an older build left there. Every function here swallows that and reports
 * what it could do; none of them throws.
 */

export const SITE_STORAGE_PREFIX = 'edge-site:';
export const SITE_STORAGE_VERSION = 'v1';
/** `edge-site:v1:` — the namespace of the keys this build writes. */
export const SITE_STORAGE_NAMESPACE = `${SITE_STORAGE_PREFIX}${SITE_STORAGE_VERSION}:`;

/** A getter rather than a Storage: touching `window.localStorage` itself can throw. */
export type StorageGetter = () => Storage | null | undefined;

export const localStore: StorageGetter = () => globalThis.localStorage;
export const sessionStore: StorageGetter = () => globalThis.sessionStorage;

/** The Storage behind a getter, or null when there is none or it cannot be had. */
export function openStorage(get: StorageGetter): Storage | null {
  try {
    const storage = get();
    return storage && typeof storage.getItem === 'function' ? storage : null;
  } catch {
    return null;
  }
}

/** A key in this build's namespace: siteKey('draft', '/en/contact', 'contact'). */
export function siteKey(...parts: string[]): string {
  return SITE_STORAGE_NAMESPACE + parts.join(':');
}

/**
 * A page path as keys spell it: leading '/', no trailing '/', no query or hash. Paths are
 * lowercase by the content contract; a slug typed with capitals still finds its keys.
 */
export function normalizePath(path: string): string {
  let p = path.split(/[?#]/)[0] ?? '';
  p = p.trim().toLowerCase();
  if (!p.startsWith('/')) p = `/${p}`;
  p = p.replace(/\/{2,}/g, '/');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}

export function draftKey(path: string, formId: string): string {
  return siteKey('draft', normalizePath(path), formId);
}

export function isSiteKey(key: string): boolean {
  return key.startsWith(SITE_STORAGE_PREFIX);
}

export interface ParsedSiteKey {
  version: string;
  /** 'draft', 'chunk-reload', ... */
  kind: string;
  /** for page-scoped keys */
  path?: string;
  /** what follows the path, e.g. the form id of a draft */
  rest?: string;
}

/** Reads a site key back into its parts; null for keys that are not the site's. */
export function parseSiteKey(key: string): ParsedSiteKey | null {
  if (!isSiteKey(key)) return null;
  const body = key.slice(SITE_STORAGE_PREFIX.length);
  const firstColon = body.indexOf(':');
  if (firstColon <= 0) return { version: body, kind: '' };
  const version = body.slice(0, firstColon);
  const afterVersion = body.slice(firstColon + 1);
  const secondColon = afterVersion.indexOf(':');
  if (secondColon === -1) return { version, kind: afterVersion };
  const kind = afterVersion.slice(0, secondColon);
  const scoped = afterVersion.slice(secondColon + 1);
  if (!scoped.startsWith('/')) return { version, kind, rest: scoped };
  const pathEnd = scoped.indexOf(':');
  return pathEnd === -1
    ? { version, kind, path: scoped }
    : { version, kind, path: scoped.slice(0, pathEnd), rest: scoped.slice(pathEnd + 1) };
}

/** True for the site's keys that belong to one page (any kind, any version). */
export function belongsToPath(key: string, path: string): boolean {
  const parsed = parseSiteKey(key);
  return parsed?.path !== undefined && parsed.path === normalizePath(path);
}

/** All keys in a storage, or [] when it cannot be read. A key() that throws midway keeps what was read. */
export function allKeys(get: StorageGetter): string[] {
  const storage = openStorage(get);
  if (!storage) return [];
  const keys: string[] = [];
  try {
    const length = Number(storage.length);
    for (let i = 0; i < length && Number.isFinite(length); i++) {
      const key = storage.key(i);
      if (typeof key === 'string') keys.push(key);
    }
  } catch {
    // Partial listing: better than none.
  }
  return keys;
}

/** Keys starting with `prefix` (the site prefix unless given). */
export function listKeys(get: StorageGetter, prefix: string = SITE_STORAGE_PREFIX): string[] {
  return allKeys(get).filter((key) => key.startsWith(prefix));
}

/** The site's keys that belong to one page path. */
export function listKeysForPath(get: StorageGetter, path: string): string[] {
  return allKeys(get).filter((key) => belongsToPath(key, path));
}

export interface RemovalResult {
  removed: string[];
  /** keys that were listed but are still there after removal */
  failed: string[];
}

/** Removes the given keys; says which went and which stayed. */
export function removeKeys(get: StorageGetter, keys: readonly string[]): RemovalResult {
  const storage = openStorage(get);
  if (!storage || keys.length === 0) return { removed: [], failed: [...keys] };
  const removed: string[] = [];
  const failed: string[] = [];
  for (const key of keys) {
    try {
      storage.removeItem(key);
      if (storage.getItem(key) === null) removed.push(key);
      else failed.push(key);
    } catch {
      failed.push(key);
    }
  }
  return { removed, failed };
}

/** Removes every key with `prefix` (the site prefix unless given). */
export function removeKeysByPrefix(get: StorageGetter, prefix: string = SITE_STORAGE_PREFIX): RemovalResult {
  return removeKeys(get, listKeys(get, prefix));
}

/** Removes the site's keys that belong to one page path. */
export function removeKeysForPath(get: StorageGetter, path: string): RemovalResult {
  return removeKeys(get, listKeysForPath(get, path));
}

export function readRaw(get: StorageGetter, key: string): string | null {
  const storage = openStorage(get);
  if (!storage) return null;
  try {
    const value = storage.getItem(key);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** A stored JSON value, or undefined when there is none, storage fails or the text is not JSON. */
export function readJson(get: StorageGetter, key: string): unknown {
  const raw = readRaw(get, key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** Stores a JSON value; false when it could not be written (quota, private mode, no storage). */
export function writeJson(get: StorageGetter, key: string, value: unknown): boolean {
  const storage = openStorage(get);
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeKey(get: StorageGetter, key: string): boolean {
  const storage = openStorage(get);
  if (!storage) return false;
  try {
    storage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}
