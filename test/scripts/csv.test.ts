import { describe, expect, test } from 'vitest';
import { csvCell, toCsv } from '../../scripts/lib/csv';

describe('CSV cells', () => {
  test('plain text stays as it is', () => {
    expect(csvCell('Mari Maasikas')).toBe('Mari Maasikas');
  });

  test('a cell with a comma, a quote or a line break is quoted, with quotes doubled', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
  });

  test('a cell with a semicolon or a tab is quoted, for spreadsheets that split on them', () => {
    expect(csvCell('a; b')).toBe('"a; b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
  });

  test('a CR or CRLF in a cell becomes LF, so the only CRs in the CSV end its records', () => {
    expect(csvCell('line 1\r\nline 2\rline 3')).toBe('"line 1\nline 2\nline 3"');
  });

  test.each([
    ['ESC', 'a\u001b[2Jb', 'a\\x1b[2Jb'],
    ['BEL', '\u0007', '\\x07'],
    ['NUL', 'a\u0000', 'a\\x00'],
    ['DEL', '\u007f', '\\x7f'],
    ['C1 CSI', '\u009b31m', '\\x9b31m'],
    ['the line separator', 'a\u2028b', 'a\\u2028b'],
    ['a bidi override', '\u202Etxt.exe', '\\u202etxt.exe'],
    ['a bidi isolate', '\u2066x\u2069', '\\u2066x\\u2069'],
  ])('%s is shown as a visible escape, never sent raw', (_, value, shown) => {
    expect(csvCell(value)).toBe(shown);
  });

  test.each(['=1+1', '+372 5555 1234', '-5', '@SUM(A1)', '\t=cmd', '\r=cmd'])(
    '%j could be a formula, so it gets a leading quote',
    (value) => {
      expect(
        csvCell(value)
          .replace(/^"/, '')
          .startsWith(`'${value.slice(0, 1).replace('\r', '\n')}`),
      ).toBe(true);
    },
  );

  test('a formula with a quote in it is neutralised and quoted', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });

  test('a formula after a semicolon or a line break is guarded too, since a `;` locale starts a field there', () => {
    expect(csvCell('x;=1+1')).toBe(`"x;'=1+1"`);
    expect(csvCell('x\n@SUM(A1)')).toBe(`"x\n'@SUM(A1)"`);
    expect(csvCell('x;"=1+1')).toBe(`"x;'""=1+1"`);
  });

  test('a formula character later in the cell is left alone', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('a;b')).toBe('"a;b"');
  });
});

describe('CSV text', () => {
  test('is the header, then each row, every row ended by CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['1', 'x,y'],
          ['2', ''],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n2,\r\n');
  });
});
