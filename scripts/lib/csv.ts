/**
 * CSV as RFC 4180 spells it, made safe to open in a spreadsheet: form entries are text that
 * visitors typed, and a cell such as `=HYPERLINK("http://evil.example", "click")` would be a
 * live formula in Excel, LibreOffice or Google Sheets. Such cells get a leading `'`, which the
 * spreadsheet shows as text and does not evaluate (the OWASP "CSV injection" advice). The cost:
 * a typed "+372 5555 1234" or "-5" reads back with that `'` in front.
 */

/** The first characters that make a spreadsheet read a cell as a formula (tab and CR included). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised when it could be a formula, quoted when it holds `"`, `,`, CR or LF. */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as CSV text: CRLF after every row, the header first. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}
