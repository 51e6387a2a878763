import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { ElementTestReplySchema, type AdCardList, type AdTest } from '@shared/schemas/ad-optimizer';
import { CreativeReportSchema, type CreativeReport } from '@shared/schemas/creative-report';
import { AppliedListSchema } from '@shared/schemas/optimizer-outcomes';
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

  it('proposes one-element A/B tests from the report; approving the button test makes a paused copy with only its button changed', async () => {
    const reply = await users.user.call(`/api/ad-optimizer/ad-accounts/${users.usdAccount}/element-tests`, {
      method: 'POST',
    });
    expect(reply.status).toBe(200);
    const { proposed, aiGenerations } = ElementTestReplySchema.parse(await reply.json());
    const cards = (await (
      await users.user.call(`/api/ad-optimizer/ad-accounts/${users.usdAccount}/ads`)
    ).json()) as AdCardList;
    const adset = (test: AdTest) => cards.ads.find((ad) => ad.id === test.adId)!.adsetName;

    // The angle won ("urgency", the winning ad set's): a copy of an ad of the losing ad set, written from it.
    const angle = proposed.find((t) => t.elementTest?.element === 'angle')!;
    expect(angle.elementTest).toMatchObject({ basis: 'winner', control: 'benefit', variant: 'urgency' });
    expect(angle.elementTest!.probability!).toBeGreaterThanOrEqual(0.95);
    expect(angle.elementTest!.expectedEffect).toMatch(/^Expected: a lower cost per result than “Benefit”/);
    expect(adset(angle)).toBe(LOSER_ADSET);
    expect(angle.variants).toHaveLength(1);
    // Only the angle changes: the button stays the ad's own (the offline model writes the words, labelled).
    expect(angle.variants[0]).toMatchObject({ angle: 'urgency', callToAction: angle.original.callToAction });
    expect(angle.offline).toBe(true);
    expect(aiGenerations).toBe(1);

    // One call to action only: nothing has won, so a challenger the account has not tried, said to be exploratory.
    const button = proposed.find((t) => t.elementTest?.element === 'callToAction')!;
    expect(button.elementTest).toMatchObject({
      basis: 'exploratory',
      control: 'INSTALL_MOBILE_APP',
      variant: 'DOWNLOAD',
      variantLabel: 'Download',
    });
    expect(button.elementTest!.expectedEffect).toMatch(/^Exploratory: no effect is predicted/);
    expect(button.adId).not.toBe(angle.adId);
    const variant = button.variants[0]!;
    expect(variant).toMatchObject({
      headline: button.original.headline,
      primaryText: button.original.primaryText,
      callToAction: 'DOWNLOAD',
    });

    // Edited words would test more than the button: refused, nothing made.
    const approve = (body: object) =>
      users.user.call(`/api/ad-optimizer/rewrites/${button.id}/approve`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
    const edited = await approve({ ...variant, angle: undefined, headline: 'Something else' });
    expect(edited.status).toBe(400);
    const made = await approve({
      headline: variant.headline,
      primaryText: variant.primaryText,
      description: variant.description,
      callToAction: variant.callToAction,
    });
    expect(made.status).toBe(200);
    const created = (await made.json()) as AdTest;
    expect(created.status).toBe('created');
    recorded.push(created.copyAdId!);

    const after = (await (
      await users.user.call(`/api/ad-optimizer/ad-accounts/${users.usdAccount}/ads`)
    ).json()) as AdCardList;
    const original = after.ads.find((ad) => ad.id === button.adId)!;
    const copy = after.ads.find((ad) => ad.id === created.copyAdId)!;
    expect(copy).toMatchObject({ status: 'PAUSED', adsetId: original.adsetId });
    expect(copy.creative).toMatchObject({
      headline: original.creative!.headline,
      primaryText: original.creative!.primaryText,
      imageUrl: original.creative!.imageUrl,
      callToAction: 'DOWNLOAD',
    });
    // The copy's elements are the control's with the button changed: the report measures it from now on.
    const row = await doc.send(
      new GetCommand({
        TableName: localTableName('creativeElements'),
        Key: { ad_account_id: users.usdAccount, ad_id: created.copyAdId },
      }),
    );
    expect(row.Item?.record).toMatchObject({
      source: 'adsmith',
      elements: { angle: button.elementTest!.controlElements.angle, callToAction: 'DOWNLOAD', format: 'single_image' },
    });

    // A second request proposes nothing for the ads already under test.
    const again = ElementTestReplySchema.parse(
      await (
        await users.user.call(`/api/ad-optimizer/ad-accounts/${users.usdAccount}/element-tests`, { method: 'POST' })
      ).json(),
    );
    expect(again.proposed.map((t) => t.adId)).not.toContain(button.adId);
    expect(again.proposed.map((t) => t.adId)).not.toContain(angle.adId);

    // The optimizer's Applied tab lists it from the moment it is made, as its own kind: the copy made paused is
    // waiting, nothing compared yet; the recommendations and the detectors' scores are untouched by it.
    const applied = async () =>
      AppliedListSchema.parse(
        await (await users.user.call(`/api/optimizer/ad-accounts/${users.usdAccount}/applied`)).json(),
      );
    const listed = await applied();
    const abRow = listed.abTests.find((t) => t.id === button.id)!;
    const { controlLabel, variantLabel } = button.elementTest!;
    expect(abRow).toMatchObject({
      kind: 'element_test',
      title: `A/B test: call to action “${controlLabel}” → “${variantLabel}”`,
      predicted: { basis: 'exploratory', text: button.elementTest!.expectedEffect },
      run: { state: 'waiting' },
      measurement: {
        state: 'collecting',
        control: { adId: button.adId },
        variant: { adId: created.copyAdId, impressions: 0 },
      },
    });
    expect(listed.data.map((item) => item.id)).not.toContain(button.id);
    expect(listed.detectors.every((score) => score.n === 0)).toBe(true);

    const undo = await users.user.call(`/api/ad-optimizer/rewrites/${button.id}/undo`, { method: 'POST' });
    expect(undo.status).toBe(200);
    // Undone: the row stays, saying so.
    expect((await applied()).abTests.find((t) => t.id === button.id)?.run).toMatchObject({
      state: 'stopped',
      reason: 'undone',
    });
  });

  it('refuses an ad account id that is not one with a 400 naming the field', async () => {
    const reply = await users.user.call('/api/ad-optimizer/ad-accounts/not-an-account/creative-report');
    expect(reply.status).toBe(400);
    expect(JSON.stringify(await reply.json())).toMatch(/id/);
  });
});
