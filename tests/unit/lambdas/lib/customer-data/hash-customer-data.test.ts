import { describe, expect, it } from 'vitest';
import { hashCustomerRecord, sha256Hex } from '@lambdas/lib/customer-data/hash-customer-data';

describe('hashCustomerRecord', () => {
  it('hashes every value it can normalise, once per distinct normalised value', () => {
    const result = hashCustomerRecord({
      em: ['Ana@Example.com', ' ana@example.COM ', 'ben@example.com'],
      fn: 'Ana',
    });
    expect(result.hashed).toEqual({
      em: [sha256Hex('ana@example.com'), sha256Hex('ben@example.com')],
      fn: [sha256Hex('ana')],
    });
    expect(result.refused).toEqual([]);
  });

  it("reads a phone with the record's own country before the account's", () => {
    const fromRecord = hashCustomerRecord({ ph: '07700 900123', country: 'United Kingdom' }, { country: 'US' });
    expect(fromRecord.hashed.ph).toEqual([sha256Hex('447700900123')]);
    expect(fromRecord.hashed.country).toEqual([sha256Hex('gb')]);

    const fromAccount = hashCustomerRecord({ ph: '(650) 555-1212' }, { country: 'US' });
    expect(fromAccount.hashed.ph).toEqual([sha256Hex('16505551212')]);
  });

  it('names what it refused by field and reason, never by value, and skips empty cells silently', () => {
    const result = hashCustomerRecord({ em: ['secret-person', ''], ph: '07700 900123', ge: 'Female' });
    expect(result.hashed).toEqual({ ge: [sha256Hex('f')] });
    expect(result.refused).toEqual([
      { field: 'em', reason: 'not an email address' },
      { field: 'ph', reason: 'a phone number needs its country code' },
    ]);
    expect(JSON.stringify(result)).not.toContain('secret-person');
    expect(JSON.stringify(result)).not.toContain('07700');
  });
});
