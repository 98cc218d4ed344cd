import { describe, expect, test, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, createChunkReloadGuard, isChunkLoadError } from '../../../app/client/chunk-reload-guard';
import { CHUNK_RELOAD_GUARD_MS } from '../../../app/constants';

class MapStorage implements Storage {
  readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
}

/** A clock and one storage shared by every page of a tab, like sessionStorage across reloads. */
function setup(storage: () => Storage | null | undefined = sharedStorage(new MapStorage())) {
  let time = 1_000_000;
  const reload = vi.fn();
  const options = { storage, now: () => time, reload };
  return {
    reload,
    advance: (ms: number) => (time += ms),
    /** A fresh guard, as after a real reload: only storage carries over. */
    newPage: () => createChunkReloadGuard(options),
  };
}

function sharedStorage(storage: Storage) {
  return () => storage;
}

describe('reloading on a failed chunk', () => {
  test('the first failure reloads to the given path', () => {
    const { reload, newPage } = setup();
    expect(newPage().handleChunkError('/en/loans')).toBe('reloaded');
    expect(reload).toHaveBeenCalledWith('/en/loans');
  });

  test('a chunk that keeps failing on the same path reloads once, then is suppressed until the window ends', () => {
    const { reload, advance, newPage } = setup();
    expect(newPage().handleChunkError('/en')).toBe('reloaded');
    advance(500);
    expect(newPage().handleChunkError('/en')).toBe('suppressed');
    advance(CHUNK_RELOAD_GUARD_MS - 501);
    expect(newPage().handleChunkError('/en')).toBe('suppressed');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('the same path reloads again 10 001 ms after the first reload', () => {
    const { reload, advance, newPage } = setup();
    newPage().handleChunkError('/en');
    advance(CHUNK_RELOAD_GUARD_MS + 1);
    expect(newPage().handleChunkError('/en')).toBe('reloaded');
    expect(reload).toHaveBeenCalledTimes(2);
  });

  test('a failure on another path reloads at once', () => {
    const { reload, advance, newPage } = setup();
    newPage().handleChunkError('/en');
    advance(1);
    expect(newPage().handleChunkError('/et')).toBe('reloaded');
    expect(reload).toHaveBeenLastCalledWith('/et');
  });

  test('a suppressed failure does not extend the window', () => {
    const { advance, newPage } = setup();
    newPage().handleChunkError('/en');
    advance(9_000);
    newPage().handleChunkError('/en');
    advance(1_001);
    expect(newPage().handleChunkError('/en')).toBe('reloaded');
  });

  test('the marker is stored as JSON under the versioned key', () => {
    const storage = new MapStorage();
    setup(sharedStorage(storage)).newPage().handleChunkError('/en');
    const stored = storage.getItem(CHUNK_RELOAD_KEY);
    expect(JSON.parse(stored ?? 'null')).toEqual({ path: '/en', expires: 1_000_000 + CHUNK_RELOAD_GUARD_MS });
  });

  test('a custom key and window are honoured', () => {
    const storage = new MapStorage();
    let time = 0;
    const guard = createChunkReloadGuard({ storage: () => storage, now: () => time, reload: vi.fn(), key: 'k', windowMs: 50 });
    guard.handleChunkError('/');
    expect(storage.getItem('k')).not.toBeNull();
    time = 49;
    expect(guard.handleChunkError('/')).toBe('suppressed');
    time = 50;
    expect(guard.handleChunkError('/')).toBe('reloaded');
  });
});

describe('unusable storage', () => {
  const refuse = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };

  test('a storage getter that throws holds back without reloading', () => {
    const { reload, newPage } = setup(refuse);
    expect(newPage().handleChunkError('/en')).toBe('suppressed');
    expect(reload).not.toHaveBeenCalled();
  });

  test('a missing storage holds back without reloading', () => {
    const { reload, newPage } = setup(() => null);
    expect(newPage().handleChunkError('/en')).toBe('suppressed');
    expect(reload).not.toHaveBeenCalled();
  });

  test('a storage whose getItem and setItem throw holds back without reloading', () => {
    const storage = new MapStorage();
    storage.getItem = storage.setItem = refuse;
    const { reload, newPage } = setup(sharedStorage(storage));
    expect(newPage().handleChunkError('/en')).toBe('suppressed');
    expect(reload).not.toHaveBeenCalled();
  });

  test('setItem throwing (quota exceeded) holds back without reloading', () => {
    const storage = new MapStorage();
    storage.setItem = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
    const { reload, newPage } = setup(sharedStorage(storage));
    expect(newPage().handleChunkError('/en')).toBe('suppressed');
    expect(reload).not.toHaveBeenCalled();
  });

  test('getItem throwing holds back without reloading, since the marker cannot be read after the reload', () => {
    const storage = new MapStorage();
    storage.getItem = refuse;
    const { reload, newPage } = setup(sharedStorage(storage));
    expect(newPage().handleChunkError('/en')).toBe('suppressed');
    expect(reload).not.toHaveBeenCalled();
  });

  test('a storage whose setItem silently keeps nothing holds back without reloading', () => {
    const storage = new MapStorage();
    storage.setItem = () => {};
    const { reload, newPage } = setup(sharedStorage(storage));
    expect(newPage().handleChunkError('/en')).toBe('suppressed');
    expect(reload).not.toHaveBeenCalled();
  });

  test('a file gone for good never reloads when storage throws, however many pages load', () => {
    const { reload, advance, newPage } = setup(refuse);
    for (let load = 0; load < 5; load++) {
      newPage().handleChunkError('/en');
      advance(200);
    }
    expect(reload).not.toHaveBeenCalled();
  });

  test.each([
    ['not JSON', '{oops'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['a marker without a path', '{"expires":99999999999999}'],
    ['a marker with a string expiry', '{"path":"/en","expires":"soon"}'],
    ['a marker expiring far beyond one window', JSON.stringify({ path: '/en', expires: 1_000_000 + 365 * 86_400_000 })],
  ])('a stored %s is treated as no marker', (_label, raw) => {
    const storage = new MapStorage();
    storage.setItem(CHUNK_RELOAD_KEY, raw);
    const reload = vi.fn();
    const guard = createChunkReloadGuard({ storage: () => storage, now: () => 1_000_000, reload });
    expect(guard.handleChunkError('/en')).toBe('reloaded');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('recognising chunk load errors', () => {
  test.each([
    ['Chrome', new TypeError('Failed to fetch dynamically imported module: https://example.com/assets/page-abc.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: https://example.com/assets/page-abc.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['Vite CSS preload', new Error('Unable to preload CSS for /assets/page-abc.css')],
    ['webpack', Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' })],
    ['webpack CSS', new Error('Loading CSS chunk 7 failed.')],
    ['a ChunkLoadError by name alone', { name: 'ChunkLoadError', message: '' }],
    ['a wrapped chunk error', new Error('Route failed', { cause: new TypeError('Importing a module script failed.') })],
    ['a bare message string', 'Failed to fetch dynamically imported module: /a.js'],
  ])('%s is a chunk load error', (_label, error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  test.each([
    ['a plain network failure', new TypeError('Failed to fetch')],
    ['a render error', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a syntax error in a module', new SyntaxError("Importing binding name 'x' is not found.")],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['an object without a message', {}],
  ])('%s is not a chunk load error', (_label, error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });

  test('a cause cycle does not loop forever', () => {
    const error = new Error('outer') as Error & { cause?: unknown };
    error.cause = error;
    expect(isChunkLoadError(error)).toBe(false);
  });
});
