import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignBrief } from '@shared/schemas/campaign-plan';
import type { CreativeReport, CreativeValue } from '@shared/schemas/creative-report';
import { createQueryClient } from '@web/app/providers/query-client';
import { CampaignBriefForm } from '@web/features/campaign-generator/components/brief-form';
import { usdAccount } from '@tests/unit/web/support/meta-account/meta-fixtures';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

const value = (name: string, extra: Partial<CreativeValue> = {}): CreativeValue => ({
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

function reportWith(angleWins: boolean): CreativeReport {
  return {
    adAccountId: usdAccount.id,
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
        elements: [
          {
            element: 'angle',
            label: 'Headline angle',
            values: [value('urgency', { winnerCost: angleWins, probabilityBestCost: 0.97 }), value('benefit')],
          },
          { element: 'callToAction', label: 'Call to action', values: [value('SHOP_NOW'), value('LEARN_MORE')] },
        ],
      },
    ],
    generatedAt: '2026-11-27T00:00:00Z',
  };
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
  await user.type(screen.getByLabelText('What are you advertising?'), 'Recycled waterproof hiking boots');
  await user.type(screen.getByLabelText('Landing page'), 'https://shop.example.com/boots');
  await user.type(screen.getByLabelText('Who is it for?'), 'Weekend hikers');
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
