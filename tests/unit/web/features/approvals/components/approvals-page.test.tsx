import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Approval, ApprovalDetail } from '@shared/schemas/approvals';
import type { WorkspaceRole } from '@shared/workspace-roles';
import { createQueryClient } from '@web/app/providers/query-client';
import ApprovalsPage from '@web/features/approvals/components/approvals-page';
import { ApiError } from '@web/lib/api-client';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
vi.mock('sonner', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn() } }));
vi.mock('@web/lib/auth/use-auth', () => ({ useAuth: () => ({ currentUser: { uid: 'agency-1' } }) }));
const role = vi.hoisted(() => ({ current: 'owner' as WorkspaceRole }));
vi.mock('@web/lib/team/workspace-role', () => ({
  useWorkspaceRole: () => ({ role: role.current, ownerEmail: 'agency@example.com', pending: false }),
}));

const pending: Approval = {
  id: 'changes_0abc0000000000000001',
  subject: { kind: 'recommendations', recommendationIds: ['5.budget_shift'], name: 'Move budget to the lookalike' },
  via: 'link',
  status: 'pending',
  sentAt: '2026-11-28T12:00:00Z',
  sentBy: 'agency-1',
  expiresAt: '2026-12-05T12:00:00Z',
};
const detail = (approval: Approval): ApprovalDetail => ({
  approval,
  changes: [
    {
      recommendationId: '5.budget_shift',
      kind: 'budget_shift',
      title: 'Move budget to the lookalike',
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
      ],
    },
  ],
});

/** The server as it stands: the list and the detail follow a revoke. */
function serve(revoke: () => ApprovalDetail) {
  let current = pending;
  api.apiRequest.mockImplementation(async (name: string) => {
    if (name === 'approvalsList') return { items: [current] };
    if (name === 'approvalsDetail') return detail(current);
    if (name === 'approvalsRevoke') {
      const answer = revoke();
      current = answer.approval;
      return answer;
    }
    throw new Error(`unexpected ${name}`);
  });
}

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
      <MemoryRouter>
        <ApprovalsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  api.apiRequest.mockReset();
  role.current = 'owner';
});

describe('ApprovalsPage', () => {
  it('the owner revokes a pending link: it is shown withdrawn, in the list too, and the button goes', async () => {
    const user = userEvent.setup();
    serve(() => detail({ ...pending, status: 'revoked', revokedAt: '2026-11-28T13:00:00Z', revokedBy: 'agency-1' }));
    renderPage();
    // What was sent, before → after.
    expect(await screen.findByRole('table', { name: 'Ad set: Interests: Camping' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke the link' }));

    expect(await screen.findByText(/Withdrawn by its sender on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke the link' })).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Sent for approval' });
    expect(await within(list).findByText('Withdrawn')).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith('approvalsRevoke', { params: { id: pending.id } });
  });

  it('says why a revoke was refused (answered first), and keeps the approval as it was', async () => {
    const user = userEvent.setup();
    serve(() => {
      throw new ApiError('CONFLICT', 409, 'This approval has already been answered or withdrawn.');
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Revoke the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This approval has already been answered or withdrawn.');
    expect(screen.getByRole('button', { name: 'Revoke the link' })).toBeEnabled();
  });

  it('neither a member nor the client is offered Revoke', async () => {
    for (const who of ['member', 'client'] as const) {
      role.current = who;
      serve(() => detail(pending));
      const { unmount } = renderPage();
      await screen.findByRole('table', { name: 'Ad set: Interests: Camping' });
      expect(screen.queryByRole('button', { name: /Revoke|Withdraw/ })).not.toBeInTheDocument();
      unmount();
    }
  });
});
