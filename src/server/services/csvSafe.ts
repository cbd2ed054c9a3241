/**
 * CSV files the console hands out (released rules, events, negative lists, reports): UTF-8 with a BOM
 * so Excel reads Japanese correctly, CRLF line ends, and cells that a spreadsheet would run as a
 * formula defused with a leading apostrophe (OWASP "CSV injection"). Every CSV export goes through here.
 */

export const UTF8_BOM = "\uFEFF";
export const CRLF = "\r\n";

export type CsvDelimiter = "," | "\t";
export type CsvCell = string | number | boolean | null | undefined;

export interface CsvOptions {
  /** Comma (default) or tab (the event CSV's delimiter choice). */
  delimiter?: CsvDelimiter;
  /** Start with the UTF-8 BOM (default true); off for tests that compare with plain CSV. */
  bom?: boolean;
}

/**
 * What a spreadsheet treats as the start of a formula (or a formula split across a line). The
 * full-width ＝ ＋ － ＠ too: a Japanese Excel reads what a Japanese input method typed as the ASCII
 * signs, so a cell "＝HYPERLINK(…)" from a shop is defused as "=HYPERLINK(…)" is. And MINUS SIGN −,
 * which the Shift_JIS (CP932) event CSV writes with －'s bytes (cp932Encoder.ts).
 */
export const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\u2212]/;

/** A cell's text with a formula-like start defused by an apostrophe. */
export const defuseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * One cell: text defused, then quoted (quotes doubled) when it holds the delimiter, a quote or a line
 * end. A number is written as it is: "-5" from a number is a value, not a formula.
 */
export function csvCell(value: CsvCell, delimiter: CsvDelimiter = ","): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = defuseFormula(value === null || value === undefined ? "" : String(value));
  const needsQuotes = text.includes(delimiter) || /["\r\n]/.test(text);
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: every row (the header first) ended by CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[], options: CsvOptions = {}): string {
  const delimiter = options.delimiter ?? ",";
  const body = rows.map((row) => row.map((cell) => csvCell(cell, delimiter)).join(delimiter) + CRLF).join("");
  return (options.bom ?? true) ? UTF8_BOM + body : body;
}
