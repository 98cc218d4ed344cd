import { describe, expect, test } from 'vitest';
import {
  createSubmissionKeys,
  isIdempotencyKey,
  newIdempotencyKey,
  type PendingSubmission,
  type SubmissionKeyStore,
} from '../../../app/dom/idempotency-key';

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

  describe('with a store, so the key survives a reload', () => {
    function memoryStore(initial: unknown = null): SubmissionKeyStore & { saved: unknown } {
      const store = {
        saved: initial,
        load: () => store.saved as PendingSubmission | null,
        save: (pending: PendingSubmission | null) => void (store.saved = pending && { ...pending }),
      };
      return store;
    }

    test('the key is stored before it is sent, and a new keys object (the reloaded page) sends the same answers with it', () => {
      const store = memoryStore();
      const key = createSubmissionKeys(undefined, store).keyFor('{"name":"Mari"}');
      expect(store.saved).toEqual({ key, content: '{"name":"Mari"}' });
      expect(createSubmissionKeys(undefined, store).keyFor('{"name":"Mari"}')).toBe(key);
    });

    test('a reloaded page sending different answers gets a new key, and stores that one', () => {
      const store = memoryStore();
      const key = createSubmissionKeys(undefined, store).keyFor('{"name":"Mari"}');
      const next = createSubmissionKeys(undefined, store).keyFor('{"name":"Mari M"}');
      expect(next).not.toBe(key);
      expect(store.saved).toEqual({ key: next, content: '{"name":"Mari M"}' });
    });

    test('a submission that went through clears the stored key', () => {
      const store = memoryStore();
      const keys = createSubmissionKeys(undefined, store);
      const key = keys.keyFor('{"name":"Mari"}');
      expect(store.saved).toEqual({ key, content: '{"name":"Mari"}' });
      keys.sent();
      expect(store.saved).toBeNull();
      expect(createSubmissionKeys(undefined, store).keyFor('{"name":"Mari"}')).not.toBe(key);
    });

    test('what the store gives back is checked: a key not of the shape the site makes is never sent', () => {
      for (const bad of [
        { key: 'x\r\nX-Injected: 1', content: 'c' },
        { key: 'aaaaaaaaaaaaaaaaaaaa', content: 'c' },
        { key: 1, content: 'c' },
        'c',
        7,
      ]) {
        const key = createSubmissionKeys(undefined, memoryStore(bad)).keyFor('c');
        expect(isIdempotencyKey(key)).toBe(true);
      }
    });
  });
});
