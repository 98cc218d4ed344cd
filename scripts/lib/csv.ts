/**
 * CSV as RFC 4180 spells it, made safe to open in a spreadsheet and to print to a terminal:
 * form entries are text that visitors typed.
 *
 * Formulas: a cell such as `=HYPERLINK("http://evil.example", "click")` would be a live formula
 * in Excel, LibreOffice or Google Sheets. Such cells get a leading `'`, which the spreadsheet
 * shows as text and does not evaluate (the OWASP "CSV injection" advice). The cost: a typed
 * "+372 5555 1234" or "-5" reads back with that `'` in front. Excel in locales whose list
 * separator is `;` (et, de, fi, lv, lt, nl, ru…) splits a line on `;` and sees a new field after
 * every `;`, and one after every line break if the cell's quotes do not start its field there;
 * so each piece of a cell after a `;` or a line break is guarded the same way.
 *
 * Terminals: control characters (control-chars.ts) become visible escapes, except a tab and a
 * line break inside a quoted cell; a CR or CRLF in a cell becomes LF, so the only CRs in the
 * output end records.
 */
import { visibleControls } from './control-chars';

/** The first characters that make a spreadsheet read a field as a formula (tab and CR included). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * Where a spreadsheet may start a new field inside a cell, after a `;` (in `;` locales) or a
 * line break, followed by what would make it a formula or open a quoted field there.
 */
const FIELD_STARTS = /(?<=[;\n])(?=[=+\-@\t"])/g;
/** What makes a cell need quotes: the CSV's own separator and quote, `;`, a tab, a line break. */
const NEEDS_QUOTES = /[",;\t\n]/;

/**
 * One cell: control characters shown, every piece that could start a formula guarded by a
 * leading `'`, and quoted when it holds a separator, a quote, a tab or a line break.
 */
export function csvCell(value: string): string {
  const shown = visibleControls(value.replace(/\r\n?/g, '\n'), '\t\n');
  const guarded = (FORMULA_START.test(value) || FORMULA_START.test(shown) ? `'` : '') + shown.replace(FIELD_STARTS, `'`);
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** Rows of cells as CSV text: CRLF after every row, the header first. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}
