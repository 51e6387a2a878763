import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdCard, AdCardList, AdTest } from '@shared/schemas/ad-optimizer';
import type { Usage } from '@shared/schemas/billing';
import { twin } from '../twin-client';
import { auditRows, connectMeta, freshUser, type FreshUser } from '../meta-api/meta-user';

/**
 * The ad optimizer on the twin: a seeded fatiguing ad of the demo USD account shows as a card with
 * its verdict and curve; rewriting it goes through the ad copy generator (the offline model, the
 * AI quota); approving creates a paused copy with the new creative in the same ad set (audited,
 * evented) exactly once however often it is retried; another user is refused; undo deletes it.
 */

interface BusEvent {
  event: { 'detail-type': string; detail: Record<string, unknown> };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > giveUpAt) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('ad optimizer', () => {
  let user: FreshUser;
  let other: FreshUser;
  let userSub: string;
  let usdAccount: string;
  let list: AdCardList;
  let tired: AdCard;
  let rewrite: AdTest;

  const cards = async (who: FreshUser = user) => {
    const reply = await who.call(`/api/ad-optimizer/ad-accounts/${usdAccount}/ads`);
    expect(reply.status).toBe(200);
    return (await reply.json()) as AdCardList;
  };

  beforeAll(async () => {
    user = await freshUser('ad-optimizer');
    other = await freshUser('ad-optimizer-other');
    await connectMeta(user);
    await connectMeta(other);
    userSub = (await (await user.call('/api/me')).json()).uid;
    const accounts = (await (await user.call('/api/meta/ad-accounts')).json()).data as {
      id: string;
      currency: string;
    }[];
    usdAccount = accounts.find((a) => a.currency === 'USD')!.id;
    list = await cards();
  });
  afterAll(async () => {
    await user.remove();
    await other.remove();
  });

  it('lists the ads as cards: creative with thumbnail, metrics, daily curve, rankings, the fatigue verdict', () => {
    expect(list.currency).toBe('USD');
    expect(list.ads.length).toBeGreaterThan(0);
    const fatigued = list.ads.filter((ad) => ad.verdicts.some((v) => v.kind === 'creative_fatigue'));
    expect(fatigued.length).toBeGreaterThan(0);
    tired = fatigued[0]!;
    // The flagged ads come first.
    expect(list.ads[0]!.verdicts.length).toBeGreaterThan(0);
    const verdict = tired.verdicts.find((v) => v.kind === 'creative_fatigue')!;
    expect(verdict.evidence.lastWeekFrequency).toBeGreaterThan(verdict.evidence.firstWeekFrequency!);
    expect(verdict.evidence.lastWeekCtrPercent).toBeLessThan(verdict.evidence.firstWeekCtrPercent!);
    expect(tired.creative).toMatchObject({ rewritable: true });
    expect(tired.creative!.thumbnailUrl).toMatch(/^data:image\/svg\+xml;base64,|^https:/);
    expect(tired.creative!.headline.length).toBeGreaterThan(0);
    expect(tired.days.length).toBeGreaterThan(28);
    expect(tired.firstWeek).toBeTruthy();
    expect(tired.metrics.impressions).toBeGreaterThan(0);
    expect(tired.metrics.frequency).toBeGreaterThan(1);
    expect(list.graphCalls).toBeLessThanOrEqual(12);
  });

  it('rewrites the tired ad through the ad copy generator, prompted with its copy and why it is tired', async () => {
    const generations = async () =>
      ((await (await user.call('/api/billing/usage')).json()) as Usage).limits.find(
        (l) => l.key === 'aiGenerationsPerDay',
      )!.used;
    const before = await generations();
    const reply = await user.call(`/api/ad-optimizer/ads/${tired.id}/rewrites`, {
      method: 'POST',
      body: JSON.stringify({ audience: 'weekend hikers', variants: 2 }),
    });
    expect(reply.status).toBe(201);
    rewrite = (await reply.json()) as AdTest;
    expect(rewrite).toMatchObject({ status: 'proposed', adId: tired.id, adsetId: tired.adsetId, offline: true });
    expect(rewrite.variants).toHaveLength(2);
    expect(rewrite.reason).toMatch(/CTR fell from/);
    expect(rewrite.original.headline).toBe(tired.creative!.headline);
    // One generation of the plan's daily AI quota, as the ad copy generator counts it.
    expect(await generations()).toBe(before + 1);
  });

  it('validates the rewrite request and refuses another user’s ad account objects', async () => {
    const bad = await user.call(`/api/ad-optimizer/ads/${tired.id}/rewrites`, {
      method: 'POST',
      body: JSON.stringify({ variants: 9 }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('VALIDATION_ERROR');
    const stranger = await other.call(`/api/ad-optimizer/rewrites/${rewrite.id}/approve`, {
      method: 'POST',
      body: JSON.stringify({ headline: 'x', primaryText: 'y' }),
    });
    expect(stranger.status).toBe(404);
  });

  it('approve creates one paused copy with the new creative in the same ad set, audited and evented; a retry creates nothing more', async () => {
    const chosen = rewrite.variants[0]!;
    const body = JSON.stringify({
      headline: `${chosen.headline.slice(0, 30)} (edited)`,
      primaryText: chosen.primaryText,
      description: chosen.description,
    });
    const approve = () => user.call(`/api/ad-optimizer/rewrites/${rewrite.id}/approve`, { method: 'POST', body });
    const first = await approve();
    expect(first.status).toBe(200);
    const made = (await first.json()) as AdTest;
    expect(made.status).toBe('created');
    expect(made.copyAdName).toBe(`${tired.name} — B`);

    const again = await approve();
    expect(again.status).toBe(200);
    expect(((await again.json()) as AdTest).copyAdId).toBe(made.copyAdId);

    const after = await cards();
    const copies = after.ads.filter((ad) => ad.name === `${tired.name} — B`);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ id: made.copyAdId, adsetId: tired.adsetId, status: 'PAUSED' });
    expect(copies[0]!.creative).toMatchObject({
      headline: `${chosen.headline.slice(0, 30)} (edited)`,
      primaryText: chosen.primaryText,
      link: tired.creative!.link,
    });
    // The same image as the original.
    expect(copies[0]!.creative!.imageUrl).toBe(tired.creative!.imageUrl);
    expect(after.tests.find((t) => t.id === rewrite.id)).toMatchObject({ status: 'created', copyAdId: made.copyAdId });

    const rows = (await auditRows(userSub)).filter((r) => r.source === `ad-optimizer:${rewrite.id}`);
    expect(rows.map((r) => r.status).sort()).toEqual(['completed', 'pending']);
    expect(rows.find((r) => r.status === 'completed')).toMatchObject({
      action: 'create_ad_copy',
      object_id: tired.id,
      created_object_id: made.copyAdId,
      after: { status: 'PAUSED' },
    });
    const events = await until(
      async () =>
        ((await (await fetch(`${twin().eventBridge}/events?detailType=campaign`)).json()) as BusEvent[]).filter(
          (e) => e.event.detail.objectId === made.copyAdId,
        ),
      (found) => found.length > 0,
    );
    expect(events[0]!.event.detail).toMatchObject({ action: 'create_ad_copy', level: 'ad', userId: userSub });
  });

  it('undo deletes the copy; the original keeps running', async () => {
    const stranger = await other.call(`/api/ad-optimizer/rewrites/${rewrite.id}/undo`, { method: 'POST' });
    expect(stranger.status).toBe(404);
    const reply = await user.call(`/api/ad-optimizer/rewrites/${rewrite.id}/undo`, { method: 'POST' });
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as AdTest).status).toBe('deleted');
    const after = await cards();
    expect(after.ads.some((ad) => ad.name === `${tired.name} — B`)).toBe(false);
    expect(after.ads.find((ad) => ad.id === tired.id)!.status).toBe('ACTIVE');
    const again = await user.call(`/api/ad-optimizer/rewrites/${rewrite.id}/approve`, {
      method: 'POST',
      body: JSON.stringify({ headline: 'x', primaryText: 'y' }),
    });
    expect(again.status).toBe(409);
  });
});
