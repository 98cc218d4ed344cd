/**
 * The path check against generated hostile paths: it never throws, and whatever it lets
 * through is a path every later policy and the router read the same way.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkRequestPath, splitRequestUrl } from '../../worker/request-path';
import { checkProperty, hostilePath } from '../support/property';

/** What workerd hands the worker: the URL as the URL parser serialises it. */
const asServed = (raw: string): string | null => {
  try {
    return new URL(`https://www.example.com${raw}`).pathname;
  } catch {
    return null;
  }
};

describe('the request path check, on generated hostile paths', () => {
  test('never throws and always answers ok, 400 or 404', () => {
    checkProperty(
      fc.property(hostilePath(), (raw) => {
        const verdict = checkRequestPath(raw);
        if (!verdict.ok) expect([400, 404]).toContain(verdict.status);
      }),
      { numRuns: 2000 },
    );
  });

  test('a path it lets through has no control character, backslash, dot segment or encoded separator', () => {
    checkProperty(
      fc.property(hostilePath(), (raw) => {
        const served = asServed(raw);
        if (served === null) return;
        const verdict = checkRequestPath(served);
        if (!verdict.ok) return;
        // eslint-disable-next-line no-control-regex -- control characters are what it looks for
        expect(verdict.path).not.toMatch(/[\u0000-\u001f\u007f\\]/);
        expect(verdict.path.split('/')).not.toContain('..');
        expect(verdict.path.split('/')).not.toContain('.');
        expect(served).not.toMatch(/%(2f|5c)/i);
        // Decoding again what Hono routes on gives the same path: the policies and the router agree.
        expect(decodeURIComponent(served)).toBe(verdict.path);
      }),
      { numRuns: 2000 },
    );
  });

  test('slicing the URL gives what the URL parser gives, for any hostile path and query', () => {
    checkProperty(
      fc.property(hostilePath(), fc.option(fc.string({ maxLength: 20 })), (raw, query) => {
        let url: URL;
        try {
          url = new URL(`https://www.example.com${raw}${query === null ? '' : `?${query}`}`);
        } catch {
          return;
        }
        expect(splitRequestUrl(url.href)).toEqual({ pathname: url.pathname, search: url.search });
      }),
      { numRuns: 2000 },
    );
  });
});
