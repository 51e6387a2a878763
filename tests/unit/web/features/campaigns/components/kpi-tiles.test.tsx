import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KpiTiles } from '@web/features/campaigns/components/kpi-tiles';
import { metrics } from '@tests/unit/web/support/meta-account/meta-fixtures';

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
});
