import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvitationCreated, Team } from '@shared/schemas/team';
import { createQueryClient } from '@web/app/providers/query-client';
import { TeamPage } from '@web/features/team/components/team-page';
import { ApiError } from '@web/lib/api-client';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
vi.mock('sonner', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn() } }));

const owner = { userId: 'owner-1', email: 'owner@example.com', role: 'owner' as const, joinedAt: null };
const mate = {
  userId: 'mate-1',
  email: 'mate@example.com',
  role: 'member' as const,
  joinedAt: '2026-11-20T10:00:00.000Z',
};
const pending = {
  id: 'inv_aaaaaaaaaaaaaaaaaaaa',
  email: 'new@example.com',
  role: 'member' as const,
  createdAt: '2026-11-22T10:00:00.000Z',
  expiresAt: '2026-11-29T10:00:00.000Z',
};
const proTeam: Team = {
  role: 'owner',
  plan: 'pro',
  ownerEmail: 'owner@example.com',
  members: [owner, mate],
  invitations: [pending],
  seats: { used: 3, limit: 3 },
};

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
      <MemoryRouter>
        <TeamPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Answers the API as the server would, per route name. */
function serve(routes: Record<string, (input?: { body?: unknown; params?: unknown }) => unknown>) {
  api.apiRequest.mockImplementation(async (name: string, input?: { body?: unknown; params?: unknown }) => {
    const answer = routes[name];
    if (!answer) throw new Error(`unexpected ${name}`);
    return answer(input);
  });
}

beforeEach(() => {
  api.apiRequest.mockReset();
});

describe('TeamPage', () => {
  it('shows the owner the seats used, members with roles, pending invitations and what a team shares', async () => {
    serve({ getTeam: () => proTeam });
    renderPage();
    expect(await screen.findByRole('meter', { name: /Seats: 3 of 3 used \(Pro plan\)/ })).toBeInTheDocument();
    const members = screen.getByRole('list', { name: 'Members' });
    expect(within(members).getByText('owner@example.com')).toBeInTheDocument();
    expect(within(members).getByText('mate@example.com')).toBeInTheDocument();
    expect(within(members).getByRole('button', { name: 'Remove mate@example.com' })).toBeInTheDocument();
    // The owner cannot be removed.
    expect(within(members).queryByRole('button', { name: 'Remove owner@example.com' })).toBeNull();
    const invitations = screen.getByRole('list', { name: 'Pending invitations' });
    expect(within(invitations).getByText('new@example.com')).toBeInTheDocument();
    expect(screen.getByText(/All 3 seats of your Pro plan are taken/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What a team shares' })).toBeInTheDocument();
    expect(screen.getByText(/a member’s AI generation uses the team’s daily allowance/)).toBeInTheDocument();
  });

  it('a Free owner reads that the one seat is theirs, not “all 1 seats”', async () => {
    serve({
      getTeam: () => ({ ...proTeam, plan: 'free', members: [owner], invitations: [], seats: { used: 1, limit: 1 } }),
    });
    renderPage();
    expect(await screen.findByText(/Your Free plan’s one seat is yours\./)).toHaveTextContent(
      'Your Free plan’s one seat is yours. Upgrade to invite more.',
    );
    expect(screen.queryByText(/All 1 seats/)).toBeNull();
  });

  it('shows the upgrade prompt, not an error, when an invitation is over the seats', async () => {
    serve({
      getTeam: () => proTeam,
      inviteTeammate: () => {
        throw new ApiError('QUOTA_EXCEEDED', 429, 'Your Pro plan allows 3 seats. Agency allows 10 seats.', {
          quota: 'seats',
          limit: '3',
          plan: 'pro',
          upgradeTo: 'agency',
        });
      },
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Teammate’s email'), 'fourth@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('You have used all 3 seats of your plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Agency' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByText('The invitation was not sent')).toBeNull();
  });

  it('sends an invitation and shows its link; revoking one updates the list', async () => {
    const small: Team = { ...proTeam, members: [owner], invitations: [], seats: { used: 1, limit: 3 } };
    const created: InvitationCreated = {
      invitation: pending,
      link: 'http://127.0.0.1:5173/team/join?token=abc',
      emailed: true,
      team: { ...small, invitations: [pending], seats: { used: 2, limit: 3 } },
    };
    serve({
      getTeam: () => small,
      inviteTeammate: (input) => {
        expect(input?.body).toEqual({ email: 'new@example.com', role: 'member' });
        return created;
      },
      revokeInvitation: (input) => {
        expect(input?.params).toEqual({ id: pending.id });
        return small;
      },
      billingUsage: () => ({ plan: 'pro', limits: [] }),
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Teammate’s email'), ' new@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation emailed to new@example.com')).toBeInTheDocument();
    expect(screen.getByText(created.link)).toBeInTheDocument();
    expect(await screen.findByRole('meter', { name: /Seats: 2 of 3 used/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to new@example.com' }));
    expect(await screen.findByText('No invitations waiting.')).toBeInTheDocument();
  });

  it('names each role briefly in the list and says under it what the chosen one may do', async () => {
    const small: Team = { ...proTeam, members: [owner], invitations: [], seats: { used: 1, limit: 3 } };
    serve({
      getTeam: () => small,
      inviteTeammate: (input) => {
        expect(input?.body).toEqual({ email: 'client@example.com', role: 'client' });
        return { invitation: pending, link: 'http://127.0.0.1:5173/team/join?token=c', emailed: true, team: small };
      },
    });
    renderPage();
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Member', 'Admin', 'Client (read-only)']);
    expect(role).toHaveAccessibleDescription(/A member works in the workspace/);
    await userEvent.selectOptions(role, 'client');
    expect(role).toHaveAccessibleDescription('A client reads dashboards and reports and answers approvals.');
    await userEvent.type(screen.getByLabelText('Teammate’s email'), 'client@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation emailed to new@example.com')).toBeInTheDocument();
  });

  it('tells an owner over the seats after a downgrade that nobody loses access', async () => {
    serve({ getTeam: () => ({ ...proTeam, seats: { used: 4, limit: 3 } }) });
    renderPage();
    expect(await screen.findByText('More teammates than your plan’s seats')).toBeInTheDocument();
    expect(screen.getByText(/Nobody loses access/)).toBeInTheDocument();
  });

  it('shows a member whose workspace they work in, with no team management, and lets them leave', async () => {
    const memberView: Team = { ...proTeam, role: 'member', invitations: [] };
    serve({
      getTeam: () => memberView,
      leaveTeam: () => ({
        ...proTeam,
        role: 'owner',
        ownerEmail: 'mate@example.com',
        members: [mate],
        invitations: [],
      }),
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'You work in owner@example.com’s workspace' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Teammate’s email')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Leave this team' }));
    expect(await screen.findByLabelText('Teammate’s email')).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith('leaveTeam');
  });

  it('an Agency owner creates a client workspace by name and can switch to it; a Pro owner is not offered it', async () => {
    const created = {
      id: 'ws_01ARZ3NDEKTSV4RRFFQ69G5FAV',
      role: 'admin',
      ownerEmail: 'owner@example.com',
      name: 'Bakery Ltd',
    };
    const own = { id: 'owner-1', role: 'owner', ownerEmail: 'owner@example.com' };
    const bodies: unknown[] = [];
    serve({
      getTeam: () => ({ ...proTeam, plan: 'agency', seats: { used: 3, limit: 10 } }),
      listWorkspaces: () => ({ current: own, workspaces: [own] }),
      listClientWorkspaces: () => ({ paying: true, clients: [], attachable: [] }),
      billingUsage: () => ({ plan: 'agency', limits: [] }),
      createClientWorkspace: (input) => {
        bodies.push(input?.body);
        return created;
      },
    });
    const view = renderPage();
    const name = await screen.findByRole('textbox', { name: 'Client workspace name' });
    await userEvent.type(name, '  Bakery Ltd ');
    await userEvent.click(screen.getByRole('button', { name: 'Create client workspace' }));
    expect(await screen.findByText('Bakery Ltd is ready')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Bakery Ltd' }]);
    expect(screen.getByRole('button', { name: 'Switch to Bakery Ltd' })).toBeInTheDocument();
    view.unmount();

    serve({ getTeam: () => proTeam, listWorkspaces: () => ({ current: own, workspaces: [own] }) });
    renderPage();
    await screen.findByRole('meter', { name: /Pro plan/ });
    expect(screen.queryByRole('textbox', { name: 'Client workspace name' })).toBeNull();
  });

  it('shows the server’s refusal of a client workspace in its words', async () => {
    serve({
      getTeam: () => ({ ...proTeam, plan: 'agency', seats: { used: 3, limit: 10 } }),
      listWorkspaces: () => ({ current: { id: 'o', role: 'owner', ownerEmail: '' }, workspaces: [] }),
      listClientWorkspaces: () => ({ paying: true, clients: [], attachable: [] }),
      billingUsage: () => ({ plan: 'agency', limits: [] }),
      createClientWorkspace: () => {
        throw new ApiError(
          'FORBIDDEN',
          403,
          'A client workspace cannot hold client workspaces: switch to the agency’s workspace first.',
        );
      },
    });
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Client workspace name' }), 'Nested');
    await userEvent.click(screen.getByRole('button', { name: 'Create client workspace' }));
    expect(await screen.findByText(/cannot hold client workspaces/)).toBeInTheDocument();
  });
  it('an Agency owner attaches a workspace, detaches one after confirming, and reads the pool they share', async () => {
    const own = { id: 'owner-1', role: 'owner', ownerEmail: 'owner@example.com' };
    const bakery = { id: 'ws_01ARZ3NDEKTSV4RRFFQ69G5FAV', name: 'Bakery Ltd', attachedAt: '2026-11-20T10:00:00.000Z' };
    const florist = { id: 'ws_01ARZ3NDEKTSV4RRFFQ69G5FAW', name: 'Florist' };
    let state = { paying: true, clients: [bakery], attachable: [florist] };
    const calls: [string, unknown][] = [];
    const limit = (key: string, used: number, max: number) => ({
      key,
      used,
      limit: max,
      resetsAt: key === 'connectedAdAccounts' ? null : '2026-12-01T00:00:00.000Z',
      enforced: true,
    });
    serve({
      getTeam: () => ({ ...proTeam, plan: 'agency', seats: { used: 3, limit: 10 } }),
      listWorkspaces: () => ({ current: own, workspaces: [own] }),
      listClientWorkspaces: () => state,
      billingUsage: () => ({
        plan: 'agency',
        limits: [
          limit('aiGenerationsPerDay', 640, 1000),
          limit('graphicsExportsPerMonth', 12, 2000),
          limit('mmmFitsPerMonth', 3, 60),
          limit('connectedAdAccounts', 7, 50),
          limit('automationRules', 0, 200),
          limit('seats', 3, 10),
        ],
      }),
      attachClientWorkspace: (input) => {
        calls.push(['attach', input?.body]);
        state = { ...state, clients: [bakery, { ...florist, attachedAt: '2026-11-29T10:00:00.000Z' }], attachable: [] };
        return state;
      },
      detachClientWorkspace: (input) => {
        calls.push(['detach', input?.params]);
        state = { ...state, clients: state.clients.filter((c) => c.id !== bakery.id) };
        return state;
      },
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Client workspaces on this plan' });
    expect(within(list).getByText('Bakery Ltd')).toBeInTheDocument();
    const pool = await screen.findByRole('group', { name: /The pool/ });
    expect(within(pool).getByRole('meter', { name: /Pool: AI generations a day: 360 of 1,000/ })).toBeInTheDocument();
    expect(within(pool).getByRole('meter', { name: /Pool: Connected ad accounts: 43 of 50/ })).toBeInTheDocument();
    // Seats are not pooled: not shown as the pool's.
    expect(within(pool).queryByRole('meter', { name: /Seats/ })).toBeNull();

    expect(screen.getByRole('combobox', { name: 'Workspace to attach' })).toHaveValue(florist.id);
    await userEvent.click(screen.getByRole('button', { name: 'Attach to this plan' }));
    expect(await within(list).findByText('Florist')).toBeInTheDocument();
    expect(calls).toEqual([['attach', { workspaceId: florist.id }]]);

    // Detaching asks first; cancelling changes nothing.
    await userEvent.click(within(list).getByRole('button', { name: 'Detach Bakery Ltd' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Detach Bakery Ltd?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(1);
    await userEvent.click(within(list).getByRole('button', { name: 'Detach Bakery Ltd' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Detach workspace' }),
    );
    await vi.waitFor(() => expect(within(list).queryByText('Bakery Ltd')).toBeNull());
    expect(calls[1]).toEqual(['detach', { workspaceId: bakery.id }]);
  });

  it('shows why a workspace could not be attached, in the server’s words', async () => {
    const own = { id: 'owner-1', role: 'owner', ownerEmail: 'owner@example.com' };
    serve({
      getTeam: () => ({ ...proTeam, plan: 'agency', seats: { used: 3, limit: 10 } }),
      listWorkspaces: () => ({ current: own, workspaces: [own] }),
      listClientWorkspaces: () => ({
        paying: true,
        clients: [],
        attachable: [{ id: 'mate-1', name: 'mate@example.com' }],
      }),
      billingUsage: () => ({ plan: 'agency', limits: [] }),
      attachClientWorkspace: () => {
        throw new ApiError('CONFLICT', 409, 'That workspace’s own Pro subscription still renews.');
      },
    });
    renderPage();
    expect(await screen.findByText('No client workspace is on this plan yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Attach to this plan' }));
    expect(await screen.findByText(/own Pro subscription still renews/)).toBeInTheDocument();
  });

  it('in a client workspace: makes an onboarding link to copy, lists whether each was used, offers no client workspaces', async () => {
    const client = {
      id: 'ws_01ARZ3NDEKTSV4RRFFQ69G5FAV',
      role: 'admin',
      ownerEmail: 'owner@example.com',
      name: 'Bakery Ltd',
    };
    const links = [
      {
        id: 'aaaaaaaaaaaa',
        createdAt: '2026-11-20T10:00:00.000Z',
        createdByEmail: 'owner@example.com',
        expiresAt: '2026-11-27T10:00:00.000Z',
        usedAt: '2026-11-21T10:00:00.000Z',
        status: 'used',
      },
    ];
    const bodies: unknown[] = [];
    const token = 'T'.repeat(43);
    serve({
      getTeam: () => ({ ...proTeam, role: 'admin', plan: 'agency', seats: { used: 3, limit: 10 } }),
      listWorkspaces: () => ({ current: client, workspaces: [client] }),
      metaOnboardingList: () => ({ links }),
      metaOnboardingCreate: (input) => {
        bodies.push(input?.body);
        links.unshift({
          id: 'bbbbbbbbbbbb',
          createdAt: '2026-11-28T10:00:00.000Z',
          createdByEmail: 'owner@example.com',
          expiresAt: '2026-12-05T10:00:00.000Z',
          usedAt: null as unknown as string,
          status: 'waiting',
        });
        return { token, expiresAt: '2026-12-05T10:00:00.000Z' };
      },
    });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Connect Bakery Ltd’s Meta account' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Onboarding links' });
    expect(within(list).getByText('Used')).toBeInTheDocument();
    expect(within(list).getByText(/the client’s Meta account is connected/)).toBeInTheDocument();
    // A client workspace holds no client workspaces of its own.
    expect(screen.queryByRole('textbox', { name: 'Client workspace name' })).toBeNull();

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Your agency’s name, as the client knows it' }),
      'Northwind',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create onboarding link' }));
    const shown = await screen.findByRole('textbox', { name: 'Onboarding link' });
    expect(shown).toHaveValue(`${window.location.origin}/onboard/${token}`);
    expect(bodies).toEqual([{ agencyName: 'Northwind' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/onboard/${token}`);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(
      await within(screen.getByRole('list', { name: 'Onboarding links' })).findByText('Not used yet'),
    ).toBeInTheDocument();
  });

  it('the owner of a workspace an agency pays for leaves its plan after confirming; no client workspaces offered', async () => {
    const own = { id: 'owner-1', role: 'owner', ownerEmail: 'owner@example.com' };
    let team: Team = { ...proTeam, plan: 'agency', seats: { used: 3, limit: 10 }, paidByAgency: true };
    const calls: string[] = [];
    serve({
      getTeam: () => team,
      listWorkspaces: () => ({ current: own, workspaces: [own] }),
      leaveAgencyPlan: () => {
        calls.push('leave');
        team = { ...proTeam };
        return { plan: 'pro' };
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Paid for by an agency' })).toBeInTheDocument();
    // A client cannot hold clients of its own.
    expect(screen.queryByRole('textbox', { name: 'Client workspace name' })).toBeNull();

    // It asks first; cancelling changes nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Leave the agency’s plan' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave the agency’s plan?' });
    expect(dialog).toHaveTextContent('The agency is told');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Leave the agency’s plan' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave the plan' }),
    );
    expect(calls).toEqual(['leave']);
    // The team is read again: back on its own Pro plan, the card gone.
    expect(await screen.findByRole('meter', { name: /Seats: 3 of 3 used \(Pro plan\)/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Paid for by an agency' })).toBeNull();
  });

  it('a member of a workspace an agency pays for is not offered to leave the plan', async () => {
    const own = { id: 'owner-1', role: 'member', ownerEmail: 'owner@example.com' };
    serve({
      getTeam: () => ({ ...proTeam, role: 'member', invitations: [], paidByAgency: true }),
      listWorkspaces: () => ({ current: own, workspaces: [own] }),
    });
    renderPage();
    await screen.findByRole('meter', { name: /Seats/ });
    expect(screen.queryByRole('button', { name: 'Leave the agency’s plan' })).toBeNull();
  });
});
