import { describe, expect, it } from 'vitest';
import {
  attributionSettingLabel,
  costPerResultLabel,
  resultsInWords,
  resultTypeLabel,
} from '@web/lib/meta-account/campaign-labels';
import { metrics } from '@tests/unit/web/support/meta-account/meta-fixtures';

const count = (value: number) => value.toLocaleString('en-US');

describe("labels of Meta's results", () => {
  it.each([
    ['offsite_conversion.fb_pixel_purchase', 'Purchases'],
    ['onsite_conversion.lead_grouped', 'Leads'],
    ['offsite_conversion.fb_pixel_lead', 'Leads'],
    ['link_click', 'Link clicks'],
    ['landing_page_view', 'Landing page views'],
    ['video_thruplay_watched_actions', 'ThruPlays'],
    ['estimated_ad_recallers', 'Estimated ad recall lift (people)'],
    ['mobile_app_install', 'App installs'],
    ['reach', 'People reached'],
  ])('names the result type %s "%s"', (type, label) => {
    expect(resultTypeLabel(type)).toBe(label);
  });

  it('prices reach per 1,000 people and every other result per result', () => {
    expect(costPerResultLabel('reach')).toBe('Cost per 1,000 people reached');
    expect(costPerResultLabel('link_click')).toBe('Cost per result');
  });

  it.each([
    ['7d_click_1d_view', '7-day click or 1-day view'],
    ['1d_click', '1-day click'],
    ['7d_click', '7-day click'],
    ['1d_click_1d_view', '1-day click or 1-day view'],
    ['mixed', 'Each ad set’s own (they differ)'],
  ])('writes the attribution setting %s as "%s"', (setting, label) => {
    expect(attributionSettingLabel(setting)).toBe(label);
  });

  it('lists each result type when the ad sets optimise for different results', () => {
    const mixed = metrics({
      results: null,
      resultType: null,
      resultsByType: [
        { resultType: 'landing_page_view', results: 900, costPerResult: 1.2 },
        { resultType: 'link_click', results: 1500, costPerResult: 0.8 },
      ],
    });

    expect(resultsInWords(mixed, count)).toBe('900 landing page views · 1,500 link clicks');
    expect(resultsInWords(metrics({ results: null, resultType: null, resultsByType: [] }), count)).toBe('—');
    expect(resultsInWords(metrics({ results: 12 }), count)).toBe('12 purchases');
  });
});
