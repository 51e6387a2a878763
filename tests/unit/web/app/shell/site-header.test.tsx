import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentConversation } from '@shared/schemas/agent';
import { sharedQueryClient } from '@web/app/providers/app-providers';
import { SiteHeader } from '@web/app/shell/site-header';
import { workspacesAs } from '@tests/unit/web/support/workspaces';

vi.mock('@web/lib/auth/cognito', () => ({ getAccessToken: vi.fn(async () => 'access-token') }));
vi.mock('@web/config/web-config', () => ({ loadWebConfig: vi.fn(async () => ({ apiBaseUrl: '/api' })) }));
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const user = { uid: 'user-1', email: 'dana@example.com', emailVerified: true, displayName: 'Dana Doe', photoURL: null };
vi.mock('@web/lib/auth/use-auth', () => ({
  useAuth: () => ({ currentUser: user, loading: false, signOut: vi.fn() }),
}));

const title = 'Pause Spring sale';
const conversation: AgentConversation = {
  turns: [
    { role: 'user', text: 'Pause my worst campaign', at: '2026-11-28T09:00:00.000Z' },
    {
      role: 'assistant',
      text: 'I proposed pausing Spring sale.',
      at: '2026-11-28T09:00:01.000Z',
      proposals: [
        {
          recommendationId: 'act_1.agent-c-1',
          adAccountId: 'act_1',
          title,
          drawerPath: '/optimizer?account=act_1&recommendation=act_1.agent-c-1',
          dryRun: false,
        },
      ],
    },
  ],
  updatedAt: '2026-11-28T09:00:01.000Z',
  expiresAt: '2026-12-28T09:00:01.000Z',
};

beforeEach(() => {
  sharedQueryClient().clear();
  api.apiRequest.mockReset();
  api.apiRequest.mockImplementation(async (name: string) => {
    if (name === 'listWorkspaces') return workspacesAs('owner');
    if (name === 'agentConversation') return conversation;
    if (name === 'approvalsSend')
      return { approval: { id: 'ap-1' }, token: 'a'.repeat(43), email: undefined } as unknown;
    throw new Error(`unexpected ${name}`);
  });
});

describe('the site header, as the app renders it (above the pages’ providers)', () => {
  it('sends an agent proposal for approval from the panel without a page-level query client', async () => {
    // No QueryClientProvider around it: app-shell.tsx renders the header above AppProviders.
    render(
      <MemoryRouter>
        <SiteHeader />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Ask the agent' }));
    const panel = await screen.findByRole('dialog', { name: 'Adsmith agent' });
    await userEvent.click(await within(panel).findByRole('button', { name: `Send for approval: ${title}` }));
    const form = await within(panel).findByRole('form', { name: 'Send the proposal for approval' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send for approval' }));
    await within(panel).findByRole('textbox', { name: 'Approval link' });
    expect(api.apiRequest).toHaveBeenCalledWith(
      'approvalsSend',
      expect.objectContaining({
        body: expect.objectContaining({ subject: { kind: 'agent_proposal', recommendationId: 'act_1.agent-c-1' } }),
      }),
    );
  });
});
