import { describe, expect, it } from 'vitest';
import { addDays } from '@infra/twin/meta-sandbox/calendar';
import { updateAdObject } from '@infra/twin/meta-sandbox/graph-writes';
import { expectedImpressions, fatigueMultiplier, SPEND_ELASTICITY } from '@infra/twin/meta-sandbox/insights-model';
import { INSIGHTS_HISTORY_DAYS } from '@infra/twin/meta-sandbox/seed';
import { current } from '@infra/twin/meta-sandbox/world';
import { accountByCurrency, demoWorld, FIXED_NOW } from './world-fixture';

describe('seeded world', () => {
  it('has the demo user, a USD/New York and a JPY/Tokyo account, six ODAX objectives and mixed statuses', () => {
    const { world } = demoWorld();

    expect(world.user.name).toBe('Demo Marketer');
    expect(world.user.id).toMatch(/^\d{15}$/);
    expect([...world.accounts.values()].map((a) => `${a.currency} ${a.timezoneName}`)).toEqual([
      'USD America/New_York',
      'JPY Asia/Tokyo',
    ]);
    const campaigns = [...world.campaigns.values()];
    expect(campaigns).toHaveLength(12);
    expect(new Set(campaigns.map((c) => c.objective))).toEqual(
      new Set([
        'OUTCOME_AWARENESS',
        'OUTCOME_TRAFFIC',
        'OUTCOME_ENGAGEMENT',
        'OUTCOME_LEADS',
        'OUTCOME_APP_PROMOTION',
        'OUTCOME_SALES',
      ]),
    );
    expect(new Set(campaigns.map((c) => current(c.statusHistory)))).toEqual(new Set(['ACTIVE', 'PAUSED', 'ARCHIVED']));
  });

  it('puts each budget on the campaign or on its ad sets, never both, in whole minor units', () => {
    const { world } = demoWorld();

    for (const campaign of world.campaigns.values()) {
      const adsets = [...world.adsets.values()].filter((adset) => adset.campaignId === campaign.id);
      const campaignBudget = current(campaign.budgetHistory);
      for (const adset of adsets) expect(Boolean(campaignBudget) && Boolean(current(adset.budgetHistory))).toBe(false);
      const amounts = [campaignBudget, ...adsets.map((a) => current(a.budgetHistory))].flatMap((b) =>
        b ? [b.daily ?? b.lifetime!] : [],
      );
      for (const amount of amounts) expect(Number.isInteger(amount) && amount > 0).toBe(true);
    }
  });

  it('seeds as many ads per ad set as a benchmark asks for (200 campaigns × 6 ads: over 2,000 ads an account)', () => {
    const { world } = demoWorld({ campaignsPerAccount: 200, adsPerAdSet: 6 });
    const counts = new Map<string, number>();
    for (const ad of world.ads.values()) counts.set(ad.adsetId, (counts.get(ad.adsetId) ?? 0) + 1);
    expect(new Set(counts.values())).toEqual(new Set([6]));
    const usd = accountByCurrency(world, 'USD');
    expect([...world.ads.values()].filter((ad) => ad.accountId === usd.accountId).length).toBeGreaterThan(2000);
  });

  it('is deterministic: same seed, same world and numbers; another seed, other numbers', () => {
    const a = demoWorld({ seed: 7 });
    const b = demoWorld({ seed: 7 });
    const c = demoWorld({ seed: 8 });
    const firstAd = (w: typeof a) => [...w.world.ads.values()][0]!;

    expect([...a.world.campaigns.keys()]).toEqual([...b.world.campaigns.keys()]);
    expect(a.model.series(firstAd(a))).toEqual(b.model.series(firstAd(b)));
    expect([...a.world.campaigns.keys()]).not.toEqual([...c.world.campaigns.keys()]);
  });

  it('seeds N campaigns per account for benchmarks', () => {
    const { world } = demoWorld({ campaignsPerAccount: 50 });

    expect(world.campaigns.size).toBe(100);
  });
});

describe('delivery model', () => {
  it('has diminishing returns: twice the spend buys less than twice the impressions', () => {
    for (const spend of [5, 50, 500]) {
      const once = expectedImpressions(spend, 10);
      const twice = expectedImpressions(spend * 2, 10);
      expect(twice).toBeGreaterThan(once);
      expect(twice).toBeLessThan(2 * once);
      expect(twice / once).toBeCloseTo(2 ** SPEND_ELASTICITY, 6);
    }
  });

  it('fatigues creatives: CTR multiplier falls as cumulative frequency grows', () => {
    expect(fatigueMultiplier(1, 0.15)).toBe(1);
    expect(fatigueMultiplier(2, 0.15)).toBeLessThan(1);
    expect(fatigueMultiplier(4, 0.15)).toBeLessThan(fatigueMultiplier(2, 0.15));
  });

  it('shows creative fatigue in the seeded data: long-running ads lose CTR as frequency builds', () => {
    const { world, model } = demoWorld();
    const longRunning = [...world.ads.values()].filter(
      (ad) => model.series(ad).filter((day) => day.impressions > 0).length >= 100,
    );
    const ctr = (from: number, to: number) => {
      let clicks = 0;
      let impressions = 0;
      for (const ad of longRunning) {
        for (const day of model.series(ad).slice(from, to)) {
          clicks += day.clicks;
          impressions += day.impressions;
        }
      }
      return clicks / impressions;
    };

    expect(longRunning.length).toBeGreaterThan(3);
    expect(ctr(-15, -1)).toBeLessThan(ctr(0, 14) * 0.95);
  });

  it('keeps every daily number consistent', () => {
    const { world, model } = demoWorld();

    for (const ad of world.ads.values()) {
      const series = model.series(ad);
      expect(series).toHaveLength(INSIGHTS_HISTORY_DAYS);
      for (const day of series) {
        expect(day.reach).toBeLessThanOrEqual(day.impressions);
        expect(day.clicks).toBeLessThanOrEqual(day.impressions);
        expect(day.uniqueClicks).toBeLessThanOrEqual(day.reach);
        expect(day.linkClicks).toBeLessThanOrEqual(day.clicks);
        expect(day.purchases).toBeLessThanOrEqual(day.linkClicks);
        expect(day.spendMinor).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(day.spendMinor)).toBe(true);
        if (day.impressions > 0) expect(day.spendMinor).toBeGreaterThan(0);
      }
    }
  });

  it('produces the results of each objective', () => {
    const { world, model } = demoWorld();
    const totals = new Map<
      string,
      { purchases: number; value: number; leads: number; installs: number; lpv: number; recallers: number }
    >();
    for (const ad of world.ads.values()) {
      const objective = world.campaigns.get(ad.campaignId)!.objective;
      const total = totals.get(objective) ?? { purchases: 0, value: 0, leads: 0, installs: 0, lpv: 0, recallers: 0 };
      for (const day of model.series(ad)) {
        total.purchases += day.purchases;
        total.value += day.purchaseValueMinor;
        total.leads += day.leads;
        total.installs += day.appInstalls;
        total.lpv += day.landingPageViews;
        total.recallers += day.adRecallers;
      }
      totals.set(objective, total);
    }

    expect(totals.get('OUTCOME_SALES')!.purchases).toBeGreaterThan(0);
    expect(totals.get('OUTCOME_SALES')!.value).toBeGreaterThan(0);
    expect(totals.get('OUTCOME_LEADS')!.leads).toBeGreaterThan(0);
    expect(totals.get('OUTCOME_APP_PROMOTION')!.installs).toBeGreaterThan(0);
    expect(totals.get('OUTCOME_TRAFFIC')!.lpv).toBeGreaterThan(0);
    expect(totals.get('OUTCOME_AWARENESS')!.recallers).toBeGreaterThan(0);
    expect(totals.get('OUTCOME_TRAFFIC')!.purchases).toBe(0);
  });

  it('counts video plays and ThruPlays only for ads that show a video, as Meta does', () => {
    const { world, model } = demoWorld();
    let videoPlays = 0;
    let imagePlays = 0;
    for (const ad of world.ads.values()) {
      const video = world.adsets.get(ad.adsetId)!.optimizationGoal === 'THRUPLAY';
      for (const day of model.series(ad)) {
        if (video) videoPlays += day.videoViews;
        else imagePlays += day.videoViews + day.thruplays;
        expect(day.thruplays).toBeLessThanOrEqual(day.videoViews);
      }
    }
    expect(videoPlays).toBeGreaterThan(0);
    expect(imagePlays).toBe(0);
  });

  it('reports plays and ThruPlays of a video ad of every objective, not only of Engagement', () => {
    const { world, model } = demoWorld();
    const videoId = '990000000000001';
    for (const objective of ['OUTCOME_TRAFFIC', 'OUTCOME_SALES', 'OUTCOME_AWARENESS']) {
      // An ad with delivery of a campaign of this objective, its creative made with `video_data` (as the publisher does).
      const ad = [...world.ads.values()].find(
        (candidate) =>
          world.campaigns.get(candidate.campaignId)!.objective === objective &&
          model.series(candidate).some((day) => day.impressions > 0),
      )!;
      const image = model.series(ad).map((day) => ({ ...day }));
      expect(image.every((day) => day.videoViews === 0 && day.thruplays === 0)).toBe(true);
      const creative = world.creatives.get(ad.creativeId) ?? { id: ad.creativeId };
      world.creatives.set(ad.creativeId, { ...creative, videoId } as never);
      ad.createdCreative = true;
      world.campaignRevisions.set(ad.campaignId, (world.campaignRevisions.get(ad.campaignId) ?? 0) + 1);
      const video = model.series(ad);
      const plays = video.reduce((sum, day) => sum + day.videoViews, 0);
      const thruPlays = video.reduce((sum, day) => sum + day.thruplays, 0);
      expect(plays, objective).toBeGreaterThan(0);
      expect(thruPlays, objective).toBeGreaterThan(0);
      expect(thruPlays / plays, objective).toBeGreaterThan(0.1);
      expect(thruPlays / plays, objective).toBeLessThan(0.5);
      for (const day of video) expect(day.thruplays).toBeLessThanOrEqual(day.videoViews);
      // Only the video's own numbers change: the delivery keeps its draws.
      expect(video.map(({ videoViews: _v, thruplays: _t, ...rest }) => rest)).toEqual(
        image.map(({ videoViews: _v, thruplays: _t, ...rest }) => rest),
      );
    }
  });

  it('spends nothing on days a campaign was paused or after it was archived', () => {
    const { world, model } = demoWorld();
    const paused = [...world.campaigns.values()].filter((c) => current(c.statusHistory) !== 'ACTIVE');
    expect(paused.length).toBeGreaterThan(0);

    for (const campaign of paused) {
      const since = campaign.statusHistory[campaign.statusHistory.length - 1]!.from;
      for (const ad of [...world.ads.values()].filter((a) => a.campaignId === campaign.id)) {
        for (const day of model.series(ad).filter((d) => d.date >= since)) expect(day.spendMinor).toBe(0);
      }
    }
  });

  it('pausing today stops spend from today on and leaves the past alone', () => {
    const { world, model } = demoWorld();
    const account = accountByCurrency(world, 'USD');
    const today = model.today(account);
    const campaign = [...world.campaigns.values()].find(
      (c) => c.accountId === account.accountId && current(c.statusHistory) === 'ACTIVE',
    )!;
    const ads = [...world.ads.values()].filter((a) => a.campaignId === campaign.id);
    const spendOn = (date: string) => ads.reduce((sum, ad) => sum + model.day(ad, date).spendMinor, 0);
    const yesterdayBefore = spendOn(addDays(today, -1));
    expect(spendOn(today)).toBeGreaterThan(0);

    updateAdObject(world, model, campaign, { status: 'PAUSED' }, FIXED_NOW);

    expect(spendOn(today)).toBe(0);
    expect(spendOn(addDays(today, -1))).toBe(yesterdayBefore);
  });

  it('a bigger budget raises future spend, with less than proportional delivery', () => {
    const { world, model } = demoWorld();
    const account = accountByCurrency(world, 'USD');
    const today = model.today(account);
    const adset = [...world.adsets.values()].find(
      (a) =>
        a.accountId === account.accountId &&
        current(a.budgetHistory)?.daily &&
        model.day(
          [...world.ads.values()].find((ad) => ad.adsetId === a.id)!,
          today,
        ).spendMinor > 0,
    )!;
    const ads = [...world.ads.values()].filter((a) => a.adsetId === adset.id);
    const totals = () =>
      ads.reduce(
        (t, ad) => ({
          spend: t.spend + model.day(ad, today).spendMinor,
          impressions: t.impressions + model.day(ad, today).impressions,
        }),
        { spend: 0, impressions: 0 },
      );
    const before = totals();

    updateAdObject(world, model, adset, { daily_budget: String(current(adset.budgetHistory)!.daily! * 4) }, FIXED_NOW);
    const after = totals();

    expect(after.spend).toBeGreaterThan(3.5 * before.spend);
    expect(after.impressions).toBeGreaterThan(before.impressions);
    expect(after.impressions / before.impressions).toBeLessThan(after.spend / before.spend);
  });
});
