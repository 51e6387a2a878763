import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { adCopyAngleKeys } from '@shared/ad-copy-rules';
import { OFFER_KINDS } from '@shared/creative-offer';
import type { Usage } from '@shared/schemas/billing';
import {
  CreativeElementRecordSchema,
  CreativeReportSchema,
  CreativeTagReplySchema,
  type CreativeElementRecord,
} from '@shared/schemas/creative-report';
import { twinDocumentClient } from '../ai/ai-user';
import { optimizerUsers, type OptimizerUsers } from '../optimizer/optimizer-setup';

/**
 * Ads made outside Adsmith tagged once by the AI engine (issue 29 req 4), on the twin's offline model. On the demo
 * JPY account: the creative report's own suite records and reads the USD one, and records belong to the ad account.
 */

const doc = twinDocumentClient();
const table = localTableName('creativeElements');
let users: OptimizerUsers;
let account: string;
/** An ad Adsmith recorded before the tagging: it must keep Adsmith's record. */
let adsmithAd: string;

async function records(): Promise<CreativeElementRecord[]> {
  const reply = await doc.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'ad_account_id = :a',
      ExpressionAttributeValues: { ':a': account },
    }),
  );
  return (reply.Items ?? []).map((item) => CreativeElementRecordSchema.parse(item.record));
}

const generationsUsed = async () =>
  ((await (await users.user.call('/api/billing/usage')).json()) as Usage).limits.find(
    (l) => l.key === 'aiGenerationsPerDay',
  )!.used;

const tag = (user = users.user, id = account) =>
  user.call(`/api/ad-optimizer/ad-accounts/${id}/creative-tags`, { method: 'POST' });

beforeAll(async () => {
  users = await optimizerUsers('creative-tags');
  account = users.jpyAccount;
  const ads = (await (await users.user.call(`/api/ad-optimizer/ad-accounts/${account}/ads`)).json()) as {
    ads: { id: string }[];
  };
  adsmithAd = ads.ads[0]!.id;
  const record: CreativeElementRecord = {
    adAccountId: account,
    adId: adsmithAd,
    source: 'adsmith',
    elements: { angle: 'urgency', callToAction: 'SHOP_NOW', format: 'single_image' },
    recordedAt: new Date().toISOString(),
  };
  await doc.send(
    new PutCommand({ TableName: table, Item: { ad_account_id: account, ad_id: adsmithAd, source: 'adsmith', record } }),
  );
});

afterAll(async () => {
  for (const record of await records()) {
    await doc.send(new DeleteCommand({ TableName: table, Key: { ad_account_id: account, ad_id: record.adId } }));
  }
  await users.remove();
});

describe('tagging ads made elsewhere', () => {
  it('refuses an ad account that is not the caller’s, and a malformed id, before any AI generation', async () => {
    const outsider = await tag(users.other, 'act_999999999');
    expect([403, 404]).toContain(outsider.status);
    expect((await tag(users.user, 'not-an-account')).status).toBe(400);
  });

  it('tags a batch once from closed lists, keeps Adsmith’s record, counts one generation, and the report counts them', async () => {
    const before = await generationsUsed();
    const reportBefore = CreativeReportSchema.parse(
      await (await users.user.call(`/api/ad-optimizer/ad-accounts/${account}/creative-report`)).json(),
    );
    const reply = await tag();
    expect(reply.status).toBe(200);
    const first = CreativeTagReplySchema.parse(await reply.json());
    expect(first.tagged).toBeGreaterThan(0);
    expect(first.tagged).toBeLessThanOrEqual(20);
    expect(await generationsUsed()).toBe(before + 1);

    const stored = await records();
    const tags = stored.filter((r) => r.source === 'ai');
    expect(tags).toHaveLength(first.tagged);
    for (const { elements } of tags) {
      expect(adCopyAngleKeys).toContain(elements.angle);
      expect(OFFER_KINDS).toContain(elements.offer);
      expect(elements.language).toMatch(/^[a-z]{2}$/);
      // Meta's own creative says the format; the model is never asked for it. Design elements stay absent.
      expect(['single_image', 'carousel', 'video']).toContain(elements.format);
      for (const key of ['template', 'layout', 'colourScheme', 'imageKind'] as const)
        expect(elements[key]).toBeUndefined();
    }
    expect(stored.find((r) => r.adId === adsmithAd)).toMatchObject({
      source: 'adsmith',
      elements: { angle: 'urgency' },
    });

    // Again: only ads not tagged yet, never the same ad twice; once none is left, nothing is counted.
    let remaining = first.remaining;
    for (let round = 0; round < 10 && remaining > 0; round++) {
      const next = CreativeTagReplySchema.parse(await (await tag()).json());
      expect(next.remaining).toBeLessThan(remaining);
      remaining = next.remaining;
    }
    const all = await records();
    expect(new Set(all.map((r) => r.adId)).size).toBe(all.length);
    const used = await generationsUsed();
    const last = CreativeTagReplySchema.parse(await (await tag()).json());
    expect(last).toMatchObject({ tagged: 0, remaining: 0 });
    expect(await generationsUsed()).toBe(used);

    const reportAfter = CreativeReportSchema.parse(
      await (await users.user.call(`/api/ad-optimizer/ad-accounts/${account}/creative-report`)).json(),
    );
    expect(reportAfter.adsWithElements).toBeGreaterThan(reportBefore.adsWithElements);
    expect(reportAfter.adsWithoutElements).toBeLessThan(reportBefore.adsWithoutElements);
  }, 120_000);
});
