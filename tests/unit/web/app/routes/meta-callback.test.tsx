import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import MetaCallbackRoute from '@web/app/routes/meta-callback';
import { createQueryClient } from '@web/app/providers/query-client';
import { readOnboardingAttempt, writeOnboardingAttempt } from '@web/features/client-onboarding/lib/onboarding-attempt';
import { ApiError } from '@web/lib/api-client';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
vi.mock('sonner', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn() } }));

const TOKEN = 'o'.repeat(43);
const STATE = 'adsmith_meta_ws_01ARZ3NDEKTSV4RRFFQ69G5FAV.nonce.1700000000.sig';
let codeSeq = 0;

function renderReturn(query: string) {
  return render(
    <MemoryRouter initialEntries={[`/auth/meta/callback?${query}`]}>
      <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
        <MetaCallbackRoute />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  api.apiRequest.mockReset();
  sessionStorage.clear();
});

describe('Meta’s return for an onboarding link', () => {
  it('finishes through the link (no sign-in), says who connected to which workspace, and forgets the attempt', async () => {
    writeOnboardingAttempt({ token: TOKEN, state: STATE, timestamp: Date.now() });
    api.apiRequest.mockResolvedValue({
      connected: true,
      metaUserName: 'Dana Client',
      workspaceName: 'Trailhead Outfitters',
    });
    const code = `code-${++codeSeq}`;
    renderReturn(`code=${code}&state=${STATE}`);
    expect(await screen.findByRole('heading', { name: 'Your Meta account is connected' })).toBeInTheDocument();
    expect(screen.getByText(/Dana Client is connected to Trailhead Outfitters’s workspace/)).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledTimes(1);
    expect(api.apiRequest).toHaveBeenCalledWith('metaOnboardingCallback', {
      params: { token: TOKEN },
      body: { code, state: STATE },
    });
    expect(readOnboardingAttempt()).toBeNull();
  });

  it('a link used meanwhile shows the used page, not a retry', async () => {
    writeOnboardingAttempt({ token: TOKEN, state: STATE, timestamp: Date.now() });
    api.apiRequest.mockRejectedValue(
      new ApiError('ONBOARDING_LINK_INVALID', 410, 'This onboarding link was already used.', { reason: 'used' }),
    );
    renderReturn(`code=code-${++codeSeq}&state=${STATE}`);
    expect(await screen.findByRole('heading', { name: 'This link was already used' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to the link' })).toBeNull();
  });

  it('a cancel on Meta sends nothing and leads back to the link, which still works', async () => {
    writeOnboardingAttempt({ token: TOKEN, state: STATE, timestamp: Date.now() });
    renderReturn(`error=access_denied&error_reason=user_denied&state=${STATE}`);
    expect(await screen.findByRole('heading', { name: 'Meta connection cancelled' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the link' })).toHaveAttribute('href', `/onboard/${TOKEN}`);
    expect(api.apiRequest).not.toHaveBeenCalled();
  });

  it('a client workspace’s state without the attempt in this tab asks to open the link again (not to sign in)', async () => {
    renderReturn(`code=code-${++codeSeq}&state=${STATE}`);
    expect(await screen.findByRole('heading', { name: 'Open your onboarding link again' })).toBeInTheDocument();
    expect(api.apiRequest).not.toHaveBeenCalled();
  });
});
