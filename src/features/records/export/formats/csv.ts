/**
 * CSV as RFC 4180 writes it (CRLF line ends; a field holding `"`, `,`, CR or LF is quoted,
 * with `"` doubled), made safe to open in a spreadsheet app.
 */

/** UTF-8 byte order mark: Excel reads a CSV as UTF-8 only when the file starts with it. */
export const UTF8_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

/**
 * A text cell starting with one of these is read as a formula (or DDE call) by Excel,
 * LibreOffice and Google Sheets: OWASP's list for CSV injection.
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field. Numbers are written as they are (a number is never a formula). Text that a
 * spreadsheet would run as a formula is prefixed with `'` and quoted, as OWASP advises, so
 * it shows as the text it is.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const first = value.charAt(0);
  if (FORMULA_TRIGGERS.has(first)) return `"'${value.replaceAll('"', '""')}"`;
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvRow(values: readonly (string | number)[]): string {
  return values.map(csvField).join(',') + CSV_LINE_END;
}
