import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignalsHealth } from '@shared/schemas/signals';
import type { CreatedSiteKey } from '@shared/schemas/signals-endpoint';
import { api } from '../twin-client';
import { sandbox } from '../meta-api/meta-user';
import { optimizerUsers, until, type OptimizerUsers } from '../optimizer/optimizer-setup';

/**
 * The first-party Conversions API endpoint on the twin, end to end: a site key created signed in, events posted the
 * way the snippet posts them (text/plain, key in the body), the queue, the delivery worker, the sandbox counting each
 * once, and the delivery figures on the signals health route.
 */
// The JPY account's pixel: the USD one's seeded problems are what the health test ranks, and every integration file
// shares one sandbox, so purchases sent here must not change them.
describe('first-party Conversions API endpoint', () => {
  let users: OptimizerUsers;
  let pixelId: string;
  let created: CreatedSiteKey;
  const run = randomUUID().slice(0, 8);

  beforeAll(async () => {
    users = await optimizerUsers('signals-endpoint');
    const health = (await (
      await users.user.call(`/api/signals/ad-accounts/${users.jpyAccount}/health`)
    ).json()) as SignalsHealth;
    pixelId = health.pixels[0]!.id;
    const reply = await users.user.call('/api/signals/site-keys', {
      method: 'POST',
      body: JSON.stringify({ label: 'shop', adAccountId: users.jpyAccount.replace(/^act_/, ''), pixelId }),
    });
    expect(reply.status).toBe(201);
    created = (await reply.json()) as CreatedSiteKey;
  });
  afterAll(() => users.remove());

  const post = (key: string, ids: string[]) =>
    api('/api/signals/events', {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://shop.example.com' },
      body: JSON.stringify({
        key,
        consent: true,
        data: ids.map((id) => ({
          event_name: 'Purchase',
          event_time: Math.floor(Date.now() / 1000) - 2,
          event_id: id,
          action_source: 'website',
          event_source_url: 'https://shop.example.com/thanks',
          user_data: { em: 'Buyer@Example.com', client_user_agent: 'Mozilla/5.0 (test)' },
          custom_data: { value: 19.9, currency: 'USD' },
        })),
      }),
    });

  it('delivers each accepted event to the pixel once, and shows the delivery on the health screen', async () => {
    const ids = Array.from({ length: 5 }, (_, i) => `${run}-order-${i}`);
    const first = await post(created.key, ids);
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ accepted: 5, duplicates: 0 });
    // The site resends two of them: accepted once only.
    expect(await (await post(created.key, ids.slice(0, 2))).json()).toEqual({ accepted: 0, duplicates: 2 });

    const events = await until(
      async () =>
        (
          (await (await fetch(`${sandbox()}/__admin/pixels/${pixelId}/events`)).json()) as {
            data: { eventId?: string; channel: string; deduplicated: boolean; matchKeys: string[] }[];
          }
        ).data.filter((event) => event.eventId?.startsWith(run)),
      (found) => found.length >= 5,
    );
    expect(events.map((event) => event.eventId).sort()).toEqual(ids);
    expect(events.every((event) => event.channel === 'server' && !event.deduplicated)).toBe(true);
    expect(events[0]!.matchKeys).toEqual(expect.arrayContaining(['em', 'client_user_agent', 'client_ip_address']));

    const health = await until(
      async () =>
        (await (await users.user.call(`/api/signals/ad-accounts/${users.jpyAccount}/health`)).json()) as SignalsHealth,
      (found) => (found.pixels[0]?.delivery?.hours.reduce((sum, hour) => sum + hour.delivered, 0) ?? 0) >= 5,
    );
    const delivery = health.pixels[0]!.delivery!;
    expect(delivery.hours.reduce((sum, hour) => sum + hour.accepted, 0)).toBe(5);
    expect(delivery.hours.reduce((sum, hour) => sum + hour.duplicates, 0)).toBe(2);
    expect(delivery.waiting).toBe(0);
    // Freshness over the week: today's point holds the five, each about 2 s old (event_time) when Meta got it.
    const today = delivery.days.at(-1)!;
    expect(delivery.days).toHaveLength(7);
    expect(today.delivered).toBeGreaterThanOrEqual(5);
    expect(today.meanAgeMs).toBeGreaterThanOrEqual(2_000);
    expect(today.maxAgeMs).toBeGreaterThanOrEqual(today.meanAgeMs!);
    // Reading the screen records today's quality figures, the first point of the quality-by-day chart.
    const recentDays = [Date.now() - 120_000, Date.now()].map((at) => new Date(at).toISOString().slice(0, 10));
    expect(recentDays).toContain(health.pixels[0]!.qualityDays.at(-1)!.day);
  });

  it("refuses a revoked key, and one workspace cannot revoke another's", async () => {
    const other = await users.other.call(`/api/signals/site-keys/${created.id}`, { method: 'DELETE' });
    expect(other.status).toBe(404);
    const revoked = await users.user.call(`/api/signals/site-keys/${created.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    const refused = await until(
      () => post(created.key, [`${run}-after-revoke`]),
      (reply) => reply.status === 401,
    );
    expect(refused.status).toBe(401);
    const list = (await (await users.user.call('/api/signals/site-keys')).json()) as { keys: { revokedAt?: string }[] };
    expect(list.keys[0]?.revokedAt).toBeDefined();
    expect(JSON.stringify(list)).not.toContain(created.key);
  });

  it('names the field of a bad event (400), never a 500', async () => {
    const reply = await api('/api/signals/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: created.key, consent: false, data: [{ event_name: 'Lead' }] }),
    });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(await reply.json())).toContain('event_id');
  });
});
