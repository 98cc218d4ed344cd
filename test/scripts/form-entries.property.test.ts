/**
 * The operators' outputs of entries whose values, errors and names hold any text, every control
 * character included: JSON stays valid JSON with the exact values, and neither it nor the list
 * sends a terminal a raw control character.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { entriesJson, entryLines, exported } from '../../scripts/lib/form-entries';
import type { EntryRow } from '../../worker/forms/entries';
import { checkProperty } from '../support/property';

// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const CONTROL_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const controlChar = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }),
  fc.integer({ min: 0x7f, max: 0x9f }),
  fc.integer({ min: 0x2028, max: 0x202e }),
  fc.integer({ min: 0x2066, max: 0x2069 }),
);
const text = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 6 }),
      controlChar.map((c) => String.fromCharCode(c)),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

const row = fc
  .record({ id: text, form: text, page: text, lastError: fc.option(text), fields: fc.dictionary(text, text, { maxKeys: 4 }) })
  .map((r): EntryRow => ({
    id: r.id,
    idempotency_key: 'k1',
    form: r.form,
    page: r.page,
    locale: 'en',
    build: 'b',
    preview: 0,
    received_at: Date.UTC(2026, 0, 31),
    fields: JSON.stringify(r.fields),
    webhook: 'crm',
    webhook_url: 'https://crm.example.com/hook',
    webhook_secret: 'WEBHOOK_SECRET_CRM',
    status: 'dead',
    attempts: 1,
    last_error: r.lastError,
    queued_at: null,
    delivered_at: null,
  }));

describe('exported entries of any text', () => {
  test('are valid JSON that reads back as the same entries, with no raw control character', () => {
    checkProperty(
      fc.property(fc.array(row, { maxLength: 3 }), (rows) => {
        const entries = rows.map(exported);
        const json = entriesJson(entries);
        expect(json).not.toMatch(CONTROL_BUT_LF);
        expect(JSON.parse(json)).toEqual(entries);
      }),
    );
  });

  test('are listed one line each, with no raw control character', () => {
    checkProperty(
      fc.property(fc.array(row, { minLength: 1, maxLength: 3 }), (rows) => {
        const lines = entryLines(rows.map(exported));
        expect(lines.split('\n')).toHaveLength(rows.length + 1);
        expect(lines).not.toMatch(CONTROL_BUT_LF);
      }),
    );
  });
});
