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
    expect(csvCell('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
  });

  test.each(['=1+1', '+372 5555 1234', '-5', '@SUM(A1)', '\t=cmd', '\r=cmd'])(
    '%j could be a formula, so it gets a leading quote',
    (value) => {
      expect(
        csvCell(value)
          .replace(/^"/, '')
          .startsWith(`'${value.slice(0, 1)}`),
      ).toBe(true);
    },
  );

  test('a formula with a quote in it is neutralised and quoted', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });

  test('a formula character later in the cell is left alone', () => {
    expect(csvCell('a=b')).toBe('a=b');
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
