import { describe, expect, it } from 'vitest';
import { csvCell } from '@shared/csv-cell';
import { parseCsv } from '@shared/mmm/csv-import';

/**
 * Formula injection (OWASP "CSV Injection"): a text cell a spreadsheet would read as a formula is prefixed with a
 * single quote and quoted, so it opens as text; numbers, even negative ones, stay numbers.
 */
describe('csvCell', () => {
  it.each([
    ["=cmd|' /C calc'!A0", `"'=cmd|' /C calc'!A0"`],
    ['+1+1', `"'+1+1"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ['=HYPERLINK("https://evil","x")', `"'=HYPERLINK(""https://evil"",""x"")"`],
  ])('neutralises the text %j', (text, written) => {
    expect(csvCell(text)).toBe(written);
  });

  it.each([
    [-12.5, '-12.5'],
    [0, '0'],
    [35, '35'],
    ['-12.5', '-12.5'],
    ['+3', '+3'],
    ['tv', 'tv'],
    ['tv, "prime"', '"tv, ""prime"""'],
    ['', ''],
  ])('leaves %j a number or plain text', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('reads back through the CSV import as the quoted text', () => {
    const { header, rows } = parseCsv(`name,value\r\n${csvCell('=1+2')},${csvCell(-3)}\r\n`);
    expect(header).toEqual(['name', 'value']);
    expect(rows).toEqual([["'=1+2", '-3']]);
  });
});
