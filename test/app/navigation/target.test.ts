import { describe, expect, test } from 'vitest';
import { NavigationRefusedError, resolveNavigationTarget, targetUrl } from '../../../app/navigation/target';

const ORIGIN = 'https://www.example.com';
const HERE = `${ORIGIN}/en/loans`;

describe('navigateTo targets', () => {
  test.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    '\tjavascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    '\u0000javascript:alert(1)',
    '\u001fjavascript:alert(1)',
    'javascript%3Aalert(1)',
    '%6a%61%76%61%73%63%72%69%70%74%3aalert(1)',
    '%256a%2561vascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    ' data:,x',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'blob:https://www.example.com/1234-5678',
    'BLOB:https://www.example.com/1234',
    'javascript://www.example.com/%0Aalert(1)',
    'jav&#x09;ascript:alert(1)'.replace('&#x09;', '\t'),
  ])('refuses %j', (raw) => {
    expect(() => resolveNavigationTarget(raw, HERE, { external: true })).toThrow(NavigationRefusedError);
  });

  test('an external URL without permission throws', () => {
    expect(() => resolveNavigationTarget('https://evil.example/', HERE)).toThrow('needs { external: true }');
  });

  test.each(['//evil.example/x', '/\\evil.example', 'https://evil.example', 'mailto:a@example.com'])('%j counts as external', (raw) => {
    expect(() => resolveNavigationTarget(raw, HERE)).toThrow(NavigationRefusedError);
  });

  test('an external URL with permission is allowed', () => {
    expect(resolveNavigationTarget('https://blog.example.com/a', HERE, { external: true })).toEqual({
      kind: 'external',
      url: 'https://blog.example.com/a',
    });
  });

  test('same-origin URLs, relative or absolute, stay in the app', () => {
    expect(resolveNavigationTarget('/et/laenud?x=1#faq', HERE)).toEqual({
      kind: 'internal',
      path: '/et/laenud',
      search: '?x=1',
      hash: '#faq',
    });
    expect(resolveNavigationTarget('home-loan', HERE)).toMatchObject({ kind: 'internal', path: '/en/home-loan' });
    expect(resolveNavigationTarget('https://www.example.com/fi', HERE)).toMatchObject({ kind: 'internal', path: '/fi' });
  });

  test('a same-origin path whose dot segments leave `//evil.example` stays on the site', () => {
    const target = resolveNavigationTarget('/a/..//evil.example/x', HERE);
    expect(target).toEqual({ kind: 'internal', path: '/evil.example/x', search: '', hash: '' });
    // The path read again from the page, as the router used to: still this site.
    expect(target.kind === 'internal' && new URL(target.path, HERE).href).toBe(`${ORIGIN}/evil.example/x`);
  });

  test('the URL the router loads for an internal target is on the site even if the path begins with //', () => {
    expect(targetUrl({ kind: 'internal', path: '//evil.example/x', search: '?q=1', hash: '#h' }, ORIGIN).href).toBe(
      `${ORIGIN}/evil.example/x?q=1#h`,
    );
  });
});
