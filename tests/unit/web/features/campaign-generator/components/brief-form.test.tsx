import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignBrief } from '@shared/schemas/campaign-plan';
import type { CreativeReport } from '@shared/schemas/creative-report';
import { createQueryClient } from '@web/app/providers/query-client';
import { CampaignBriefForm } from '@web/features/campaign-generator/components/brief-form';
import { creativeValue, salesCreativeReport } from '@tests/support/creative-report-fixtures';
import { usdAccount } from '@tests/unit/web/support/meta-account/meta-fixtures';
import { enterText } from '@tests/unit/web/support/enter-text';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

function reportWith(angleWins: boolean): CreativeReport {
  return salesCreativeReport(usdAccount.id, [
    {
      element: 'angle',
      label: 'Headline angle',
      values: [
        creativeValue('urgency', { winnerCost: angleWins, probabilityBestCost: 0.97 }),
        creativeValue('benefit'),
      ],
    },
    {
      element: 'callToAction',
      label: 'Call to action',
      values: [creativeValue('SHOP_NOW'), creativeValue('LEARN_MORE')],
    },
  ]);
}

function renderForm(report: CreativeReport) {
  api.apiRequest.mockImplementation(async (name: string) => (name === 'creativeReport' ? report : { items: [] }));
  const onSubmit = vi.fn<(brief: CampaignBrief) => void>();
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
        <CampaignBriefForm uid="u1" accounts={[usdAccount]} busy={false} onSubmit={onSubmit} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { onSubmit, user: userEvent.setup() };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await enterText(user, 'What are you advertising?', 'Recycled waterproof hiking boots');
  await enterText(user, 'Landing page', 'https://shop.example.com/boots');
  await enterText(user, 'Who is it for?', 'Weekend hikers');
  await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
}

describe('the brief starts from what wins', () => {
  beforeEach(() => api.apiRequest.mockReset());

  it("names the account's winning angle and sends it, unless the marketer turns it off", async () => {
    const { onSubmit, user } = renderForm(reportWith(true));
    const toggle = await screen.findByRole('checkbox', { name: 'Start from what wins in this ad account' });
    expect(toggle).toBeChecked();
    expect(
      screen.getByText(/^Based on your best-performing headline angle \(Urgency\), in Sales · Purchases/),
    ).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith('creativeReport', { params: { id: usdAccount.id } });
    await fillAndSubmit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].startFrom).toEqual({ angle: 'urgency' });

    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0].startFrom).toBeUndefined();
  });

  it('claims nothing when no element won with significance', async () => {
    const { onSubmit, user } = renderForm(reportWith(false));
    await waitFor(() => expect(api.apiRequest).toHaveBeenCalledWith('creativeReport', expect.anything()));
    await fillAndSubmit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(screen.queryByRole('checkbox', { name: /what wins/ })).toBeNull();
    expect(screen.queryByText(/best-performing/)).toBeNull();
    expect(onSubmit.mock.calls[0]![0].startFrom).toBeUndefined();
  });

  it("does not offer a winner of another objective's campaigns", async () => {
    const { user } = renderForm(reportWith(true));
    await screen.findByRole('checkbox', { name: /what wins/ });
    await user.selectOptions(screen.getByLabelText('Goal'), 'Traffic');
    expect(screen.queryByRole('checkbox', { name: /what wins/ })).toBeNull();
  });
});
