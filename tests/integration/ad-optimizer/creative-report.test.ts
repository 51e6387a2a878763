import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import type { AdCardList } from '@shared/schemas/ad-optimizer';
import { CreativeReportSchema, type CreativeReport } from '@shared/schemas/creative-report';
import { twin } from '../twin-client';
import { optimizerUsers, type OptimizerUsers } from '../optimizer/optimizer-setup';

/**
 * The creative report on the twin. The Meta sandbox seeds the demo USD account's app campaign with a
 * winning ad set (CTR factor 1.4) and a losing one (0.5); their ads are recorded as written from two
 * headline angles, as the campaign generator records what it publishes, so the report must call the
 * winner's angle on the sandbox's own insights. (That a difference with no effect is not called a
 * winner is tested on seeded data with known truth: tests/unit/lambdas/lib/creative-report.)
 */

const WINNER_ADSET = 'Lookalike 1% | app installs';
const LOSER_ADSET = 'Interests: Camping | app installs';

describe('creative report', () => {
  let users: OptimizerUsers;
  let doc: DynamoDBDocumentClient;
  const recorded: string[] = [];

  beforeAll(async () => {
    users = await optimizerUsers('creative-report');
    doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: twin().dynamodb,
        region: twin().cognito.region,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    const cards = (await (
      await users.user.call(`/api/ad-optimizer/ad-accounts/${users.usdAccount}/ads`)
    ).json()) as AdCardList;
    const tag = async (adsetName: string, angle: string) => {
      const ads = cards.ads.filter((ad) => ad.adsetName === adsetName);
      expect(ads.length).toBeGreaterThan(0);
      for (const ad of ads) {
        recorded.push(ad.id);
        await doc.send(
          new PutCommand({
            TableName: localTableName('creativeElements'),
            Item: {
              ad_account_id: users.usdAccount,
              ad_id: ad.id,
              source: 'adsmith',
              record: {
                adAccountId: users.usdAccount,
                adId: ad.id,
                source: 'adsmith',
                elements: { angle, callToAction: 'INSTALL_MOBILE_APP', format: 'single_image' },
                recordedAt: new Date().toISOString(),
              },
            },
          }),
        );
      }
    };
    await tag(WINNER_ADSET, 'urgency');
    await tag(LOSER_ADSET, 'benefit');
  });

  afterAll(async () => {
    for (const adId of recorded) {
      await doc.send(
        new DeleteCommand({
          TableName: localTableName('creativeElements'),
          Key: { ad_account_id: users.usdAccount, ad_id: adId },
        }),
      );
    }
    doc.destroy();
    await users.remove();
  });

  it("ranks the recorded ads' angles on the sandbox's insights and calls the truly better one", async () => {
    const reply = await users.user.call(`/api/ad-optimizer/ad-accounts/${users.usdAccount}/creative-report`);
    expect(reply.status).toBe(200);
    const report: CreativeReport = CreativeReportSchema.parse(await reply.json());
    expect(report.currency).toBe('USD');
    // Ranked within the app campaign's installs only; the account's other objectives are their own groups.
    const app = report.groups.find((g) => g.objective === 'OUTCOME_APP_PROMOTION')!;
    expect(app).toMatchObject({ resultType: 'mobile_app_install', label: 'App promotion · App installs' });
    expect(report.groups.length).toBeGreaterThan(1);
    expect(new Set(report.groups.map((g) => g.key)).size).toBe(report.groups.length);
    const spends = report.groups.map((g) => g.spend);
    expect(spends).toEqual([...spends].sort((a, b) => b - a));
    for (const other of report.groups.filter((g) => g !== app)) expect(other.elements).toEqual([]);
    const angle = app.elements.find((e) => e.element === 'angle')!;
    const urgency = angle.values.find((v) => v.value === 'urgency')!;
    const benefit = angle.values.find((v) => v.value === 'benefit')!;
    // Counted are the recorded ads with delivery in the 8 weeks; the account's other ads are untagged.
    expect(urgency.ads + benefit.ads).toBeGreaterThan(1);
    expect(urgency.ads + benefit.ads).toBeLessThanOrEqual(recorded.length);
    expect(report.adsWithElements).toBeGreaterThanOrEqual(urgency.ads + benefit.ads);
    expect(report.adsWithoutElements).toBeGreaterThan(0);
    expect(urgency.ctrPercent!).toBeGreaterThan(benefit.ctrPercent!);
    expect(urgency).toMatchObject({ winnerCtr: true, winnerCost: true });
    expect(benefit).toMatchObject({ winnerCtr: false, winnerCost: false });
    expect(angle.values[0]!.value).toBe('urgency');
    expect(urgency.weeks.length).toBeGreaterThan(1);

    // Both angles' ads share one call to action: a single value is never a winner.
    const cta = app.elements.find((e) => e.element === 'callToAction')!;
    expect(cta.values.find((v) => v.value === 'INSTALL_MOBILE_APP')).toMatchObject({ winnerCtr: false });
    expect(report.graphCalls).toBeLessThanOrEqual(6);
  });

  it('refuses an ad account id that is not one with a 400 naming the field', async () => {
    const reply = await users.user.call('/api/ad-optimizer/ad-accounts/not-an-account/creative-report');
    expect(reply.status).toBe(400);
    expect(JSON.stringify(await reply.json())).toMatch(/id/);
  });
});
