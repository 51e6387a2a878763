import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingStatus } from '@shared/schemas/billing';
import SignedInPricing from '@web/features/billing/components/signed-in-pricing';
import { ApiError } from '@web/lib/api-client';
import { PricingPage } from '@web/features/site/components/pricing-page';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
vi.mock('sonner', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() } }));

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
const pro: BillingStatus = { ...free, plan: 'pro', interval: 'monthly', subscriptionStatus: 'active', canManage: true };

const assign = vi.fn();
beforeEach(() => {
  api.apiRequest.mockReset();
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => vi.unstubAllGlobals());

function renderPricing(status: BillingStatus, role: 'owner' | 'member' = 'owner') {
  api.apiRequest.mockImplementation(async (name: string, input?: { body?: { plan: string } }) => {
    if (name === 'getTeam') {
      return {
        role,
        plan: status.plan,
        ownerEmail: 'owner@example.com',
        members: [],
        invitations: [],
        seats: { used: 2, limit: 3 },
      };
    }
    if (name === 'billingStatus') return status;
    if (name === 'billingCheckout') return { url: 'http://stripe.test/c/pay/cs_test_1' };
    if (name === 'billingPortal') return { url: 'http://stripe.test/p/session/bps_1' };
    if (name === 'billingChangePlan') return { ...status, plan: input?.body?.plan };
    throw new Error(`unexpected ${name}`);
  });
  render(
    <MemoryRouter initialEntries={['/pricing']}>
      <SignedInPricing render={(account) => <PricingPage account={account} />} />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const card = (name: string) => screen.getByRole('listitem', { name });

describe('/pricing for a signed-in user', () => {
  it('marks Free as the current plan and upgrades to Pro (yearly) through Checkout; no sign-up links', async () => {
    const user = renderPricing(free);
    await within(card('Free')).findByText('Your plan');
    expect(within(card('Free')).getByRole('button', { name: 'Your current plan' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: /Start/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Yearly/ }));
    await user.click(within(card('Pro')).getByRole('button', { name: 'Upgrade to Pro' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://stripe.test/c/pay/cs_test_1'));
    expect(api.apiRequest).toHaveBeenCalledWith('billingCheckout', { body: { plan: 'pro', interval: 'yearly' } });
  });

  it('lets a Pro user switch to Agency in place, and manage or cancel Pro in the portal', async () => {
    const user = renderPricing(pro);
    await within(card('Pro')).findByText('Your plan');
    expect(within(card('Pro')).getByRole('button', { name: 'Manage billing' })).toBeEnabled();
    expect(within(card('Free')).getByRole('button', { name: 'Cancel in Manage billing' })).toBeEnabled();

    await user.click(within(card('Agency')).getByRole('button', { name: 'Switch to Agency' }));
    expect(await screen.findByText('You are now on Agency')).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith('billingChangePlan', { body: { plan: 'agency', interval: 'monthly' } });
    expect(within(card('Agency')).getByText('Your plan')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says so when the card is declined on a switch: the plan stays, the server’s sentence is shown', async () => {
    const user = renderPricing(pro);
    const declined =
      'The payment for Agency did not go through, so you are still on Pro. Update your card in "Manage billing", then try again.';
    const fallback = api.apiRequest.getMockImplementation()!;
    api.apiRequest.mockImplementation(async (name: string, input?: unknown) => {
      if (name === 'billingChangePlan') throw new ApiError('PAYMENT_FAILED', 402, declined);
      return fallback(name, input);
    });
    await within(card('Pro')).findByText('Your plan');

    await user.click(within(card('Agency')).getByRole('button', { name: 'Switch to Agency' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your payment did not go through');
    expect(alert).toHaveTextContent(declined);
    expect(within(card('Pro')).getByText('Your plan')).toBeInTheDocument();
  });

  it('a team member sees the workspace’s plan marked and who manages billing, with no buttons', async () => {
    renderPricing(pro, 'member');
    await within(card('Pro')).findByText('Your plan');
    expect(screen.getByRole('status')).toHaveTextContent('Your workspace owner manages billing');
    expect(screen.getByRole('status')).toHaveTextContent('owner@example.com');
    for (const name of ['Free', 'Pro', 'Agency']) {
      expect(within(card(name)).queryByRole('button')).not.toBeInTheDocument();
    }
    expect(within(card('Agency')).getByText('Your workspace owner manages billing')).toBeInTheDocument();
  });
});
