import { describe, expect, test } from 'vitest';
import { checkRequestPath } from '../../worker/request-path';

describe('request paths', () => {
  test.each([
    ['/..%2f..%2fbuilds/latest.json', 400],
    ['/%00', 400],
    ['/en%00/x', 400],
    ['/%C0%AE', 400],
    ['/%C0%AE%C0%AE/etc/passwd', 400],
    ['/%0d%0aSet-Cookie:x=1', 400],
    ['/a%5cb', 400],
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
});
