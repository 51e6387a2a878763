import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@web/app/providers/query-client';
import { ProposalApproval } from '@web/features/agent/components/proposal-approval';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
vi.mock('sonner', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn() } }));

const ID = '5.agent-proposal.ccc';
const TITLE = 'Pause the ad that lost its A/B test';

beforeEach(() => {
  api.apiRequest.mockReset();
});

describe('ProposalApproval', () => {
  it('opens the form from the chat and sends the proposal by link, emailed from the agency’s name', async () => {
    const user = userEvent.setup();
    api.apiRequest.mockResolvedValue({
      approval: {
        id: 'changes_0abc0000000000000001',
        subject: { kind: 'agent_proposal', recommendationIds: [ID], name: TITLE },
        via: 'link',
        status: 'pending',
        sentAt: '2026-11-28T12:00:00Z',
        sentBy: 'agency',
        emailedTo: 'bea@bakery.example.com',
      },
      token: 'T'.repeat(43),
      email: { to: 'bea@bakery.example.com', sent: true },
    });
    render(
      <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
        <ProposalApproval recommendationId={ID} title={TITLE} />
      </QueryClientProvider>,
    );
    const toggle = screen.getByRole('button', { name: `Send for approval: ${TITLE}` });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const form = screen.getByRole('form', { name: 'Send the proposal for approval' });
    await user.type(within(form).getByLabelText('Email it to (optional)'), 'bea@bakery.example.com');
    await user.type(within(form).getByLabelText('From (your agency’s name)'), 'Northwind Media');
    await user.click(within(form).getByRole('button', { name: 'Send for approval' }));

    expect(await screen.findByText('Emailed to bea@bakery.example.com.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Approval link' })).toHaveValue(
      `${window.location.origin}/approve/${'T'.repeat(43)}`,
    );
    expect(api.apiRequest).toHaveBeenCalledWith('approvalsSend', {
      body: {
        subject: { kind: 'agent_proposal', recommendationId: ID },
        via: 'link',
        expiresInDays: 7,
        email: { to: 'bea@bakery.example.com', senderName: 'Northwind Media' },
      },
    });
  });
});
