import { describe, expect, test } from 'vitest';
import { withoutTrailingSlash } from '../../../app/content/paths';

describe("a page path's one URL", () => {
  test('a page path written with a trailing slash is the path without it', () => {
    expect(withoutTrailingSlash('/en/loans/')).toBe('/en/loans');
    expect(withoutTrailingSlash('/en/')).toBe('/en');
  });

  test.each(['/', '/en/loans', '/EN/', '/en//', '/a/b/c/d/e/f/g/h/i/'])('%s is not a page path with a trailing slash', (path) => {
    expect(withoutTrailingSlash(path)).toBeNull();
  });
});
