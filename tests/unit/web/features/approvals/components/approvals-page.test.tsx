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

  describe('Resend the email', () => {
    const emailed: Approval = { ...pending, emailedTo: 'bea@bakery.example.com' };
    function serveResend(resend: () => unknown) {
      let current = emailed;
      api.apiRequest.mockImplementation(async (name: string) => {
        if (name === 'approvalsList') return { items: [current] };
        if (name === 'approvalsDetail') return detail(current);
        if (name === 'approvalsResend') {
          const answer = resend() as { approval: Approval };
          current = answer.approval;
          return answer;
        }
        throw new Error(`unexpected ${name}`);
      });
    }

    it('a member resends a link’s email: a new link went, the old one stops working, the allowance shrinks', async () => {
      role.current = 'member';
      const user = userEvent.setup();
      const resent = { ...emailed, resends: [{ at: '2026-11-28T13:00:00Z', by: 'member-1', to: emailed.emailedTo! }] };
      serveResend(() => ({ approval: resent, token: 'n'.repeat(43), email: { to: emailed.emailedTo, sent: true } }));
      renderPage();
      expect(await screen.findByText('3 of 3 resends left, at least 10 minutes apart.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Resend the email' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'A new link went to bea@bakery.example.com. The link sent before no longer works.',
      );
      expect(await screen.findByText('2 of 3 resends left, at least 10 minutes apart.')).toBeInTheDocument();
      expect(api.apiRequest).toHaveBeenCalledWith('approvalsResend', { params: { id: pending.id }, body: {} });
      // A member may resend, not revoke.
      expect(screen.queryByRole('button', { name: 'Revoke the link' })).not.toBeInTheDocument();
    });

    it('says when to try again after a refusal, and keeps the button', async () => {
      const user = userEvent.setup();
      serveResend(() => {
        throw new ApiError('RATE_LIMITED', 429, 'This link was resent less than 10 minutes ago: try again in 7 min.');
      });
      renderPage();
      await user.click(await screen.findByRole('button', { name: 'Resend the email' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('try again in 7 min.');
      expect(screen.getByRole('button', { name: 'Resend the email' })).toBeEnabled();
    });

    it('is offered neither to the client, nor for a link that was never emailed, nor once all resends are used', async () => {
      const cases: Array<[WorkspaceRole, Approval]> = [
        ['client', emailed],
        ['owner', pending],
        ['owner', { ...emailed, resends: [1, 2, 3].map((n) => ({ at: `2026-11-28T1${n}:00:00Z`, by: 'a', to: 'b' })) }],
      ];
      for (const [who, approval] of cases) {
        role.current = who;
        api.apiRequest.mockImplementation(async (name: string) =>
          name === 'approvalsList' ? { items: [approval] } : detail(approval),
        );
        const { unmount } = renderPage();
        await screen.findByRole('table', { name: 'Ad set: Interests: Camping' });
        const button = screen.queryByRole('button', { name: 'Resend the email' });
        if (approval.resends) expect(button).toBeDisabled();
        else expect(button).not.toBeInTheDocument();
        unmount();
      }
    });
  });
});
