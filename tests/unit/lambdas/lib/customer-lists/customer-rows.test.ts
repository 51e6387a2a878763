import { describe, expect, it } from 'vitest';
import { hashedCustomerRows, type CustomerRowsPlan } from '@lambdas/lib/customer-lists/customer-rows';
import { sha256Hex } from '@lambdas/lib/customer-data/hash-customer-data';
import { AppError } from '@lambdas/lib/errors';

function rowsOf(csv: string, mapping: Record<string, 'em' | 'ph' | 'fn' | 'country' | 'external_id'>) {
  let plan: CustomerRowsPlan | undefined;
  const outcome = { read: 0, unusable: 0 };
  const rows = [...hashedCustomerRows({ csv, mapping }, { onPlan: (found) => (plan = found) }, outcome)];
  return { rows, plan, outcome };
}

describe('hashedCustomerRows', () => {
  it('sends only normalised SHA-256 hashes, in the schema Meta reads, never a raw value', () => {
    const csv = 'Email,Phone,First,Country,Notes\n  Jane.Doe@Example.COM ,(650) 555-1212,Jané,US,likes hiking\n';
    const { rows, plan, outcome } = rowsOf(csv, { Email: 'em', Phone: 'ph', First: 'fn', Country: 'country' });

    expect(plan?.schema).toEqual(['EMAIL', 'PHONE', 'FN', 'COUNTRY']);
    expect(rows).toEqual([
      [sha256Hex('jane.doe@example.com'), sha256Hex('16505551212'), sha256Hex('jané'), sha256Hex('us')],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/jane|example|650|hiking/i);
    expect(outcome).toEqual({ read: 1, unusable: 0 });
  });

  it('counts rows with nothing to match on as unusable, not as rows to send', () => {
    const { rows, outcome } = rowsOf('email,first\nnot-an-email,Ann\n,Bob\nok@example.com,Cy\n', {
      email: 'em',
      first: 'fn',
    });
    expect(rows).toHaveLength(1);
    expect(outcome).toEqual({ read: 3, unusable: 2 });
  });

  it('names a mapped column the file lacks', () => {
    expect(() => rowsOf('email\nx@example.com\n', { 'E-mail': 'em' })).toThrow(AppError);
    expect(() => rowsOf('email\nx@example.com\n', { 'E-mail': 'em' })).toThrow(
      'The file has no column named “E-mail”.',
    );
  });

  it('reads a large list a slice at a time, yielding rows before the whole file is parsed', () => {
    const csv = `email\n${Array.from({ length: 30_000 }, (_, index) => `p${index}@example.com`).join('\n')}\n`;
    const outcome = { read: 0, unusable: 0 };
    const rows = hashedCustomerRows({ csv, mapping: { email: 'em' } }, { onPlan: () => undefined }, outcome);
    rows.next();
    // The first row came out after the first 64 KiB slice, not after 30,000 lines.
    expect(outcome.read).toBeLessThan(5_000);
    expect([...rows].length + 1).toBe(30_000);
  });
});
