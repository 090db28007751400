/**
 * CSV for spreadsheets (RFC 4180: comma-separated, CRLF line ends, a cell quoted when it holds a
 * comma, a quote or a line break, quotes doubled). A cell that a spreadsheet would read as a
 * formula (starting with = + - @, or a tab or carriage return) is prefixed with a single quote, so
 * that a subscriber named `=HYPERLINK(...)` stays text when the office opens the file.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows to a CSV document, every line ended by CRLF. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
