import type { CreateCustomerListBody, CustomerColumnField } from '@shared/schemas/audiences';
import { IDENTIFYING_FIELDS } from '@shared/schemas/audiences';
import { hashCustomerRecord, type RawCustomerRecord } from '../customer-data/hash-customer-data';
import { AppError } from '../errors';
import { CsvRecordReader } from './csv-records';

/**
 * A customer CSV turned into Meta's multi-key rows, one row at a time: the mapped columns of each record are
 * normalised and SHA-256 hashed (lambdas/lib/customer-data, Meta's rules) and only the hashes go on; the raw values
 * are dropped with the record. Nothing here logs or keeps a value, and refusals are counted, never quoted.
 */

/** Meta's multi-key schema names for the fields a column can hold (reference/custom-audience/users, payload.schema). */
const META_KEY: Record<CustomerColumnField, string> = {
  em: 'EMAIL',
  ph: 'PHONE',
  fn: 'FN',
  ln: 'LN',
  ct: 'CT',
  st: 'ST',
  zp: 'ZIP',
  country: 'COUNTRY',
  external_id: 'EXTERN_ID',
};
/** The characters read per step: a customer list is parsed in slices, never split into all its lines at once. */
const SLICE_CHARS = 64 * 1024;

export interface CustomerRowsPlan {
  /** Meta's `payload.schema`, in the order of each row's values. */
  schema: string[];
  fields: CustomerColumnField[];
}

export type HashedRow = string[];

export interface RowOutcome {
  /** Rows read from the file (the header not counted). */
  read: number;
  /** Rows with nothing to match on after normalisation (no valid email, phone or external id). */
  unusable: number;
}

function columnIndexes(
  header: string[],
  mapping: CreateCustomerListBody['mapping'],
): Map<CustomerColumnField, number[]> {
  const trimmed = header.map((cell) => cell.trim());
  const byField = new Map<CustomerColumnField, number[]>();
  for (const [column, field] of Object.entries(mapping)) {
    const index = trimmed.indexOf(column.trim());
    if (index < 0) {
      throw new AppError('VALIDATION_ERROR', `The file has no column named “${column}”.`, {
        details: { field: 'mapping' },
      });
    }
    byField.set(field, [...(byField.get(field) ?? []), index]);
  }
  return byField;
}

/**
 * The row hasher fed a file's text in pieces (a request body's slices, or a stream read from a bucket or disk):
 * `push` returns the rows each piece completed, `end` the last ones, so no more than a piece and its rows are held.
 */
export class CustomerRowHasher {
  private columns: Map<CustomerColumnField, number[]> | undefined;
  private fields: CustomerColumnField[] = [];
  private readonly ready: HashedRow[] = [];
  private readonly reader: CsvRecordReader;

  constructor(
    body: Pick<CreateCustomerListBody, 'mapping' | 'defaultCountry'>,
    plan: { onPlan: (plan: CustomerRowsPlan) => void },
    readonly outcome: RowOutcome,
  ) {
    const context = body.defaultCountry ? { country: body.defaultCountry.toLowerCase() } : {};
    this.reader = new CsvRecordReader((record) => {
      if (!this.columns) {
        this.columns = columnIndexes(record, body.mapping);
        this.fields = [...this.columns.keys()];
        plan.onPlan({ schema: this.fields.map((field) => META_KEY[field]), fields: this.fields });
        return;
      }
      outcome.read += 1;
      const raw: RawCustomerRecord = {};
      for (const [field, indexes] of this.columns) raw[field] = indexes.map((index) => record[index] ?? '');
      const { hashed } = hashCustomerRecord(raw, context);
      if (!IDENTIFYING_FIELDS.some((field) => hashed[field]?.length)) {
        outcome.unusable += 1;
        return;
      }
      this.ready.push(this.fields.map((field) => hashed[field]?.[0] ?? ''));
    });
  }

  push(text: string): HashedRow[] {
    this.reader.push(text);
    return this.ready.splice(0);
  }

  end(): HashedRow[] {
    this.reader.end();
    if (!this.columns) throw new AppError('VALIDATION_ERROR', 'The file is empty.', { details: { field: 'csv' } });
    return this.ready.splice(0);
  }
}

/** Each usable row's hashes of a CSV held as one string (a request body), in file order; `outcome` counts. */
export function* hashedCustomerRows(
  body: Pick<CreateCustomerListBody, 'csv' | 'mapping' | 'defaultCountry'>,
  plan: { onPlan: (plan: CustomerRowsPlan) => void },
  outcome: RowOutcome,
): Generator<HashedRow> {
  const hasher = new CustomerRowHasher(body, plan, outcome);
  for (let start = 0; start < body.csv.length; start += SLICE_CHARS)
    yield* hasher.push(body.csv.slice(start, start + SLICE_CHARS));
  yield* hasher.end();
}
