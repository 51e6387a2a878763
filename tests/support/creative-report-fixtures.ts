import type { CreativeElementReport, CreativeReport, CreativeValue } from '@shared/schemas/creative-report';

/** One element value of a creative report: even odds and no winner unless `extra` says otherwise. */
export const creativeValue = (name: string, extra: Partial<CreativeValue> = {}): CreativeValue => ({
  value: name,
  ads: 3,
  impressions: 30_000,
  linkClicks: 300,
  results: 30,
  spend: 300,
  ctrPercent: 1,
  costPerResult: 10,
  probabilityBestCtr: 0.5,
  probabilityBestCost: 0.5,
  winnerCtr: false,
  winnerCost: false,
  weeks: [],
  ...extra,
});

/** A creative report of one group (Sales · Purchases) holding `elements`, for the generators' "what wins" hints. */
export const salesCreativeReport = (adAccountId: string, elements: CreativeElementReport[]): CreativeReport => ({
  adAccountId,
  currency: 'USD',
  since: '2026-10-01',
  until: '2026-11-26',
  winnerThreshold: 0.95,
  adsWithElements: 6,
  adsWithoutElements: 0,
  groups: [
    {
      key: 'OUTCOME_SALES|offsite_conversion.fb_pixel_purchase',
      objective: 'OUTCOME_SALES',
      resultType: 'offsite_conversion.fb_pixel_purchase',
      label: 'Sales · Purchases',
      spend: 600,
      results: 60,
      adsWithElements: 6,
      adsWithoutElements: 0,
      elements,
    },
  ],
  generatedAt: '2026-11-27T00:00:00Z',
});
