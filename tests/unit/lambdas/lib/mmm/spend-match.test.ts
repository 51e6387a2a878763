import { describe, expect, it } from 'vitest';
import { matchSpend } from '@lambdas/lib/mmm/spend-match';

describe('a model’s Meta spend against the account’s', () => {
  // Prepare: twelve weeks of an account's spend with a pattern (rises, a dip, rises again).
  const account = [100, 120, 140, 90, 80, 150, 170, 160, 130, 110, 180, 200];

  it('accepts the account’s own spend, and the same within ±15 % in total', () => {
    expect(matchSpend(account, account)).toMatchObject({ ok: true, totalDifference: 0, correlation: 1 });
    const scaled = matchSpend(
      account.map((v) => v * 1.14),
      account,
    );
    expect(scaled.ok).toBe(true);
    expect(scaled.totalDifference).toBeCloseTo(0.14, 6);
  });

  it('refuses totals more than 15 % apart, naming the difference', () => {
    const more = matchSpend(
      account.map((v) => v * 1.16),
      account,
    );
    expect(more).toMatchObject({ ok: false, failure: 'total' });
    expect(more.totalDifference).toBeCloseTo(0.16, 6);
    expect(
      matchSpend(
        account.map((v) => v * 10_000),
        account,
      ),
    ).toMatchObject({ ok: false, failure: 'total' });
  });

  it('refuses the right total spread over other weeks (another account’s pattern)', () => {
    const reversed = [...account].reverse();
    const match = matchSpend(reversed, account);
    expect(match.totalDifference).toBe(0);
    expect(match).toMatchObject({ ok: false, failure: 'pattern' });
    expect(match.correlation!).toBeLessThan(0.8);
  });

  it('refuses when the account spent nothing in those weeks', () => {
    expect(
      matchSpend(
        account,
        account.map(() => 0),
      ),
    ).toMatchObject({
      ok: false,
      failure: 'no_account_spend',
      accountTotal: 0,
    });
  });

  it('compares flat spends period by period (no pattern to correlate)', () => {
    const flat = account.map(() => 100);
    expect(matchSpend(flat, flat)).toMatchObject({ ok: true, correlation: null });
    // Same total, but all of it in half the weeks.
    const lumpy = account.map((_, i) => (i % 2 === 0 ? 200 : 0));
    expect(matchSpend(lumpy, flat)).toMatchObject({ ok: false, failure: 'pattern', correlation: null });
  });
});
