import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AGENT_GUARDRAILS } from '@shared/schemas/agent';
import { createQueryClient } from '@web/app/providers/query-client';
import { AgentGuardrailsCard } from '@web/features/agent/components/agent-guardrails-card';
import { ApiError } from '@web/lib/api-client';

import { workspacesAs } from '@tests/unit/web/support/workspaces';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const toast = vi.hoisted(() => ({ error: vi.fn(), warning: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function serve(role: 'owner' | 'member', update?: (body: unknown) => unknown) {
  api.apiRequest.mockImplementation(async (name: string, input?: { body?: unknown }) => {
    if (name === 'listWorkspaces') return workspacesAs(role, 'owner@example.test');
    if (name === 'agentGuardrails') return DEFAULT_AGENT_GUARDRAILS;
    if (name === 'agentUpdateGuardrails') return (update ?? ((body) => body))(input?.body);
    throw new Error(`unexpected ${name}`);
  });
}

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
      <AgentGuardrailsCard />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const updates = () => api.apiRequest.mock.calls.filter(([name]) => name === 'agentUpdateGuardrails');

describe('agent guardrails in settings', () => {
  beforeEach(() => {
    api.apiRequest.mockReset();
    toast.success.mockReset();
  });
  afterEach(cleanup);

  it('lets the owner tighten the limits, allow actions per role and turn on dry run', async () => {
    serve('owner');
    const user = renderCard();
    const percent = await screen.findByRole('spinbutton', { name: 'Largest budget change (%)' });
    expect(percent).toHaveValue(30);
    await user.clear(percent);
    await user.type(percent, '15');
    const cap = screen.getByRole('spinbutton', { name: 'Daily cap on budget increases (USD)' });
    await user.clear(cap);
    await user.type(cap, '200');
    // A yen account gets limits of its own, stated in yen.
    await user.type(screen.getByRole('textbox', { name: /Add limits for a currency/ }), 'jpy');
    await user.click(screen.getByRole('button', { name: 'Add JPY' }));
    const yen = screen.getByRole('spinbutton', { name: 'Largest budget change a day (JPY)' });
    expect(yen).toHaveValue(0);
    await user.clear(yen);
    await user.type(yen, '30000');
    const members = screen.getByRole('group', { name: 'Members may ask the agent to propose' });
    expect(within(members).getByRole('checkbox', { name: 'Apply a recommendation' })).not.toBeChecked();
    await user.click(within(members).getByRole('checkbox', { name: 'Pause or resume' }));
    await user.click(screen.getByRole('checkbox', { name: /Dry run/ }));
    await user.click(screen.getByRole('button', { name: 'Save guardrails' }));

    await vi.waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]![1]).toEqual({
      body: {
        ...DEFAULT_AGENT_GUARDRAILS,
        maxBudgetChangePercent: 15,
        moneyLimits: [
          { currency: 'USD', maxBudgetChangeAmount: 500, dailyIncreaseCap: 200 },
          { currency: 'JPY', maxBudgetChangeAmount: 30_000, dailyIncreaseCap: 0 },
        ],
        allowedActions: { owner: DEFAULT_AGENT_GUARDRAILS.allowedActions.owner, member: ['propose_budget_change'] },
        dryRun: true,
      },
    });
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith("The agent's guardrails were saved."));
  });

  it('refuses a percent over 100 at the field, before anything is sent', async () => {
    serve('owner');
    const user = renderCard();
    const percent = await screen.findByRole('spinbutton', { name: 'Largest budget change (%)' });
    await user.clear(percent);
    await user.type(percent, '150');
    await user.click(screen.getByRole('button', { name: 'Save guardrails' }));
    await vi.waitFor(() => expect(percent).toHaveAttribute('aria-invalid', 'true'));
    expect(updates()).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    serve('owner', () => {
      throw new ApiError('OWNER_ONLY', 403, 'Only the workspace owner can do this.');
    });
    const user = renderCard();
    const amount = await screen.findByRole('spinbutton', { name: 'Largest budget change a day (USD)' });
    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(screen.getByRole('button', { name: 'Save guardrails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the workspace owner can do this.');
  });

  it('shows a member the limits read-only, with no save button', async () => {
    serve('member');
    renderCard();
    expect(await screen.findByText('Only the workspace owner changes these.')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Largest budget change (%)' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Dry run/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save guardrails' })).not.toBeInTheDocument();
  });
});
