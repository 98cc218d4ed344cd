/**
 * The CSV export fed any Unicode text and every control character: what reaches a terminal has
 * no raw control characters but the CSV's own, it parses back (RFC 4180) into as many cells per
 * row as were written, and no field a spreadsheet sees, split on `,` or on `;`, is a formula.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { csvCell, toCsv } from '../../scripts/lib/csv';
import { checkProperty, hostileString } from '../support/property';

interface Field {
  text: string;
  quoted: boolean;
}

/** RFC 4180, strictly: CRLF ends a record; a quote inside an unquoted field, or after a closing one, is an error. */
function parseCsv(csv: string): Field[][] {
  const rows: Field[][] = [];
  let row: Field[] = [];
  let i = 0;
  if (!csv.endsWith('\r\n')) throw new Error('the last record is not ended by CRLF');
  while (i < csv.length) {
    let text = '';
    const quoted = csv[i] === '"';
    if (quoted) {
      i++;
      for (;;) {
        if (i >= csv.length) throw new Error('unterminated quoted field');
        if (csv[i] === '"') {
          if (csv[i + 1] === '"') {
            text += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        text += csv[i++];
      }
    } else {
      while (i < csv.length && csv[i] !== ',' && csv[i] !== '\r') {
        if (csv[i] === '"' || csv[i] === '\n') throw new Error(`a raw ${JSON.stringify(csv[i])} in an unquoted field at ${i}`);
        text += csv[i++];
      }
    }
    row.push({ text, quoted });
    if (csv[i] === ',') {
      i++;
    } else if (csv.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
    } else {
      throw new Error(`${JSON.stringify(csv[i])} after a field at ${i}`);
    }
  }
  return rows;
}

/**
 * What Excel sees with another list separator (`;`): a field is quoted only when its first
 * character is a quote; after the closing quote the rest up to the separator is taken as it is;
 * a line break outside quotes ends the record. Never fails, as a spreadsheet never does.
 */
function fieldsAsSplitOn(separator: string, csv: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i < csv.length) {
    let text = '';
    if (csv[i] === '"') {
      i++;
      while (i < csv.length) {
        if (csv[i] === '"' && csv[i + 1] === '"') {
          text += '"';
          i += 2;
        } else if (csv[i] === '"') {
          i++;
          break;
        } else text += csv[i++];
      }
    }
    while (i < csv.length && csv[i] !== separator && csv[i] !== '\r' && csv[i] !== '\n') text += csv[i++];
    fields.push(text);
    i++;
  }
  return fields;
}

// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const CONTROL_BUT_TAB_AND_LF = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const FORMULA = /^[=+\-@\t\r]/;

const controlChar = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }),
  fc.integer({ min: 0x7f, max: 0x9f }),
  fc.constantFrom(0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069),
);
const piece = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 6 }),
  controlChar.map((c) => String.fromCharCode(c)),
  fc.constantFrom(
    ',',
    ';',
    '"',
    '\t',
    '\r',
    '\n',
    '\r\n',
    '=',
    '+',
    '-',
    '@',
    "'",
    ' ',
    '=HYPERLINK("http://evil.example","x")',
    '\u001b[2J',
  ),
  hostileString(2),
);
const cell = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 5 });

describe('CSV of any text', () => {
  test('has no raw control character but the CRLF that ends each record, and tabs and LFs inside quoted cells', () => {
    checkProperty(
      fc.property(table, (rows) => {
        const csv = toCsv(['a'], rows);
        expect(csv.replace(/\r\n/g, '')).not.toMatch(CONTROL_BUT_TAB_AND_LF);
        for (const field of parseCsv(csv).flat()) if (!field.quoted) expect(field.text).not.toMatch(CONTROL);
      }),
    );
  });

  test('parses back into as many cells per row as were written', () => {
    checkProperty(
      fc.property(table, (rows) => {
        const parsed = parseCsv(toCsv(['a', 'b'], rows));
        expect(parsed.map((r) => r.length)).toEqual([2, ...rows.map((r) => r.length)]);
      }),
    );
  });

  test('quotes every cell that holds a comma, a semicolon, a quote, a tab or a line break', () => {
    checkProperty(
      fc.property(cell, (value) => {
        const [[field]] = parseCsv(`${csvCell(value)}\r\n`) as [[Field]];
        if (/[,;"\t\n\r]/.test(field.text)) expect(field.quoted).toBe(true);
      }),
    );
  });

  test('keeps a cell that starts like a formula guarded by a leading quote, once quoted and parsed back', () => {
    checkProperty(
      fc.property(cell, (value) => {
        const [[field]] = parseCsv(`${csvCell(value)}\r\n`) as [[Field]];
        expect(field.text).not.toMatch(FORMULA);
        if (FORMULA.test(value)) expect(field.text.startsWith("'")).toBe(true);
      }),
    );
  });

  test('shows no formula to a spreadsheet that splits the lines on semicolons', () => {
    checkProperty(
      fc.property(table, (rows) => {
        for (const text of fieldsAsSplitOn(';', toCsv(['a'], rows))) expect(text).not.toMatch(/^[=+\-@]/);
      }),
    );
  });

  test('keeps the text of a cell without control characters exactly, but for the guard', () => {
    checkProperty(
      fc.property(cell, (value) => {
        fc.pre(!CONTROL.test(value));
        const [[field]] = parseCsv(`${csvCell(value)}\r\n`) as [[Field]];
        expect(field.text.replace(/(^|(?<=[;\n]))'/g, '')).toBe(value.replace(/(^|(?<=[;\n]))'/g, ''));
      }),
    );
  });
});
