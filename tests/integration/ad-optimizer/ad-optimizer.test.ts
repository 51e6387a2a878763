import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { twin } from '../twin-client';
import type { AdCard, AdCardList, AdTest } from '@shared/schemas/ad-optimizer';
import type { Usage } from '@shared/schemas/billing';
import type { FreshUser } from '../meta-api/meta-user';
import { auditRows } from '../meta-api/meta-user';
import { campaignEvents, optimizerUsers, type OptimizerUsers } from '../optimizer/optimizer-setup';

/**
 * The ad optimizer on the twin: a seeded fatiguing ad of the demo USD account shows as a card with
 * its verdict and curve; rewriting it goes through the ad copy generator (the offline model, the
 * AI quota); approving creates a paused copy with the new creative in the same ad set (audited,
 * evented) exactly once however often it is retried; another user is refused; undo deletes it.
 */

/** Moves a created A/B copy's approval (and so its undo window) back in time, as if made `hours` ago. */
async function approvedHoursAgo(userSub: string, testId: string, hours: number): Promise<void> {
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: twin().dynamodb,
      region: twin().cognito.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const approvedAt = Date.now() - hours * 3600_000;
  await doc.send(
    new UpdateCommand({
      TableName: localTableName('adOptimizerTests'),
      Key: { user_id: userSub, test_id: testId },
      UpdateExpression: 'SET #record.approvedAt = :approvedAt, #record.undoUntil = :undoUntil',
      ExpressionAttributeNames: { '#record': 'record' },
      ExpressionAttributeValues: {
        ':approvedAt': new Date(approvedAt).toISOString(),
        ':undoUntil': new Date(approvedAt + 24 * 3600_000).toISOString(),
      },
    }),
  );
  doc.destroy();
}

describe('ad optimizer', () => {
  let users: OptimizerUsers;
  let list: AdCardList;
  let tired: AdCard;
  let rewrite: AdTest;

  const cards = async (who: FreshUser = users.user) => {
    const reply = await who.call(`/api/ad-optimizer/ad-accounts/${users.usdAccount}/ads`);
    expect(reply.status).toBe(200);
    return (await reply.json()) as AdCardList;
  };

  beforeAll(async () => {
    users = await optimizerUsers('ad-optimizer');
    list = await cards();
  });
  afterAll(() => users.remove());

  it('lists the ads as cards: creative with thumbnail, metrics, daily curve, rankings, the fatigue verdict', () => {
    expect(list.currency).toBe('USD');
    expect(list.ads.length).toBeGreaterThan(0);
    const fatigued = list.ads.filter((ad) => ad.verdicts.some((v) => v.kind === 'creative_fatigue'));
    expect(fatigued.length).toBeGreaterThan(0);
    // The seeded ad with the longest history: other files on this twin may add copies that tire within days.
    tired = [...fatigued].sort((a, b) => b.days.length - a.days.length)[0]!;
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
      ((await (await users.user.call('/api/billing/usage')).json()) as Usage).limits.find(
        (l) => l.key === 'aiGenerationsPerDay',
      )!.used;
    const before = await generations();
    const reply = await users.user.call(`/api/ad-optimizer/ads/${tired.id}/rewrites`, {
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
    const bad = await users.user.call(`/api/ad-optimizer/ads/${tired.id}/rewrites`, {
      method: 'POST',
      body: JSON.stringify({ variants: 9 }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('VALIDATION_ERROR');
    const stranger = await users.other.call(`/api/ad-optimizer/rewrites/${rewrite.id}/approve`, {
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
    const approve = () => users.user.call(`/api/ad-optimizer/rewrites/${rewrite.id}/approve`, { method: 'POST', body });
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

    const rows = (await auditRows(users.userSub)).filter((r) => r.source === `ad-optimizer:${rewrite.id}`);
    expect(rows.map((r) => r.status).sort()).toEqual(['completed', 'pending']);
    expect(rows.find((r) => r.status === 'completed')).toMatchObject({
      action: 'create_ad_copy',
      object_id: tired.id,
      created_object_id: made.copyAdId,
      after: { status: 'PAUSED' },
    });
    const events = await campaignEvents((detail) => detail.objectId === made.copyAdId);
    expect(events[0]!.event.detail).toMatchObject({ action: 'create_ad_copy', level: 'ad', userId: users.userSub });
  });

  it('undo deletes the copy; the original keeps running', async () => {
    const stranger = await users.other.call(`/api/ad-optimizer/rewrites/${rewrite.id}/undo`, { method: 'POST' });
    expect(stranger.status).toBe(404);
    const reply = await users.user.call(`/api/ad-optimizer/rewrites/${rewrite.id}/undo`, { method: 'POST' });
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as AdTest).status).toBe('deleted');
    const after = await cards();
    expect(after.ads.some((ad) => ad.name === `${tired.name} — B`)).toBe(false);
    expect(after.ads.find((ad) => ad.id === tired.id)!.status).toBe('ACTIVE');
    const again = await users.user.call(`/api/ad-optimizer/rewrites/${rewrite.id}/approve`, {
      method: 'POST',
      body: JSON.stringify({ headline: 'x', primaryText: 'y' }),
    });
    expect(again.status).toBe(409);
  });

  it('offers undo for 24 hours only: after them a 409 CONFLICT says so and the copy stays at Meta', async () => {
    const written = await users.user.call(`/api/ad-optimizer/ads/${tired.id}/rewrites`, {
      method: 'POST',
      body: JSON.stringify({ variants: 2 }),
    });
    expect(written.status).toBe(201);
    const second = (await written.json()) as AdTest;
    const chosen = second.variants[1]!;
    const approved = await users.user.call(`/api/ad-optimizer/rewrites/${second.id}/approve`, {
      method: 'POST',
      body: JSON.stringify({ headline: chosen.headline, primaryText: chosen.primaryText, description: '' }),
    });
    expect(approved.status).toBe(200);
    const made = (await approved.json()) as AdTest;
    expect(Date.parse(made.undoUntil!) - Date.parse(made.approvedAt!)).toBe(24 * 3600_000);

    await approvedHoursAgo(users.userSub, second.id, 25);
    const late = await users.user.call(`/api/ad-optimizer/rewrites/${second.id}/undo`, { method: 'POST' });
    expect(late.status).toBe(409);
    expect((await late.json()).error).toEqual({
      code: 'CONFLICT',
      message: 'The 24 hours in which this change could be undone have passed.',
    });
    const after = await cards();
    expect(after.ads.find((ad) => ad.id === made.copyAdId)).toMatchObject({ status: 'PAUSED' });
    expect(after.tests.find((t) => t.id === second.id)).toMatchObject({ status: 'created' });
    expect((await auditRows(users.userSub)).filter((r) => r.source === `ad-optimizer-undo:${second.id}`)).toHaveLength(
      0,
    );

    // Within the window (23 hours on) the same copy is deleted: only the time decided. It leaves the shared world clean.
    await approvedHoursAgo(users.userSub, second.id, 23);
    const inTime = await users.user.call(`/api/ad-optimizer/rewrites/${second.id}/undo`, { method: 'POST' });
    expect(inTime.status).toBe(200);
    expect(((await inTime.json()) as AdTest).status).toBe('deleted');
  });
});
