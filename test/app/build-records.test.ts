import { describe, expect, test } from 'vitest';
import { BuildIndex } from '../../app/build-records';

const HASH = 'a'.repeat(64);
const index = (pages: unknown) => ({
  id: '0123456789abcdef',
  pages,
  chrome: {},
  defaultLocale: 'en',
  csp: { scriptHashes: [], connectOrigins: [] },
});

describe("a build index's pages", () => {
  test('map each page path to the 64-hex hash of its payload', () => {
    expect(BuildIndex.parse(index({ '/en': HASH, '/en/a': HASH })).pages).toEqual({ '/en': HASH, '/en/a': HASH });
  });

  test.each([
    ['a hash of another length', { '/en': 'a'.repeat(63) }],
    ['a hash with capitals', { '/en': 'A'.repeat(64) }],
    ['a hash that is not a string', { '/en': 1 }],
    ['a list instead of a map', [HASH]],
    ['null', null],
  ])('refuse %s, with a message that says what a page maps to', (_, pages) => {
    const result = BuildIndex.safeParse(index(pages));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Must map each page path to a 64-hex payload hash');
  });

  test('keep a path spelled like an Object.prototype member as a plain page', () => {
    const pages = JSON.parse(`{"__proto__": "${HASH}", "constructor": "${HASH}"}`) as unknown;
    const parsed = BuildIndex.parse(index(pages)).pages;
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });
});
