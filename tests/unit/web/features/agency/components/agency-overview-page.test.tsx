import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgencyOverview, ClientOverviewRow } from '@shared/schemas/agency-overview';
import { createQueryClient } from '@web/app/providers/query-client';
import AgencyOverviewPage from '@web/features/agency/components/agency-overview-page';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
vi.mock('sonner', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn() } }));

const base: ClientOverviewRow = {
  workspaceId: 'ws-a',
  name: 'Client A',
  role: 'admin',
  targets: { adAccountId: 'act_1', monthlyBudget: 3000, targetCostPerResult: 10 },
  period: { since: '2026-11-01', until: '2026-11-10' },
  currency: 'USD',
  spend: 2000,
  results: 100,
  resultType: 'link_click',
  costPerResult: 20,
  roas: null,
  pace: { day: 10, daysInMonth: 30, expectedSpend: 1000, ratio: 2, projectedSpend: 6000, state: 'over' },
  offTarget: true,
  attention: 'off_target_and_pace',
  error: null,
};
const overview: AgencyOverview = {
  generatedAt: '2026-11-10T12:00:00.000Z',
  rows: [
    base,
    {
      ...base,
      workspaceId: 'ws-b',
      name: 'Client B',
      role: 'client',
      targets: null,
      spend: null,
      results: null,
      costPerResult: null,
      pace: null,
      offTarget: false,
      attention: 'no_targets',
    },
  ],
};

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
      <MemoryRouter>
        <AgencyOverviewPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => api.apiRequest.mockReset());

describe('AgencyOverviewPage', () => {
  it('lists each workspace with its status, figures against targets and its pace chart', async () => {
    api.apiRequest.mockResolvedValue(overview);
    renderPage();
    const table = await screen.findByRole('table', { name: /most in need of attention first/ });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('Client A');
    expect(within(first!).getByText('Off target and pace')).toBeInTheDocument();
    expect(within(first!).getByText('target $10.00')).toBeInTheDocument();
    expect(within(first!).getByText('200 % of pace (over)')).toBeInTheDocument();
    expect(
      within(first!).getByRole('img', {
        name: 'Spent $2,000.00 of a $3,000.00 month; $1,000.00 would be on pace by day 10.',
      }),
    ).toBeInTheDocument();
    expect(within(second!).getByText('No targets')).toBeInTheDocument();
    // A client role sets no targets; an admin does.
    expect(within(first!).getByRole('button', { name: 'Set targets for Client A' })).toBeInTheDocument();
    expect(within(second!).queryByRole('button')).toBeNull();
  });

  it('checks the targets before sending them, then saves them for that workspace', async () => {
    api.apiRequest.mockImplementation(async (name: string, input?: { body?: unknown }) =>
      name === 'putClientTargets' ? input?.body : overview,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Set targets for Client A' }));
    const dialog = screen.getByRole('dialog', { name: 'Targets for Client A' });
    const account = within(dialog).getByLabelText('Ad account id');
    await userEvent.clear(account);
    await userEvent.type(account, '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save targets' }));
    expect(within(dialog).getByText('The ad account id must look like act_1234567890.')).toBeInTheDocument();
    expect(api.apiRequest).not.toHaveBeenCalledWith('putClientTargets', expect.anything());

    await userEvent.clear(account);
    await userEvent.type(account, 'act_777');
    await userEvent.selectOptions(within(dialog).getByLabelText('Goal'), 'roas');
    const roas = within(dialog).getByLabelText('Target ROAS');
    await userEvent.clear(roas);
    await userEvent.type(roas, '3.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save targets' }));
    expect(api.apiRequest).toHaveBeenCalledWith('putClientTargets', {
      params: { workspaceId: 'ws-a' },
      body: { adAccountId: 'act_777', monthlyBudget: 3000, targetRoas: 3.5 },
    });
  });

  it('says when the person has one workspace', async () => {
    api.apiRequest.mockResolvedValue({ ...overview, rows: [overview.rows[1]] });
    renderPage();
    expect(await screen.findByText('The overview compares your workspaces, and you work in one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Team settings' })).toHaveAttribute('href', '/settings/team');
  });
});
