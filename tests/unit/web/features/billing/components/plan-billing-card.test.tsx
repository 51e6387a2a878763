import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { plans, type PlanKey } from '@shared/plans';
import type { BillingStatus, Usage } from '@shared/schemas/billing';
import type { Team } from '@shared/schemas/team';
import { createQueryClient } from '@web/app/providers/query-client';
import { PlanBillingCard } from '@web/features/billing/components/plan-billing-card';

import { workspacesAs } from '@tests/unit/web/support/workspaces';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
vi.mock('sonner', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn() } }));

const free: BillingStatus = {
  plan: 'free',
  interval: null,
  subscriptionStatus: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  paymentFailed: false,
  downgradesAt: null,
  canManage: false,
};
const pro: BillingStatus = {
  ...free,
  plan: 'pro',
  interval: 'monthly',
  subscriptionStatus: 'active',
  currentPeriodEnd: '2026-12-22T12:00:00.000Z',
  canManage: true,
};

const assign = vi.fn();
beforeEach(() => {
  api.apiRequest.mockReset();
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => vi.unstubAllGlobals());

/** Usage as the server reports it: generations and ad accounts counted, the rest not built yet. */
const usageOf = (plan: PlanKey, generations: number): Usage => ({
  plan,
  limits: [
    {
      key: 'aiGenerationsPerDay',
      used: generations,
      limit: plans[plan].limits.aiGenerationsPerDay,
      resetsAt: '2026-11-23T00:00:00.000Z',
      enforced: true,
    },
    {
      key: 'connectedAdAccounts',
      used: 1,
      limit: plans[plan].limits.connectedAdAccounts,
      resetsAt: null,
      enforced: true,
    },
    { key: 'seats', used: 0, limit: plans[plan].limits.seats, resetsAt: null, enforced: false },
  ],
});

/** GET /api/team as the owner or a member of owner@example.com's workspace sees it. */
const teamAs = (role: 'owner' | 'member', plan: PlanKey = 'pro'): Team => ({
  role,
  plan,
  ownerEmail: 'owner@example.com',
  members: [{ userId: 'o', email: 'owner@example.com', role: 'owner', joinedAt: null }],
  invitations: [],
  seats: { used: 1, limit: plans[plan].limits.seats },
});

function renderCard(status: BillingStatus, path = '/dashboard', role: 'owner' | 'member' = 'owner') {
  api.apiRequest.mockImplementation(async (name: string) => {
    if (name === 'getTeam') return teamAs(role, status.plan);
    if (name === 'listWorkspaces') return workspacesAs(role);
    if (name === 'billingStatus') return status;
    if (name === 'billingUsage') return usageOf(status.plan, 3);
    if (name === 'billingCheckout') return { url: 'http://stripe.test/c/pay/cs_test_1' };
    if (name === 'billingPortal') return { url: 'http://stripe.test/p/session/bps_1' };
    throw new Error(`unexpected ${name}`);
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
        <PlanBillingCard />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('plan and billing card', () => {
  it('shows the Free plan with its limits from the plans table and upgrades through Stripe Checkout', async () => {
    const user = renderCard(free);
    expect(await screen.findByText('Free')).toBeInTheDocument();
    // Counted limits show usage; the others, the plan's number.
    const usage = await screen.findByRole('region', { name: 'Usage' });
    expect(
      within(usage).getByRole('meter', { name: /AI generations a day: 17 of 20 AI generations left today/ }),
    ).toHaveAttribute('aria-valuenow', '3');
    expect(within(usage).getByRole('meter', { name: /Connected ad accounts: 1 of 2 ad accounts left/ })).toBeVisible();
    const limits = screen.getByLabelText('Free limits');
    expect(within(limits).getByText('Seats').nextSibling).toHaveTextContent('1');
    expect(within(limits).queryByText('AI generations a day')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    await user.click(screen.getByRole('button', { name: /Upgrade to Pro · \$470\/year/ }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://stripe.test/c/pay/cs_test_1'));
    expect(api.apiRequest).toHaveBeenCalledWith('billingCheckout', { body: { plan: 'pro', interval: 'yearly' } });
  });

  it('shows a paid plan with its renewal date and opens the portal to manage it', async () => {
    const user = renderCard(pro);
    expect(await screen.findByText('Pro')).toBeInTheDocument();
    expect(screen.getByText(/Renews on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upgrade/ })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://stripe.test/p/session/bps_1'));
  });

  it('warns plainly when a renewal payment failed, naming the day the plan changes', async () => {
    renderCard({
      ...pro,
      subscriptionStatus: 'past_due',
      paymentFailed: true,
      downgradesAt: '2027-01-22T12:00:00.000Z',
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your last payment failed');
    expect(alert).toHaveTextContent(
      new Date('2027-01-22T12:00:00.000Z').toLocaleDateString(undefined, { dateStyle: 'long' }),
    );
  });

  it('after checkout, says the payment is being confirmed while the plan is still Free', async () => {
    renderCard(free, '/dashboard?checkout=success');
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
  });

  it('above the ad-account limit after a downgrade, asks which accounts to keep and frees the others', async () => {
    const held = ['act_1', 'act_2', 'act_3'];
    const over = (keep: string[]): Usage => ({
      plan: 'free',
      limits: [{ key: 'connectedAdAccounts', used: keep.length, limit: 2, resetsAt: null, enforced: true, held: keep }],
    });
    let current = over(held);
    api.apiRequest.mockImplementation(async (name: string, input?: { body?: { keep: string[] } }) => {
      if (name === 'getTeam') return teamAs('owner', 'free');
      if (name === 'listWorkspaces') return workspacesAs('owner');
      if (name === 'billingStatus') return free;
      if (name === 'billingUsage') return current;
      if (name === 'metaAdAccounts')
        return {
          data: [
            { id: 'act_1', name: 'Shoes US' },
            { id: 'act_2', name: 'Shoes JP' },
          ],
        };
      if (name === 'billingKeepAdAccounts') return (current = over(input!.body!.keep));
      throw new Error(`unexpected ${name}`);
    });
    render(
      <MemoryRouter>
        <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
          <PlanBillingCard />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('allows 2 ad accounts; 3 are in use');
    const submit = within(alert).getByRole('button', { name: /Keep and free the others/ });
    expect(submit).toBeDisabled();
    await user.click(await within(alert).findByRole('checkbox', { name: 'Shoes US (act_1)' }));
    await user.click(within(alert).getByRole('checkbox', { name: 'Shoes JP (act_2)' }));
    await user.click(within(alert).getByRole('checkbox', { name: 'act_3' }));
    expect(within(alert).getByText('Choose at most 2.')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: /Keep 3/ })).toBeDisabled();
    await user.click(within(alert).getByRole('checkbox', { name: 'act_3' }));
    await user.click(within(alert).getByRole('button', { name: 'Keep 2 and free the others' }));
    expect(api.apiRequest).toHaveBeenCalledWith('billingKeepAdAccounts', { body: { keep: ['act_1', 'act_2'] } });
    await vi.waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('a member sees the shared plan and its usage, read-only: who manages billing, and no billing buttons', async () => {
    renderCard({ ...pro, paymentFailed: true, downgradesAt: '2027-01-22T12:00:00.000Z' }, '/dashboard', 'member');
    expect(await screen.findByText('Pro')).toBeInTheDocument();
    expect(
      await screen.findByText(/The workspace owner manages billing: ask them to upgrade or change the plan/),
    ).toHaveTextContent('owner@example.com');
    const usage = await screen.findByRole('region', { name: 'Usage' });
    expect(within(usage).getByRole('meter', { name: /AI generations a day/ })).toBeVisible();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    // The owner's own matters (a card to update) are not the member's to act on.
    expect(screen.queryByText('Your last payment failed')).not.toBeInTheDocument();
    expect(api.apiRequest).not.toHaveBeenCalledWith('billingPortal');
  });

  it('the owner on the same plan gets the buttons', async () => {
    renderCard(free, '/dashboard', 'owner');
    expect(await screen.findByRole('button', { name: /Upgrade to Pro/ })).toBeEnabled();
    expect(screen.queryByText(/The workspace owner manages billing/)).not.toBeInTheDocument();
  });

  it('a member above the ad-account limit is told why spending waits, without the owner’s choice of accounts', async () => {
    api.apiRequest.mockImplementation(async (name: string) => {
      if (name === 'getTeam') return teamAs('member', 'free');
      if (name === 'listWorkspaces') return workspacesAs('member');
      if (name === 'billingStatus') return free;
      if (name === 'billingUsage') {
        return {
          plan: 'free',
          limits: [
            { key: 'connectedAdAccounts', used: 3, limit: 2, resetsAt: null, enforced: true, held: ['a', 'b', 'c'] },
          ],
        } satisfies Usage;
      }
      throw new Error(`unexpected ${name}`);
    });
    render(
      <MemoryRouter>
        <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
          <PlanBillingCard />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(
      await screen.findByText(/changes that spend wait until the workspace owner chooses which 2 to keep/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
