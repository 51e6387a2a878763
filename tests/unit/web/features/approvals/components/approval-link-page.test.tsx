import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalDetail } from '@shared/schemas/approvals';
import type { CampaignPlan } from '@shared/schemas/campaign-plan';
import { createQueryClient } from '@web/app/providers/query-client';
import ApprovalLinkPage from '@web/features/approvals/components/approval-link-page';
import { ApiError } from '@web/lib/api-client';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

const TOKEN = 'a'.repeat(43);
const ad = (headline: string) => ({
  name: headline,
  headline,
  primaryText: 'Light shoes for long trails.',
  description: 'Free returns',
  callToAction: 'SHOP_NOW' as const,
  link: 'https://shop.example.com/trail',
  image: { hash: 'a1b2c3d4e5f6', name: 'hero.png' },
});
const plan = {
  adAccountId: 'act_1',
  currency: 'USD',
  campaign: {
    name: 'Trail shoes spring',
    objective: 'OUTCOME_TRAFFIC',
    buyingType: 'AUCTION',
    budget: { type: 'daily', amountMinor: 4000 },
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
    specialAdCategories: [],
  },
  adSets: [
    {
      name: 'Hikers',
      optimizationGoal: 'LINK_CLICKS',
      billingEvent: 'IMPRESSIONS',
      budget: null,
      startTime: '2026-12-01T00:00:00Z',
      endTime: '2026-12-31T00:00:00Z',
      targeting: {
        countries: ['US'],
        regions: [],
        cities: [],
        ageMin: 25,
        ageMax: 50,
        genders: [],
        interests: [{ id: '1', name: 'Hiking' }],
        placements: 'automatic',
      },
      ads: [ad('Go further'), ad('Run lighter')],
    },
  ],
} as unknown as CampaignPlan;
const pending: ApprovalDetail = {
  approval: {
    id: 'aaaaaaaa-0000-4000-8000-000000000001_0abc',
    subject: { kind: 'campaign_plan', draftId: 'aaaaaaaa-0000-4000-8000-000000000001', name: 'Trail shoes spring' },
    via: 'link',
    status: 'pending',
    sentAt: '2026-11-28T12:00:00Z',
    sentBy: 'agency',
    sentByEmail: 'agency@example.com',
    expiresAt: '2026-12-05T12:00:00Z',
  },
  plan,
};

function renderPage() {
  return render(
    <MemoryRouter initialEntries={[`/approve/${TOKEN}`]}>
      <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
        <Routes>
          <Route path="/approve/:token" element={<ApprovalLinkPage />} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the approval link page', () => {
  beforeEach(() => {
    api.apiRequest.mockReset();
  });

  it('shows the plan as sent: budget, schedule, audience and every ad', async () => {
    api.apiRequest.mockResolvedValue(pending);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Trail shoes spring', level: 1 })).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith('approvalLink', expect.objectContaining({ params: { token: TOKEN } }));
    expect(screen.getByText('$40.00 a day')).toBeInTheDocument();
    const adSet = screen.getByRole('region', { name: 'Ad set: Hikers' });
    expect(within(adSet).getByText(/Ages 25–50 in US/)).toBeInTheDocument();
    expect(within(adSet).getByText('Interested in Hiking')).toBeInTheDocument();
    expect(within(adSet).getAllByRole('article')).toHaveLength(2);
    expect(within(adSet).getByRole('article', { name: 'Ad: Run lighter' })).toHaveTextContent('shop.example.com');
  });

  it('asks what should change before sending a request for changes, then sends the answer once', async () => {
    api.apiRequest.mockImplementation(async (name: string, input: { body?: { comment: string; name: string } }) => {
      return name === 'approvalLink'
        ? pending
        : {
            ...pending,
            approval: {
              ...pending.approval,
              status: 'changes_requested',
              decidedByName: input.body!.name,
              comment: input.body!.comment,
              decidedAt: '2026-11-29T09:00:00Z',
            },
          };
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Your name'), 'Dana');
    await user.click(screen.getByRole('button', { name: 'Ask for changes' }));
    expect(screen.getByText('Say what should change.')).toBeInTheDocument();
    expect(api.apiRequest).not.toHaveBeenCalledWith('approvalLinkDecide', expect.anything());

    await user.type(screen.getByLabelText('Comment'), 'Lower the budget');
    await user.click(screen.getByRole('button', { name: 'Ask for changes' }));
    expect(await screen.findByText(/By Dana on .*: “Lower the budget”/)).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith('approvalLinkDecide', {
      params: { token: TOKEN },
      body: { decision: 'changes_requested', comment: 'Lower the budget', name: 'Dana' },
    });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('says plainly when the link does not open anything', async () => {
    api.apiRequest.mockRejectedValue(
      new ApiError(
        'APPROVAL_LINK_INVALID',
        410,
        'This approval link expired on 2026-12-05. Ask the sender for a new one.',
      ),
    );
    renderPage();
    expect(await screen.findByText('This link does not open anything to approve')).toBeInTheDocument();
    expect(screen.getByText(/expired on 2026-12-05/)).toBeInTheDocument();
  });
});
