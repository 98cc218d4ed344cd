/** The operators' view of form entries: export formats and filters (the queries run in test/worker/form-entries.workerd.test.ts). */
import { describe, expect, test } from 'vitest';
import {
  deadEntryLines,
  entriesCsv,
  entriesJson,
  entryLines,
  exported,
  parseSince,
  type ExportedEntry,
} from '../../scripts/lib/form-entries';
import type { EntryRow } from '../../worker/forms/entries';

const row = (over: Partial<EntryRow> = {}): EntryRow => ({
  id: 'e1',
  idempotency_key: 'k1',
  form: 'contact',
  page: '/en/contact',
  locale: 'en',
  build: '0123456789abcdef',
  preview: 0,
  received_at: Date.UTC(2026, 0, 31, 12),
  fields: JSON.stringify({ name: 'Mari', consent: true }),
  webhook: 'crm',
  webhook_url: 'https://crm.example.com/hook',
  webhook_secret: 'WEBHOOK_SECRET_CRM',
  status: 'delivered',
  attempts: 2,
  last_error: null,
  queued_at: null,
  delivered_at: Date.UTC(2026, 0, 31, 12, 1),
  ...over,
});

describe('an exported entry', () => {
  test('has its times in ISO 8601 UTC, its fields as values, and never the webhook’s URL or secret name', () => {
    const e = exported(row());
    expect(e).toEqual({
      id: 'e1',
      receivedAt: '2026-01-31T12:00:00.000Z',
      form: 'contact',
      page: '/en/contact',
      locale: 'en',
      build: '0123456789abcdef',
      preview: false,
      status: 'delivered',
      attempts: 2,
      lastError: null,
      deliveredAt: '2026-01-31T12:01:00.000Z',
      webhook: 'crm',
      fields: { name: 'Mari', consent: true },
    });
  });
});

describe('CSV export', () => {
  test('has one column per field, in the order fields first appear, empty where a form lacks one', () => {
    const a = exported(row());
    const b = exported(
      row({
        id: 'e2',
        form: 'apply',
        fields: JSON.stringify({ name: 'Jaan', cv: [{ name: 'cv.pdf', type: 'application/pdf', size: 1234 }] }),
      }),
    );
    const [header, first, second] = entriesCsv([a, b]).split('\r\n');
    expect(header).toBe(
      'id,receivedAt,form,page,locale,status,attempts,lastError,deliveredAt,webhook,fields.name,fields.consent,fields.cv',
    );
    expect(first).toBe('e1,2026-01-31T12:00:00.000Z,contact,/en/contact,en,delivered,2,,2026-01-31T12:01:00.000Z,crm,Mari,true,');
    expect(second).toBe(
      'e2,2026-01-31T12:00:00.000Z,apply,/en/contact,en,delivered,2,,2026-01-31T12:01:00.000Z,crm,Jaan,,"cv.pdf (application/pdf, 1234 bytes)"',
    );
  });

  test('a visitor’s formula is exported as text', () => {
    const e = exported(row({ fields: JSON.stringify({ name: '=HYPERLINK("http://evil.example","click")' }) }));
    expect(entriesCsv([e]).split('\r\n')[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });

  test('a field called like a fixed column stays a field column', () => {
    const e = exported(row({ fields: JSON.stringify({ status: 'married' }) }));
    const [header, line] = entriesCsv([e]).split('\r\n');
    expect(header!.split(',').at(-1)).toBe('fields.status');
    expect(line!.split(',').at(-1)).toBe('married');
  });

  test('no entries is the header alone', () => {
    expect(entriesCsv([])).toBe('id,receivedAt,form,page,locale,status,attempts,lastError,deliveredAt,webhook\r\n');
  });
});

describe('JSON export and the list', () => {
  test('JSON is the exported entries as an array', () => {
    const e = exported(row());
    expect(JSON.parse(entriesJson([e])) as ExportedEntry[]).toEqual([e]);
  });

  test('the list has one line per entry with its delivery status and attempts', () => {
    expect(entryLines([exported(row({ status: 'dead', attempts: 11, last_error: 'HTTP 500' }))])).toBe(
      'e1  2026-01-31T12:00:00.000Z  contact  /en/contact  dead (11 attempts)  HTTP 500\n',
    );
    expect(entryLines([])).toBe('no entries\n');
  });

  test('list --dead ends with the count and what to do, and an empty one says "0 dead"', () => {
    expect(deadEntryLines([])).toBe('0 dead\n');
    expect(deadEntryLines([exported(row({ status: 'dead', attempts: 11, last_error: 'HTTP 500' }))])).toBe(
      'e1  2026-01-31T12:00:00.000Z  contact  /en/contact  dead (11 attempts)  HTTP 500\n' +
        '1 dead: npm run forms -- redeliver --dead once the webhook answers\n',
    );
  });
});

describe('--since', () => {
  test('a date is midnight UTC; a date and time is read with its zone', () => {
    expect(parseSince('2026-01-31')).toBe(Date.UTC(2026, 0, 31));
    expect(parseSince('2026-01-31T12:00:00+02:00')).toBe(Date.UTC(2026, 0, 31, 10));
  });

  test('anything else is refused with an example', () => {
    expect(() => parseSince('last week')).toThrow('--since must be a date such as 2026-01-31');
    expect(() => parseSince('2026-13-45')).toThrow('--since must be a date');
  });
});
