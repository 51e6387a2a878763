import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessToken, CreatedAccessToken } from '@shared/schemas/agent-tokens';
import { createQueryClient } from '@web/app/providers/query-client';
import { AgentAccessTokensCard } from '@web/features/agent/components/agent-access-tokens-card';
import { ApiError } from '@web/lib/api-client';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
const earlier = new Date(Date.now() - 86_400_000).toISOString();
const laptop: AccessToken = {
  id: 'a1b2c3d4e5f60718',
  label: 'Claude on my laptop',
  scope: 'read',
  tokenStart: 'adsm_pat_Ab12Cd',
  createdAt: earlier,
  expiresAt: later,
  lastUsedAt: earlier,
};
const secret = `adsm_pat_${'x'.repeat(43)}`;

/** A tokens API in memory: create adds one (the secret in that reply only), revoke marks it. */
function serve(tokens: AccessToken[], options: { refuseCreate?: boolean } = {}) {
  api.apiRequest.mockImplementation(async (name: string, input?: { body?: unknown; params?: { tokenId: string } }) => {
    if (name === 'agentAccessTokens') return { tokens: [...tokens] };
    if (name === 'agentCreateAccessToken') {
      if (options.refuseCreate) throw new ApiError('VALIDATION_ERROR', 400, 'You have 20 access tokens already.');
      const body = input!.body as { label: string; scope: AccessToken['scope']; expiresInDays: number };
      const created: CreatedAccessToken = {
        id: '0123456789abcdef',
        label: body.label,
        scope: body.scope,
        tokenStart: secret.slice(0, 15),
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + body.expiresInDays * 86_400_000).toISOString(),
        token: secret,
      };
      const { token: _shownOnce, ...kept } = created;
      tokens.push(kept);
      return created;
    }
    if (name === 'agentRevokeAccessToken') {
      const token = tokens.find((t) => t.id === input!.params!.tokenId)!;
      token.revokedAt = new Date().toISOString();
      return { revoked: true };
    }
    throw new Error(`unexpected ${name}`);
  });
}

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
      <AgentAccessTokensCard />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const calls = (name: string) => api.apiRequest.mock.calls.filter(([called]) => called === name);

describe('AI assistant access tokens in settings', () => {
  beforeEach(() => {
    api.apiRequest.mockReset();
  });

  it('creates a token with the chosen access and lifetime, shows it once, then lists it without the secret', async () => {
    serve([]);
    const user = renderCard();
    await screen.findByText('No access token yet.');
    const form = screen.getByRole('form', { name: 'Create an access token' });
    const create = within(form).getByRole('button', { name: 'Create token' });
    expect(create).toBeDisabled();
    await user.type(within(form).getByRole('textbox', { name: 'Token name' }), 'Claude desktop');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Access' }), 'Read and propose changes');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Expires after' }), '30 days');
    await user.click(create);

    expect(calls('agentCreateAccessToken')[0]![1]).toEqual({
      body: { label: 'Claude desktop', scope: 'read+propose', expiresInDays: 30 },
    });
    expect(await screen.findByRole('textbox', { name: 'New access token' })).toHaveValue(secret);
    const list = await screen.findByRole('list', { name: 'Access tokens' });
    await within(list).findByText('Claude desktop');
    expect(list).toHaveTextContent('Read and propose changes');
    expect(list).not.toHaveTextContent(secret);

    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('textbox', { name: 'New access token' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(secret);
  });

  it('lists each token with its access, last use and expiry, and revokes one', async () => {
    serve([{ ...laptop }]);
    const user = renderCard();
    const list = await screen.findByRole('list', { name: 'Access tokens' });
    expect(list).toHaveTextContent('Claude on my laptop · Read only · adsm_pat_Ab12Cd…');
    expect(list).toHaveTextContent(`expires ${new Date(later).toLocaleDateString()}`);
    expect(list).toHaveTextContent('last used');

    await user.click(within(list).getByRole('button', { name: 'Revoke the token Claude on my laptop' }));
    expect(calls('agentRevokeAccessToken')[0]![1]).toEqual({ params: { tokenId: laptop.id } });
    await waitFor(() => expect(list).toHaveTextContent('revoked'));
    expect(within(list).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('says why a token was not created, in the API’s words', async () => {
    serve([], { refuseCreate: true });
    const user = renderCard();
    await screen.findByText('No access token yet.');
    await user.type(screen.getByRole('textbox', { name: 'Token name' }), 'One too many');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The token was not created');
    expect(alert).toHaveTextContent('You have 20 access tokens already.');
    expect(screen.queryByRole('textbox', { name: 'New access token' })).not.toBeInTheDocument();
  });
});
