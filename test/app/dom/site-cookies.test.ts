import { describe, expect, test } from 'vitest';
import { cookieNames, removeCookies } from '../../../app/dom/site-cookies';
import { fakeJar } from '../../support/fake-storage';

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
