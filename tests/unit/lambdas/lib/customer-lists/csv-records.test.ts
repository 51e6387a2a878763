import { describe, expect, it } from 'vitest';
import { CsvRecordReader } from '@lambdas/lib/customer-lists/csv-records';

function read(chunks: string[]): string[][] {
  const records: string[][] = [];
  const reader = new CsvRecordReader((record) => records.push(record));
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return records;
}

describe('CsvRecordReader', () => {
  it('reads quoted fields, doubled quotes, CRLF and a last line without newline', () => {
    expect(read(['a,"b, c","say ""hi"""\r\n1,2,3'])).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', '2', '3'],
    ]);
  });

  it('gives the same records whatever the chunks split (inside quotes, between CR and LF)', () => {
    const text = 'email,name\r\n"x@example.com","O""Neil, Jr"\r\n\r\ny@example.com,Lee\n';
    const whole = read([text]);
    for (let cut = 1; cut < text.length; cut += 1) expect(read([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
    expect(whole).toEqual([
      ['email', 'name'],
      ['x@example.com', 'O"Neil, Jr'],
      ['y@example.com', 'Lee'],
    ]);
  });

  it('refuses a file that ends inside a quote', () => {
    expect(() => read(['a,"b'])).toThrow('the file ends inside a quoted field');
  });
});
