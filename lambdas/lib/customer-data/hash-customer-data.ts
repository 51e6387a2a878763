import { createHash } from 'node:crypto';
import { hashedCustomerFields, type HashedCustomerField } from './customer-fields';
import { normaliseCustomerValue, type CustomerContext } from './normalise-customer-value';

/**
 * A customer's information as Meta receives it: every value normalised and SHA-256 hashed here, inside the
 * customer's own AWS account; the raw values are never returned, stored or logged. What could not be
 * normalised is named by field (for the health screen and the upload report), never by value.
 */
export type RawCustomerRecord = Partial<Record<HashedCustomerField, string | readonly string[] | undefined>>;

export interface HashedCustomerData {
  /** `user_data` keys → distinct hashes, in the order given (the Conversions API takes a list per key). */
  hashed: Partial<Record<HashedCustomerField, string[]>>;
  refused: { field: HashedCustomerField; reason: string }[];
}

export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

export function hashCustomerRecord(record: RawCustomerRecord, context: CustomerContext = {}): HashedCustomerData {
  // The record's own country reads its phones and dates before the account's does.
  const country = firstValue(record.country);
  const ownCountry = country === undefined ? undefined : normaliseCustomerValue('country', country);
  const recordContext: CustomerContext =
    ownCountry?.ok && !ownCountry.prehashed ? { country: ownCountry.value } : context;

  const result: HashedCustomerData = { hashed: {}, refused: [] };
  for (const field of hashedCustomerFields) {
    const values = record[field];
    if (values === undefined) continue;
    const hashes = new Set<string>();
    for (const raw of typeof values === 'string' ? [values] : values) {
      const normalised = normaliseCustomerValue(field, raw, recordContext);
      if (!normalised.ok) {
        if (normalised.reason !== 'empty') result.refused.push({ field, reason: normalised.reason });
        continue;
      }
      hashes.add(normalised.prehashed ? normalised.value : sha256Hex(normalised.value));
    }
    if (hashes.size > 0) result.hashed[field] = [...hashes];
  }
  return result;
}

function firstValue(values: string | readonly string[] | undefined): string | undefined {
  return typeof values === 'string' ? values : values?.[0];
}
