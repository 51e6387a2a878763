import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CampaignsTable } from '@web/features/campaigns/components/campaigns-table';
import { KpiTiles } from '@web/features/campaigns/components/kpi-tiles';
import {
  attributionSettingLabel,
  costPerResultLabel,
  resultsInWords,
  resultTypeLabel,
} from '@web/lib/meta-account/campaign-labels';
import { campaign, metrics } from '@tests/unit/web/support/meta-account/meta-fixtures';

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

describe('numbers on screen say what they count', () => {
  it('labels the KPI tiles as Ads Manager does: link CTR, and cost per 1,000 reached for awareness', () => {
    render(
      <KpiTiles
        currency="USD"
        totals={metrics({ resultType: 'reach', results: 50_000, costPerResult: 4.5 })}
        previousTotals={null}
      />,
    );
    const tiles = screen.getByRole('list', { name: 'Key figures' });

    expect(within(tiles).getByRole('listitem', { name: 'People reached' })).toHaveTextContent('50,000');
    expect(within(tiles).getByRole('listitem', { name: 'Cost per 1,000 people reached' })).toHaveTextContent('$4.50');
    expect(within(tiles).getByRole('listitem', { name: 'CTR (link click-through rate)' })).toBeInTheDocument();
  });

  it('names link CTR and CPC in the campaigns table and lists mixed results per type', () => {
    const mixed = campaign({
      id: '9',
      name: 'Mixed traffic',
      objective: 'OUTCOME_TRAFFIC',
      metrics: metrics({
        results: null,
        resultType: null,
        costPerResult: null,
        resultsByType: [
          { resultType: 'landing_page_view', results: 900, costPerResult: 1.2 },
          { resultType: 'link_click', results: 1500, costPerResult: 0.8 },
        ],
      }),
    });
    const awareness = campaign({
      id: '10',
      name: 'Reach push',
      objective: 'OUTCOME_AWARENESS',
      metrics: metrics({ results: 40_000, resultType: 'reach', costPerResult: 3.2 }),
    });
    render(
      <CampaignsTable
        campaigns={[mixed, awareness]}
        currency="USD"
        sort={{ column: 'spend', direction: 'descending' }}
        onSort={vi.fn()}
        onOpen={vi.fn()}
        onToggleStatus={vi.fn()}
        onEditBudget={vi.fn()}
      />,
    );

    expect(screen.getByRole('button', { name: 'CTR (link)' })).toHaveAttribute(
      'title',
      'CTR (link click-through rate)',
    );
    expect(screen.getByRole('button', { name: 'CPC (link)' })).toHaveAttribute('title', 'CPC (cost per link click)');
    const mixedRow = screen.getByRole('row', { name: /Mixed traffic/ });
    expect(mixedRow).toHaveTextContent('900 landing page views');
    expect(mixedRow).toHaveTextContent('1,500 link clicks');
    expect(screen.getByRole('row', { name: /Reach push/ })).toHaveTextContent('per 1,000 reached');
  });
});
