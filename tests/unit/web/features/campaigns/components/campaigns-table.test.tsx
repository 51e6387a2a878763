import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CampaignsTable } from '@web/features/campaigns/components/campaigns-table';
import { campaign, metrics } from '@tests/unit/web/support/meta-account/meta-fixtures';

describe('numbers on screen say what they count', () => {
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
