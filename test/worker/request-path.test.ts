import { describe, expect, test } from 'vitest';
import { checkRequestPath, splitRequestUrl } from '../../worker/request-path';

describe('request paths', () => {
  test.each([
    ['/..%2f..%2fbuilds/latest.json', 400],
    ['/%00', 400],
    ['/en%00/x', 400],
    ['/%C0%AE', 400],
    ['/%C0%AE%C0%AE/etc/passwd', 400],
    ['/%0d%0aSet-Cookie:x=1', 400],
    ['/a%5cb', 400],
    ['/_app%2Fhealth', 400],
    ['/_app%2fhealth', 400],
    ['/en%5Cpage', 400],
    ['/%2e%2e/secret', 400],
    ['/%E0%A4%A', 400],
    ['/' + 'a'.repeat(10_000), 404],
  ])('%s is refused with %i', (path, status) => {
    const verdict = checkRequestPath(path);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.status).toBe(status);
  });

  test.each(['/', '/en', '/et/laenud/kodulaen', '/%D0%BA%D1%80%D0%B5%D0%B4%D0%B8%D1%82'])('%s is decoded and passed on', (path) => {
    const verdict = checkRequestPath(path);
    expect(verdict.ok).toBe(true);
  });

  test('an encoded percent sign is only a character: /a%252Fb is the path /a%2Fb, one segment', () => {
    expect(checkRequestPath('/a%252Fb')).toEqual({ ok: true, path: '/a%2Fb' });
  });

  test.each([
    'https://example.com/',
    'https://example.com/en/loans?x=1&y=2',
    'https://example.com/en?',
    'https://example.com/?a=1#frag',
    'https://example.com/a#x?y',
    'http://127.0.0.1:8787/%D0%BA/%2e%2e?q=%00',
    'https://example.com',
    'https://user:pw@example.com:8443/a/b/?c=d',
  ])('the path and query of %s are what the URL parser gives', (url) => {
    const parsed = new URL(url);
    expect(splitRequestUrl(parsed.href)).toEqual({ pathname: parsed.pathname, search: parsed.search });
  });
});
