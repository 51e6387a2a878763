import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@web/app/providers/query-client';
import SettingsNotificationsRoute from '@web/app/routes/settings-notifications';
import type { AuthUser } from '@web/lib/auth/auth-user';

const auth = vi.hoisted(() => ({ user: null as AuthUser | null }));
vi.mock('@web/lib/auth/use-auth', () => ({
  useAuth: () => ({ currentUser: auth.user, loading: false, signOut: vi.fn() }),
}));
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

const customer: AuthUser = {
  uid: 'user-1',
  email: 'dana@example.com',
  emailVerified: true,
  displayName: 'Dana',
  photoURL: null,
};

function renderRoute() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
        <SettingsNotificationsRoute />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  api.apiRequest.mockReset();
  api.apiRequest.mockResolvedValue({
    slack: { configured: true, host: 'hooks.slack.com' },
    webhook: { configured: false, host: null },
    deliveries: [],
  });
});

// Issue 25, requirement 11: the deployment's notifications and delivery log are its operators', not a customer's.
describe('the notifications page route', () => {
  it('shows a customer that the page is the operators’, reads nothing and offers no test send', () => {
    auth.user = customer;
    renderRoute();
    expect(screen.getByRole('heading', { name: 'For this deployment’s operators' })).toBeInTheDocument();
    expect(screen.queryByText('Where this deployment sends its notifications')).toBeNull();
    expect(screen.queryByRole('button', { name: /Send test/ })).toBeNull();
    expect(api.apiRequest).not.toHaveBeenCalled();
  });

  it('shows an operator the page', async () => {
    auth.user = { ...customer, operator: true };
    renderRoute();
    expect(await screen.findByRole('button', { name: /Send test to Slack/ })).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith('notificationStatus', expect.anything());
  });
});
