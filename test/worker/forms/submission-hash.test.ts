/** The canonical submission an idempotency key is checked against (worker/forms/submission-hash.ts). */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { canonicalJson, submissionHash } from '../../../worker/forms/submission-hash';
import { PROTOTYPE_NAMES, checkProperty, hostileString } from '../../support/property';

const value = fc.oneof(hostileString(), fc.boolean(), fc.array(fc.record({ name: hostileString(2), type: fc.string(), size: fc.nat() })));
const fields = fc.dictionary(fc.oneof(hostileString(2), fc.constantFrom(...PROTOTYPE_NAMES)), value, { maxKeys: 6 });

const reordered = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());

describe('a submission hash', () => {
  test('is the same for the same fields in any order', async () => {
    await checkProperty(
      fc.asyncProperty(fields, async (f) => {
        expect(await submissionHash('/en/contact', reordered(f))).toBe(await submissionHash('/en/contact', f));
      }),
    );
  });

  test('differs when any value differs', async () => {
    await checkProperty(
      fc.asyncProperty(fields, fields, async (a, b) => {
        fc.pre(canonicalJson(a) !== canonicalJson(b));
        expect(await submissionHash('/en/contact', a)).not.toBe(await submissionHash('/en/contact', b));
      }),
    );
  });

  test('differs for the same fields sent from another page', async () => {
    expect(await submissionHash('/en/contact', { name: 'Mari' })).not.toBe(await submissionHash('/et/kontakt', { name: 'Mari' }));
  });

  test('is 64 hex digits', async () => {
    expect(await submissionHash('/en/contact', {})).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('canonical JSON', () => {
  test('tells a field named like a prototype property from an absent one', () => {
    expect(canonicalJson(Object.fromEntries([['__proto__', 'x']]))).toBe('{"__proto__":"x"}');
    expect(canonicalJson({})).toBe('{}');
  });

  test('keeps the order of a list of files, which is part of the answer', () => {
    expect(canonicalJson([{ b: 1, a: 2 }, 'x'])).toBe('[{"a":2,"b":1},"x"]');
    expect(canonicalJson(['x', 'y'])).not.toBe(canonicalJson(['y', 'x']));
  });

  test('reads back as the same value', () => {
    checkProperty(
      fc.property(fields, (f) => {
        expect(JSON.parse(canonicalJson(f))).toEqual(f);
      }),
    );
  });
});
