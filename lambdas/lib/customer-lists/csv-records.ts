/**
 * RFC 4180 CSV read a piece at a time (quoted fields, doubled quotes, CRLF or LF): each complete record is handed
 * on as soon as it ends, so a customer list is hashed and sent while it is read and never held whole as rows.
 */
export class CsvRecordReader {
  private field = '';
  private record: string[] = [];
  private quoted = false;
  /** A quote just closed inside a quoted field: the next character says whether it was a doubled quote. */
  private quoteClosing = false;
  private pendingCarriageReturn = false;

  constructor(private readonly onRecord: (record: string[]) => void) {}

  push(chunk: string): void {
    for (const ch of chunk) this.take(ch);
  }

  /** The last record (when the text does not end with a newline); throws inside an unterminated quote. */
  end(): void {
    if (this.quoted && !this.quoteClosing) throw new Error('the file ends inside a quoted field');
    this.quoted = false;
    this.quoteClosing = false;
    if (this.field !== '' || this.record.length > 0) this.finishRecord();
  }

  private take(ch: string): void {
    if (this.pendingCarriageReturn) {
      this.pendingCarriageReturn = false;
      if (ch === '\n') return;
    }
    if (this.quoted) {
      if (this.quoteClosing) {
        this.quoteClosing = false;
        if (ch === '"') {
          this.field += '"';
          return;
        }
        this.quoted = false;
      } else {
        if (ch === '"') this.quoteClosing = true;
        else this.field += ch;
        return;
      }
    }
    if (ch === '"' && this.field === '') this.quoted = true;
    else if (ch === ',') {
      this.record.push(this.field);
      this.field = '';
    } else if (ch === '\n' || ch === '\r') {
      this.pendingCarriageReturn = ch === '\r';
      this.finishRecord();
    } else this.field += ch;
  }

  private finishRecord(): void {
    this.record.push(this.field);
    const record = this.record;
    this.record = [];
    this.field = '';
    if (record.some((cell) => cell.trim() !== '')) this.onRecord(record);
  }
}
