import { describe, expect, test } from 'vitest';
import { requestIdOf } from '../../worker/request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the request id', () => {
  test('a cf-ray in Cloudflare’s shape is the request id', () => {
    expect(requestIdOf('8f2d3c4b5a6e7f80-AMS')).toBe('8f2d3c4b5a6e7f80-AMS');
  });

  test.each([
    ['missing', undefined],
    ['600 characters', 'a'.repeat(600)],
    ['markup', '<script>alert(1)</script>'],
    ['a KV key path', '../forms/x'],
    ['uppercase hex', '8F2D3C4B5A6E7F80-AMS'],
    ['a trailing newline', '8f2d3c4b5a6e7f80-AMS\n'],
  ])('a cf-ray that is %s is replaced by a fresh id', (_what, value) => {
    const id = requestIdOf(value);
    expect(id).toMatch(UUID);
  });
});
