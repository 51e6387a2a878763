import { describe, expect, it } from 'vitest';
import {
  differenceOf,
  HashSnapshotBuilder,
  parseSnapshot,
  serialiseSnapshot,
} from '@lambdas/lib/customer-lists/customer-hash-snapshot';
import { sha256Hex } from '@lambdas/lib/customer-data/hash-customer-data';

const row = (email: string, phone = '') => [sha256Hex(email), phone === '' ? '' : sha256Hex(phone)];

function snapshotOf(schema: string[], rows: string[][]) {
  const builder = new HashSnapshotBuilder(schema);
  for (const one of rows) builder.add(one);
  return builder.build();
}

describe('customer hash snapshots', () => {
  it('keep each distinct row once, as raw hashes, and read back what they stored', () => {
    const snapshot = snapshotOf(['EMAIL', 'PHONE'], [row('a@x.com', '1650'), row('b@x.com'), row('a@x.com', '1650')]);
    expect(snapshot.count).toBe(2);
    expect(snapshot.records.length).toBe(2 * 64);
    const stored = serialiseSnapshot(snapshot);
    expect(stored.toString('latin1')).not.toMatch(/a@x|b@x|1650/);
    const read = parseSnapshot(stored);
    expect(read.schema).toEqual(['EMAIL', 'PHONE']);
    expect([...differenceOf(read, snapshot).added]).toEqual([]);
  });

  it('refuse a value that is not a SHA-256 hash, so no clear value is ever stored', () => {
    const builder = new HashSnapshotBuilder(['EMAIL']);
    expect(() => builder.add(['jane@example.com'])).toThrow('Only SHA-256 hashes');
  });

  it('give the rows added and removed since the last upload, and count the rest as unchanged', () => {
    const before = snapshotOf(['EMAIL', 'PHONE'], [row('a@x.com'), row('b@x.com', '1650'), row('c@x.com')]);
    const after = snapshotOf(['EMAIL', 'PHONE'], [row('c@x.com'), row('d@x.com'), row('a@x.com'), row('e@x.com')]);
    const difference = differenceOf(before, after);
    expect([...difference.added].sort()).toEqual([row('d@x.com'), row('e@x.com')].sort());
    expect([...difference.removed]).toEqual([row('b@x.com', '1650')]);
    expect(difference).toMatchObject({ addedCount: 2, removedCount: 1, unchanged: 2 });
  });

  it('remove everything old and add everything new when the columns were mapped differently', () => {
    const before = snapshotOf(['EMAIL', 'PHONE'], [row('a@x.com')]);
    const after = snapshotOf(['EMAIL'], [[sha256Hex('a@x.com')]]);
    const difference = differenceOf(before, after);
    expect([...difference.removed]).toEqual([row('a@x.com')]);
    expect([...difference.added]).toEqual([[sha256Hex('a@x.com')]]);
    expect(difference.unchanged).toBe(0);
  });

  it('refuse stored bytes that are not a snapshot rather than diff against garbage', () => {
    expect(() => parseSnapshot(Buffer.from('hello'))).toThrow('cannot be read');
    const stored = serialiseSnapshot(snapshotOf(['EMAIL'], [[sha256Hex('a@x.com')]]));
    expect(() => parseSnapshot(stored.subarray(0, stored.length - 1))).toThrow('cannot be read');
  });
});
