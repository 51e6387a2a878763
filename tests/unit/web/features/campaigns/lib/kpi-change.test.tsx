import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KpiTiles } from '@web/features/campaigns/components/kpi-tiles';
import { formatChange, kpiChange, percentChange } from '@web/features/campaigns/lib/kpi-change';
import { metrics } from '@tests/unit/web/support/meta-account/meta-fixtures';

describe('KPI change vs the previous period', () => {
  it('is the percent change from the previous value', () => {
    expect(percentChange(120, 100)).toBeCloseTo(20);
    expect(percentChange(75, 100)).toBeCloseTo(-25);
    expect(percentChange(5, 5)).toBe(0);
  });

  it('has no comparison without a previous value or from zero', () => {
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(10, null)).toBeNull();
    expect(percentChange(null, 10)).toBeNull();
    expect(kpiChange('spend', metrics(), null)).toEqual({ percent: null, trend: 'flat', tone: 'neutral' });
  });

  it('colours by whether the change is good: more results and ROAS good, lower CPA good, spend neutral', () => {
    const now = metrics({ spend: 150, results: 12, costPerResult: 12.5, roas: 2, ctr: 1.2 });
    const before = metrics({ spend: 100, results: 10, costPerResult: 10, roas: 3, ctr: 1.0 });
    expect(kpiChange('results', now, before)).toMatchObject({ trend: 'up', tone: 'good' });
    expect(kpiChange('costPerResult', now, before)).toMatchObject({ trend: 'up', tone: 'bad' });
    expect(kpiChange('roas', now, before)).toMatchObject({ trend: 'down', tone: 'bad' });
    expect(kpiChange('ctr', now, before)).toMatchObject({ trend: 'up', tone: 'good' });
    expect(kpiChange('spend', now, before)).toMatchObject({ trend: 'up', tone: 'neutral' });
    const cheaper = metrics({ costPerResult: 8 });
    expect(kpiChange('costPerResult', cheaper, before)).toMatchObject({ trend: 'down', tone: 'good' });
    expect(kpiChange('costPerResult', cheaper, before).percent).toBeCloseTo(-20);
  });

  it('formats the change with a sign', () => {
    expect(formatChange(12.345)).toBe('+12.3%');
    expect(formatChange(-8)).toBe('-8%');
    expect(formatChange(250.4)).toBe('+250%');
    expect(formatChange(null)).toBe('—');
  });

  it('shows each tile with its change coloured good or bad', () => {
    render(
      <KpiTiles
        currency="USD"
        totals={metrics({ spend: 1234.5, results: 20, costPerResult: 5, roas: 4, ctr: 2 })}
        previousTotals={metrics({ spend: 1000, results: 10, costPerResult: 8, roas: 4, ctr: 2.5 })}
      />,
    );
    const tiles = screen.getByRole('list', { name: 'Key figures' });
    const spend = within(tiles).getByRole('listitem', { name: 'Spend' });
    expect(spend).toHaveTextContent('$1,234.50');
    expect(spend).toHaveTextContent('+23.5%');
    expect(spend.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'neutral');
    const cpa = within(tiles).getByRole('listitem', { name: 'Cost per result' });
    expect(cpa).toHaveTextContent('-37.5%');
    expect(cpa.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'good');
    expect(cpa).toHaveTextContent('(better)');
    const ctr = within(tiles).getByRole('listitem', { name: 'CTR (link click-through rate)' });
    expect(ctr.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'bad');
    expect(within(tiles).getByRole('listitem', { name: 'Purchases' })).toHaveTextContent('+100%');
  });
});
