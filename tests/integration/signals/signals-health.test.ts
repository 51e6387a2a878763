import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignalsHealth } from '@shared/schemas/signals';
import { optimizerUsers, type OptimizerUsers } from '../optimizer/optimizer-setup';

/** GET /api/signals/ad-accounts/{id}/health on the twin: the demo pixel's seeded problems as ranked fixes. */
describe('signals health', () => {
  let users: OptimizerUsers;

  beforeAll(async () => {
    users = await optimizerUsers('signals');
  });
  afterAll(() => users.remove());

  it("explains the demo pixel's problems, most effect first, with each event's figures", async () => {
    const reply = await users.user.call(`/api/signals/ad-accounts/${users.usdAccount}/health`);
    expect(reply.status).toBe(200);
    const health = (await reply.json()) as SignalsHealth;
    const [pixel] = health.pixels;
    expect(pixel?.fixes.map((fix) => `${fix.kind} ${fix.eventName}`)).toEqual([
      'deduplication Purchase',
      'stopped AddToCart',
      'matchQuality Purchase',
      'freshness Purchase',
    ]);
    const purchase = pixel!.events.find((event) => event.eventName === 'Purchase')!;
    expect(purchase.matchQuality).toBeLessThan(3);
    expect(purchase.serverWithEventId).toBeLessThan(50);
    expect(purchase.uploadFrequency).toBe('hourly');
    expect(pixel!.events.find((event) => event.eventName === 'PageView')!.matchQuality).toBeUndefined();

    // The week day by day from Meta's stats: AddToCart's last days are empty, Purchase comes from both sources.
    expect(pixel!.history).toHaveLength(7);
    const lastDays = pixel!.history.slice(-3);
    expect(lastDays.flatMap((day) => day.events.map((event) => event.eventName))).not.toContain('AddToCart');
    const purchases = pixel!.history.flatMap((day) => day.events.filter((event) => event.eventName === 'Purchase'));
    expect(purchases.reduce((sum, event) => sum + event.browser, 0)).toBeGreaterThan(0);
    expect(purchases.reduce((sum, event) => sum + event.server, 0)).toBeGreaterThan(0);
    expect(pixel!.history[3]!.serverDeduplicated).toBeGreaterThan(50);
  });

  it('refuses an ad account the connection does not hold', async () => {
    const reply = await users.user.call('/api/signals/ad-accounts/act_999999999/health');
    expect(reply.status).toBe(404);
  });
});
