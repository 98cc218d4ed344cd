import { describe, expect, test } from 'vitest';
import { anchoredPath, hasRefusedProtocol, isInternalPath, isSafeHref, isSafeRichTextHref, onOrigin } from '../../app/urls';

describe('link targets', () => {
  test.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'javascript%3Aalert(1)',
    '%6A%61%76%61%73%63%72%69%70%74:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'blob:https://example.com/uuid',
  ])('refuses %j', (href) => {
    expect(hasRefusedProtocol(href)).toBe(true);
    expect(isSafeHref(href)).toBe(false);
    expect(isSafeRichTextHref(href)).toBe(false);
  });

  test.each(['//evil.example', '/\\evil.example', '/ path', 'relative/path', ''])('does not take %j for an internal path', (href) => {
    expect(isInternalPath(href)).toBe(false);
  });

  test.each(['/', '/en/loans', '/en/loans?x=1#rates', 'https://blog.example.com/a', 'http://example.com'])(
    'accepts %j as a link',
    (href) => {
      expect(isSafeHref(href)).toBe(true);
    },
  );

  test('allows mailto: and tel: in rich text only', () => {
    expect(isSafeRichTextHref('mailto:help@example.com')).toBe(true);
    expect(isSafeRichTextHref('tel:+3725550000')).toBe(true);
    expect(isSafeHref('mailto:help@example.com')).toBe(false);
  });
});

describe('in-app hrefs on the site’s origin', () => {
  const ORIGIN = 'https://www.example.com';

  test.each([
    ['//evil.example/x', '/evil.example/x'],
    ['/\\evil.example/x', '/evil.example/x'],
    ['\\\\evil.example', '/evil.example'],
    ['/\t/evil.example', '/evil.example'],
    ['/a/..//evil.example/x', '/evil.example/x'],
    ['/a/%2e%2e//evil.example', '/evil.example'],
    ['@evil.example', '/@evil.example'],
    [':443@evil.example/x', '/:443@evil.example/x'],
    ['https://evil.example/x', '/https://evil.example/x'],
  ])('%j stays on the origin as %j', (href, path) => {
    const url = onOrigin(href, ORIGIN);
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toBe(path);
  });

  test('the query and hash are kept', () => {
    expect(onOrigin('/en/loans?x=1#rates', ORIGIN).href).toBe(`${ORIGIN}/en/loans?x=1#rates`);
  });

  test('an anchored path starts with exactly one slash', () => {
    expect(anchoredPath('')).toBe('/');
    expect(anchoredPath('/a/..//evil.example?q')).toBe('/evil.example?q');
  });
});
