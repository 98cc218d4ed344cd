/**
 * The path check against generated hostile paths: it never throws, and whatever it lets
 * through is a path every later policy and the router read the same way.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_REQUEST_PATH_CHARS } from '../../app/constants';
import { checkRequestPath, splitRequestUrl, type PathVerdict } from '../../worker/request-path';
import { checkProperty, hostilePath } from '../support/property';

/** What workerd hands the worker: the URL as the URL parser serialises it. */
const asServed = (raw: string): string | null => {
  try {
    return new URL(`https://www.example.com${raw}`).pathname;
  } catch {
    return null;
  }
};

/** The check as first written: decode every path, split it into segments. The fast one must agree. */
function plainReading(raw: string): PathVerdict {
  if (raw.length > MAX_REQUEST_PATH_CHARS) return { ok: false, status: 404, reason: 'path too long to be a page' };
  if (/%(?:2f|5c)/i.test(raw)) return { ok: false, status: 400, reason: 'encoded slash or backslash in path' };
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return { ok: false, status: 400, reason: 'malformed percent-encoding' };
  }
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (/[\u0000-\u001f\u007f]/.test(path)) return { ok: false, status: 400, reason: 'control character in path' };
  if (path.includes('\\')) return { ok: false, status: 400, reason: 'backslash in path' };
  if (path.split('/').some((s) => s === '.' || s === '..')) return { ok: false, status: 400, reason: 'dot segment in path' };
  return { ok: true, path };
}

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

  test('answers what the plain reading answers (decode every path, split it into segments), reason included', () => {
    checkProperty(
      fc.property(
        fc.oneof(hostilePath(), fc.constantFrom('/.', '/..', '/a/./b', '/a/../b', '/a/.b', '/a/b.', '/a..b/', '/...', '.', '..')),
        (raw) => {
          expect(checkRequestPath(raw)).toEqual(plainReading(raw));
        },
      ),
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
