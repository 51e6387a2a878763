import { describe, expect, it } from 'vitest';
import { accountContext, resultWords } from '@lambdas/chatbot/account-context';
import { ACCOUNT_CONTEXT_TTL_MS, cachedChatAccount } from '@lambdas/chatbot/read-account';
import { CHAT_ACCOUNT_CAMPAIGNS } from '@shared/schemas/chat-account';
import { campaignRow, demoPeriods } from '@tests/support/chat-account-fixtures';

describe('the account as the chatbot is told it', () => {
  it('ranks campaigns by cost per result against the median of their own result type', () => {
    const context = accountContext(demoPeriods());
    expect(context.campaigns.map((c) => c.name)).toEqual([
      'Retargeting — cart abandoners',
      'Spring sale — prospecting',
      'Summer sale — broad',
      'App installs — iOS',
      'Brand awareness',
    ]);
    const worst = context.campaigns[0]!;
    // Purchases: 30.86, 18.40 and 22.10 → median 22.10; the installs campaign is not part of it.
    expect(worst.costPerResult).toEqual({ value: 30.86, text: '$30.86' });
    expect(worst.medianCostPerResult).toEqual({ value: 22.1, text: '$22.10' });
    expect(worst.campaignsInMedian).toBe(3);
    expect(worst.resultLabel).toBe('purchases');
    expect(worst.previousCpm?.text).toBe('$10.10');
    expect(worst.medianScope).toBe('resultType');
    // Alone of its kind: against the whole account's median (30.86, 22.10, 18.40, 3.50 → 20.25), said so.
    const installs = context.campaigns.find((c) => c.name === 'App installs — iOS')!;
    expect(installs.medianScope).toBe('account');
    expect(installs.campaignsInMedian).toBe(4);
    expect(installs.medianCostPerResult?.text).toBe('$20.25');
  });

  it('adds up the period and leaves out campaigns that did not deliver', () => {
    const context = accountContext(demoPeriods());
    expect(context.campaigns.some((c) => c.name === 'Paused test')).toBe(false);
    expect(context.totals.spend.text).toBe('$4,466.16');
    expect(context.period).toEqual({ since: '2026-10-24', until: '2026-11-22', days: 30 });
    expect(context.campaigns[0]!.daysRunning).toBe(60);
  });

  it('writes money in the account’s currency (yen has no decimals)', () => {
    const context = accountContext({
      ...demoPeriods(),
      account: { id: 'act_2', name: 'Demo JPY', currency: 'JPY' },
      current: {
        range: { since: '2026-10-24', until: '2026-11-22' },
        campaigns: [campaignRow('c1', 'Tokyo', { spend: 120000, costPerResult: 2400, results: 50 })],
      },
      previous: undefined,
    });
    expect(context.campaigns[0]!.costPerResult?.text).toBe('¥2,400');
    expect(context.campaigns[0]!.previousCpm).toBeNull();
  });

  it('keeps a long account to the worst campaigns', () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      campaignRow(`c${i}`, `Campaign ${i}`, { spend: 100 + i, costPerResult: 10 + i, results: 10 }),
    );
    const context = accountContext({ ...demoPeriods(), current: { ...demoPeriods().current, campaigns: many } });
    expect(context.campaigns).toHaveLength(CHAT_ACCOUNT_CAMPAIGNS);
    expect(context.campaigns[0]!.name).toBe('Campaign 39');
  });

  it('names Meta’s result types in a marketer’s words', () => {
    expect(resultWords('offsite_conversion.fb_pixel_purchase')).toBe('purchases');
    expect(resultWords('mobile_app_install')).toBe('app installs');
    expect(resultWords('onsite_conversion.messaging_first_reply')).toBe('messaging first reply');
  });
});

describe('the account kept for a conversation', () => {
  it('reads Meta once per workspace for a few minutes, and again after a failure or once stale', async () => {
    let clock = 0;
    const reads: string[] = [];
    let fail = true;
    const read = cachedChatAccount(
      async (workspace) => {
        reads.push(workspace);
        if (fail) throw new Error('Meta is down');
        return accountContext(demoPeriods());
      },
      () => clock,
    );
    await expect(read('w1')).rejects.toThrow('Meta is down');
    fail = false;
    await read('w1');
    await read('w1');
    await read('w2');
    expect(reads).toEqual(['w1', 'w1', 'w2']);
    clock += ACCOUNT_CONTEXT_TTL_MS;
    await read('w1');
    expect(reads).toEqual(['w1', 'w1', 'w2', 'w1']);
  });
});
