import { describe, expect, test } from 'vitest';
import { createSubmissionKeys, newIdempotencyKey } from '../../../app/browser/idempotency-key';

describe('idempotency keys', () => {
  test('a key is a version 4 UUID, and the worker accepts its shape', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(key).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
  });

  test('two keys differ', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  test('sending the same answers again after a failure reuses the key; changed answers or a sent form get a new one', () => {
    let n = 0;
    const keys = createSubmissionKeys(() => `key-${++n}`);
    expect(keys.keyFor('{"name":"Mari"}')).toBe('key-1');
    expect(keys.keyFor('{"name":"Mari"}')).toBe('key-1');
    expect(keys.keyFor('{"name":"Mari M"}')).toBe('key-2');
    keys.sent();
    expect(keys.keyFor('{"name":"Mari M"}')).toBe('key-3');
  });
});
