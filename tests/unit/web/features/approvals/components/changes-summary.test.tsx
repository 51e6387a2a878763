import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApprovalChangeSet } from '@shared/schemas/approvals';
import { ChangesSummary } from '@web/features/approvals/components/changes-summary';

const set: ApprovalChangeSet = {
  recommendationId: '5.budget_shift',
  kind: 'budget_shift',
  title: 'Move budget to the lookalike ad set',
  why: 'It costs half as much per result.',
  level: 'adset',
  adAccountId: 'act_5',
  currency: 'USD',
  changes: [
    {
      level: 'adset',
      objectId: '901',
      objectName: 'Interests: Camping',
      change: { dailyBudget: 1500 },
      before: { status: 'ACTIVE', dailyBudget: 2500, lifetimeBudget: null },
      after: { status: 'ACTIVE', dailyBudget: 1500, lifetimeBudget: null },
    },
    {
      level: 'ad',
      objectId: '902',
      objectName: 'Tent video',
      change: { status: 'PAUSED' },
      before: { status: 'ACTIVE' },
      after: { status: 'PAUSED' },
    },
  ],
};

describe('ChangesSummary', () => {
  it('shows each recommendation’s reason and, per object, only the values it changes, now → after', () => {
    render(<ChangesSummary sets={[set]} />);
    expect(screen.getByText('Move budget to the lookalike ad set')).toBeInTheDocument();
    expect(screen.getByText('It costs half as much per result.')).toBeInTheDocument();

    const budget = screen.getByRole('table', { name: 'Ad set: Interests: Camping' });
    const budgetRow = within(budget).getByRole('row', { name: /Daily budget/ });
    expect(
      within(budgetRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$25.00', '→ $15.00']);
    expect(within(budget).queryByRole('row', { name: /Status/ })).toBeNull();

    const ad = screen.getByRole('table', { name: 'Ad: Tent video' });
    const statusRow = within(ad).getByRole('row', { name: /Status/ });
    expect(
      within(statusRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Running', '→ Paused']);
  });
});
