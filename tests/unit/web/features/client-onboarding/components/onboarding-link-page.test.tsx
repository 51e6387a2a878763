import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@web/app/providers/query-client';
import OnboardingLinkPage from '@web/features/client-onboarding/components/onboarding-link-page';
import { readOnboardingAttempt } from '@web/features/client-onboarding/lib/onboarding-attempt';
import { ApiError } from '@web/lib/api-client';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
vi.mock('sonner', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn() } }));

const TOKEN = 'k'.repeat(43);
const config = (state: string) => ({
  workspaceName: 'Trailhead Outfitters',
  agencyName: 'Northwind Media',
  expiresAt: '2026-12-05T12:00:00.000Z',
  dialogUrl: `https://meta.example/dialog/oauth?state=${state}`,
  state,
});

function renderPage() {
  return render(
    <MemoryRouter initialEntries={[`/onboard/${TOKEN}`]}>
      <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
        <Routes>
          <Route path="/onboard/:token" element={<OnboardingLinkPage />} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const assign = vi.fn();
beforeEach(() => {
  api.apiRequest.mockReset();
  assign.mockReset();
  sessionStorage.clear();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the onboarding link page', () => {
  it('says who asks, for which workspace, what is shared and what is not, then goes to Meta with a fresh state', async () => {
    let issued = 0;
    api.apiRequest.mockImplementation(async () => config(`adsmith_meta_ws_x.state-${++issued}.1.s`));
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Northwind Media asks you to connect your Meta ads' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Trailhead Outfitters')).toBeInTheDocument();
    const shared = screen.getByRole('list', { name: 'What will be shared' });
    expect(within(shared).getAllByRole('listitem')).toHaveLength(4);
    expect(within(shared).getByText(/ads_read/)).toBeInTheDocument();
    const kept = screen.getByRole('list', { name: 'What stays with you' });
    expect(within(kept).getByText(/you type it on Facebook only/)).toBeInTheDocument();
    expect(within(kept).getByText(/nobody at Northwind Media sees it/)).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith(
      'metaOnboardingConfig',
      expect.objectContaining({ params: { token: TOKEN } }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Connect with Facebook' }));
    // The state the page loaded with may be old: the click asks for a fresh one and leaves with it.
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(config('adsmith_meta_ws_x.state-2.1.s').dialogUrl));
    expect(readOnboardingAttempt()).toMatchObject({ token: TOKEN, state: 'adsmith_meta_ws_x.state-2.1.s' });
  });

  it('a used link says so, with no button to Meta', async () => {
    api.apiRequest.mockRejectedValue(
      new ApiError('ONBOARDING_LINK_INVALID', 410, 'This onboarding link was already used.', { reason: 'used' }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This link was already used' })).toBeInTheDocument();
    expect(screen.getByText('This onboarding link was already used.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect with Facebook' })).toBeNull();
  });

  it('an expired link and a link cut short are told apart', async () => {
    api.apiRequest.mockRejectedValue(
      new ApiError('ONBOARDING_LINK_INVALID', 410, 'This onboarding link has expired.', { reason: 'expired' }),
    );
    const view = renderPage();
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
    view.unmount();

    api.apiRequest.mockRejectedValue(new ApiError('VALIDATION_ERROR', 400, 'This onboarding link is not valid.'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This link is not complete' })).toBeInTheDocument();
  });
});
