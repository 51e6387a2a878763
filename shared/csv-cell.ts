/**
 * One CSV cell as every CSV the product writes puts it (RFC 4180 quoting), with text a spreadsheet would run as a
 * formula neutralised: OWASP's advice for CSV injection is to prefix a cell starting with `=`, `+`, `-`, `@`, tab
 * or carriage return with a single quote and quote the cell, so a channel named `=cmd|' /C calc'!A0` opens as text.
 * Numbers are numbers, negative ones too (`-12.5` stays `-12.5`), whether given as numbers or as numeric text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function csvCell(value: string | number): string {
  const text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !NUMERIC.test(text))
    return `"'${text.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
