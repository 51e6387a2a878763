import { describe, expect, it } from 'vitest';
import { buildAdCards, creativeSummary, fatigueCurve, type AdInsightRow } from '@lambdas/lib/ad-optimizer/ad-cards';
import { rewriteReason } from '@lambdas/lib/ad-optimizer/rewrite-ad';

const weekStarts = ['2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26'];

/** A week of an ad's delivery as Meta reports it (strings, as Meta sends numbers). */
function week(adId: string, date: string, impressions: number, reach: number, linkClicks: number): AdInsightRow {
  return {
    ad_id: adId,
    date_start: date,
    impressions: impressions,
    reach: reach,
    inline_link_clicks: String(linkClicks),
    clicks: String(linkClicks),
    spend: String(impressions / 100),
  } as AdInsightRow;
}

const creative = {
  id: '555',
  thumbnail_url: 'https://scontent.example/t.jpg',
  image_url: 'https://scontent.example/i.jpg',
  object_story_spec: {
    page_id: '1',
    link_data: { link: 'https://shop.example.com', message: 'Old text', name: 'Old headline', description: 'Old line' },
  },
};
const ad = (id: string, name: string) => ({
  id,
  name,
  adset_id: '77',
  campaign_id: '42',
  effective_status: 'ACTIVE',
  adset: {
    id: '77',
    name: 'Advantage+ audience | reach',
    targeting: { age_min: 25, age_max: 45, genders: [2], geo_locations: { countries: ['US'] } },
  },
  creative: { ...creative, id: `c${id}` },
});

describe('ad cards', () => {
  const reads = {
    adAccountId: 'act_111',
    currency: 'USD',
    today: '2026-02-02',
    ads: [ad('1', 'Fresh ad'), ad('2', 'Tired ad')],
    // Ad 1 steady; ad 2's CTR halves while its audience sees it twice as often.
    weekly: [
      ...weekStarts.map((d) => week('1', d, 10_000, 8_000, 150)),
      week('2', weekStarts[0]!, 10_000, 8_000, 200),
      week('2', weekStarts[1]!, 10_000, 6_000, 160),
      week('2', weekStarts[2]!, 10_000, 5_000, 120),
      week('2', weekStarts[3]!, 10_000, 4_000, 80),
    ],
    daily: [week('2', '2026-01-05', 1_500, 1_400, 30), week('2', '2026-01-27', 1_400, 1_000, 10)],
    lastWeek: [
      { ...week('2', '2026-01-26', 10_000, 4_000, 80), quality_ranking: 'BELOW_AVERAGE_10' },
      { ...week('1', '2026-01-26', 10_000, 8_000, 150), quality_ranking: 'AVERAGE' },
    ],
  };

  it('puts the ads the detectors flag first, with the fatigue and low-ranking verdicts and their numbers', () => {
    const { cards, truncated } = buildAdCards(reads);
    expect(truncated).toBe(false);
    expect(cards.map((c) => c.name)).toEqual(['Tired ad', 'Fresh ad']);
    const tired = cards[0]!;
    expect(tired.verdicts.map((v) => v.kind).sort()).toEqual(['creative_fatigue', 'low_ranking']);
    const fatigue = tired.verdicts.find((v) => v.kind === 'creative_fatigue')!;
    expect(fatigue.evidence).toMatchObject({ firstWeekCtrPercent: 2, lastWeekCtrPercent: 0.8, lastWeekFrequency: 2.5 });
    expect(cards[1]!.verdicts).toEqual([]);
    expect(tired.rankings).toEqual({ quality: 'BELOW_AVERAGE_10' });
    expect(tired.metrics).toMatchObject({ spend: 100, impressions: 10_000, ctrLink: 0.8, frequency: 2.5 });
    expect(tired.adsetName).toBe('Advantage+ audience | reach');
    // Who the ad set reaches in words, for the rewrite's audience: never its name.
    expect(tired.adsetAudience).toBe('Women aged 25–45 in the United States');
    expect(tired.firstWeek).toEqual({ since: '2026-01-05', until: '2026-01-11' });
  });

  it('draws the curve as daily CTR beside the frequency of the day’s week', () => {
    const curve = fatigueCurve(
      [
        {
          date: '2026-01-27',
          impressions: 1400,
          reach: 1000,
          clicks: 10,
          linkClicks: 10,
          spend: 1,
          results: 0,
          purchaseValue: 0,
        },
        {
          date: '2026-01-05',
          impressions: 0,
          reach: 0,
          clicks: 0,
          linkClicks: 0,
          spend: 0,
          results: 0,
          purchaseValue: 0,
        },
      ],
      [
        {
          date: '2026-01-05',
          impressions: 10_000,
          reach: 8_000,
          clicks: 0,
          linkClicks: 0,
          spend: 0,
          results: 0,
          purchaseValue: 0,
        },
        {
          date: '2026-01-26',
          impressions: 10_000,
          reach: 4_000,
          clicks: 0,
          linkClicks: 0,
          spend: 0,
          results: 0,
          purchaseValue: 0,
        },
      ],
    );
    expect(curve.days).toEqual([
      { date: '2026-01-05', impressions: 0, ctrLink: null, frequency: 1.25 },
      { date: '2026-01-27', impressions: 1400, ctrLink: 0.71, frequency: 2.5 },
    ]);
  });

  it('reads the copy from the story spec and marks other creatives as not rewritable', () => {
    expect(creativeSummary(creative)).toMatchObject({
      headline: 'Old headline',
      primaryText: 'Old text',
      description: 'Old line',
      thumbnailUrl: 'https://scontent.example/t.jpg',
      rewritable: true,
    });
    expect(creativeSummary({ id: '9', title: 'Video', body: 'Watch' })).toMatchObject({
      headline: 'Video',
      primaryText: 'Watch',
      rewritable: false,
    });
  });

  it('reads a carousel’s cards (headline and link each) and takes the first card’s headline when the ad has none', () => {
    const summary = creativeSummary({
      id: '10',
      object_story_spec: {
        page_id: '1',
        link_data: {
          link: 'https://shop.example.com',
          message: 'Three boots',
          child_attachments: [
            { link: 'https://shop.example.com/1', name: 'Boot 1', image_hash: 'h1' },
            { link: 'https://shop.example.com/2', name: 'Boot 2', image_hash: 'h2' },
          ],
        },
      },
    });
    expect(summary).toMatchObject({
      headline: 'Boot 1',
      primaryText: 'Three boots',
      rewritable: true,
      cards: [
        { headline: 'Boot 1', link: 'https://shop.example.com/1' },
        { headline: 'Boot 2', link: 'https://shop.example.com/2' },
      ],
    });
  });

  it('reads a video ad’s copy, button and link from its video_data, and marks it rewritable', () => {
    const summary = creativeSummary({
      id: '11',
      object_story_spec: {
        page_id: '1',
        video_data: {
          video_id: '1207000000000011',
          message: 'Watch them climb',
          title: 'Trail boots',
          link_description: 'Free returns',
          call_to_action: { type: 'SHOP_NOW', value: { link: 'https://shop.example.com/boots' } },
        },
      },
    });
    expect(summary).toMatchObject({
      headline: 'Trail boots',
      primaryText: 'Watch them climb',
      description: 'Free returns',
      callToAction: 'SHOP_NOW',
      link: 'https://shop.example.com/boots',
      rewritable: true,
    });
  });

  it('states why an ad is rewritten in the detectors’ words', () => {
    const [tired] = buildAdCards(reads).cards;
    expect(rewriteReason(tired!.verdicts)).toContain('Its CTR fell from 2% in its first week to 0.8% last week');
    expect(rewriteReason([])).toMatch(/fresh copy/);
  });
});
