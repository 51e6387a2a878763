import { AppError } from '../errors';
import type { HashedRow } from './customer-rows';

/**
 * The hashes of a customer list's last upload, kept so a refresh sends Meta only the difference (issue 30, req 2
 * and 4). Only what was sent to Meta is kept: each row's SHA-256 values as 32 raw bytes per key of the schema (an
 * empty key is 32 zero bytes), rows sorted and deduplicated, so 1,000,000 customers with five keys take 160 MB
 * and two snapshots are compared in one pass. No clear value ever reaches a snapshot: every key Meta reads from a
 * customer list is hashed by lambdas/lib/customer-data (external ids too), and a value that is not a SHA-256 is
 * refused here rather than stored.
 */

const HASH_BYTES = 32;
const SHA256_HEX = /^[a-f0-9]{64}$/;
const EMPTY = Buffer.alloc(HASH_BYTES);
/** File layout: magic, the header's length (uint32 BE), the JSON header, then the records. */
const MAGIC = Buffer.from('ADSMITH-CUSTOMER-HASHES-1\n', 'utf8');

export interface HashSnapshot {
  /** Meta's multi-key `payload.schema`, the order of each record's keys. */
  schema: string[];
  /** Distinct rows, each `schema.length × 32` bytes, in byte order. */
  records: Buffer;
  count: number;
}

const widthOf = (schema: readonly string[]) => schema.length * HASH_BYTES;

/** Collects hashed rows as they are read, into one growing buffer (no object per row), then sorts them once. */
export class HashSnapshotBuilder {
  private buffer: Buffer;
  private rows = 0;
  private readonly width: number;

  constructor(private readonly schema: readonly string[]) {
    this.width = widthOf(schema);
    this.buffer = Buffer.alloc(this.width * 1024);
  }

  add(row: HashedRow): void {
    if (row.length !== this.schema.length) throw new Error('A hashed row does not fit its schema');
    if ((this.rows + 1) * this.width > this.buffer.length) {
      const grown = Buffer.alloc(this.buffer.length * 2);
      this.buffer.copy(grown);
      this.buffer = grown;
    }
    let at = this.rows * this.width;
    for (const value of row) {
      if (value === '') EMPTY.copy(this.buffer, at);
      else if (SHA256_HEX.test(value)) this.buffer.write(value, at, HASH_BYTES, 'hex');
      else throw new Error('Only SHA-256 hashes are kept of a customer list');
      at += HASH_BYTES;
    }
    this.rows += 1;
  }

  /** The rows sorted and deduplicated; the builder's buffer is released. */
  build(): HashSnapshot {
    const { buffer, width, rows } = this;
    const order = new Uint32Array(rows);
    for (let index = 0; index < rows; index += 1) order[index] = index;
    order.sort((a, b) => buffer.compare(buffer, b * width, b * width + width, a * width, a * width + width));
    const records = Buffer.alloc(rows * width);
    let count = 0;
    for (const index of order) {
      const start = index * width;
      if (count > 0 && buffer.compare(records, (count - 1) * width, count * width, start, start + width) === 0)
        continue;
      buffer.copy(records, count * width, start, start + width);
      count += 1;
    }
    this.buffer = Buffer.alloc(0);
    return { schema: [...this.schema], records: records.subarray(0, count * width), count };
  }
}

export function serialiseSnapshot(snapshot: HashSnapshot): Buffer {
  const header = Buffer.from(JSON.stringify({ schema: snapshot.schema, count: snapshot.count }), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return Buffer.concat([MAGIC, length, header, snapshot.records]);
}

export function parseSnapshot(bytes: Buffer): HashSnapshot {
  const corrupt = () => new AppError('INTERNAL_ERROR', 'The stored hashes of this customer list cannot be read.');
  if (bytes.length < MAGIC.length + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw corrupt();
  const headerLength = bytes.readUInt32BE(MAGIC.length);
  const recordsStart = MAGIC.length + 4 + headerLength;
  let header: unknown;
  try {
    header = JSON.parse(bytes.subarray(MAGIC.length + 4, recordsStart).toString('utf8'));
  } catch {
    throw corrupt();
  }
  const { schema, count } = (header ?? {}) as { schema?: unknown; count?: unknown };
  if (!Array.isArray(schema) || !schema.every((key) => typeof key === 'string') || typeof count !== 'number')
    throw corrupt();
  const records = bytes.subarray(recordsStart);
  if (records.length !== count * widthOf(schema as string[])) throw corrupt();
  return { schema: schema as string[], records, count };
}

function rowAt(snapshot: HashSnapshot, index: number): HashedRow {
  const row: HashedRow = [];
  let at = index * widthOf(snapshot.schema);
  for (let key = 0; key < snapshot.schema.length; key += 1, at += HASH_BYTES) {
    row.push(
      snapshot.records.compare(EMPTY, 0, HASH_BYTES, at, at + HASH_BYTES) === 0
        ? ''
        : snapshot.records.toString('hex', at, at + HASH_BYTES),
    );
  }
  return row;
}

export interface SnapshotDifference {
  /** Rows of the new upload the last one did not have, in the new schema. */
  added: Generator<HashedRow>;
  /** Rows of the last upload the new one no longer has, in the old schema (Meta removes what matches them). */
  removed: Generator<HashedRow>;
  addedCount: number;
  removedCount: number;
  unchanged: number;
}

/**
 * What changed between two uploads, by one merge of the two sorted snapshots. A different schema (the columns
 * were mapped differently) shares no rows: everything old is removed and everything new added.
 */
export function differenceOf(previous: HashSnapshot, next: HashSnapshot): SnapshotDifference {
  const sameSchema = previous.schema.join(',') === next.schema.join(',');
  const addedIndexes: number[] = [];
  const removedIndexes: number[] = [];
  let unchanged = 0;
  if (!sameSchema) {
    for (let index = 0; index < previous.count; index += 1) removedIndexes.push(index);
    for (let index = 0; index < next.count; index += 1) addedIndexes.push(index);
  } else {
    const width = widthOf(next.schema);
    let old = 0;
    let now = 0;
    while (old < previous.count || now < next.count) {
      if (old >= previous.count) addedIndexes.push(now++);
      else if (now >= next.count) removedIndexes.push(old++);
      else {
        const order = next.records.compare(
          previous.records,
          old * width,
          old * width + width,
          now * width,
          now * width + width,
        );
        if (order === 0) {
          unchanged += 1;
          old += 1;
          now += 1;
        } else if (order < 0) addedIndexes.push(now++);
        else removedIndexes.push(old++);
      }
    }
  }
  function* rows(snapshot: HashSnapshot, indexes: number[]): Generator<HashedRow> {
    for (const index of indexes) yield rowAt(snapshot, index);
  }
  return {
    added: rows(next, addedIndexes),
    removed: rows(previous, removedIndexes),
    addedCount: addedIndexes.length,
    removedCount: removedIndexes.length,
    unchanged,
  };
}
