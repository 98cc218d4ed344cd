/**
 * Browser storage for tests outside a browser: a Storage over a Map that can be told to throw
 * like a browser in private mode, and a cookie jar that honours path, domain and expiry.
 */
import type { CookieJar } from '../../app/dom/site-cookies';

/** A Map-backed Storage; `fail` makes the named methods throw like a browser in private mode. */
export function fakeStorage(
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

export const throwingGetter = () => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

/** A cookie jar that understands name=value and expiry by `max-age=0`, per path (like a browser, roughly). */
export function fakeJar(
  initial: Array<{ name: string; value: string; path?: string; domain?: string }>,
): CookieJar & { jar: typeof initial } {
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
