import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@web/app/providers/query-client';
import { AccountSettingsCard } from '@web/features/account/components/account-settings-card';
import { ApiError } from '@web/lib/api-client';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { type createCognitoMock, testUser } from '@tests/unit/web/support/cognito-mock';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof createCognitoMock> }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('@tests/unit/web/support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const toast = vi.hoisted(() => ({ error: vi.fn(), warning: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function renderCard() {
  render(
    <AuthProvider>
      <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
        <AccountSettingsCard />
      </QueryClientProvider>
    </AuthProvider>,
  );
  return userEvent.setup();
}

/** On the dashboard the user is loaded before the card renders; here, wait until it has been. */
async function loadedNameField(): Promise<HTMLElement> {
  return screen.findByDisplayValue(testUser.displayName!);
}

describe('account settings: display name', () => {
  beforeEach(() => {
    api.apiRequest.mockReset();
    cognito.current.getSignedInUser.mockReset().mockResolvedValue(testUser);
  });

  it('saves through PATCH /api/me and then refreshes the signed-in user', async () => {
    api.apiRequest.mockResolvedValue({ ...testUser, displayName: 'Jordan Smith' });
    const user = renderCard();
    const field = await loadedNameField();
    expect(field).toBe(screen.getByLabelText('Display name'));
    expect(field).toHaveValue('Jane Marketer');

    cognito.current.getSignedInUser.mockResolvedValue({ ...testUser, displayName: 'Jordan Smith' });
    await user.clear(field);
    await user.type(field, 'Jordan Smith');
    await user.click(screen.getByRole('button', { name: 'Save name' }));

    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Your name was saved.'));
    expect(api.apiRequest).toHaveBeenCalledWith('updateMe', { body: { displayName: 'Jordan Smith' } });
    expect(cognito.current.getSignedInUser).toHaveBeenCalledTimes(2);
    expect(await screen.findByDisplayValue('Jordan Smith')).toBeInTheDocument();
  });

  it('validates with the API schema before sending', async () => {
    const user = renderCard();
    await user.clear(await loadedNameField());
    await user.type(screen.getByLabelText('Display name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Display name is required')).toBeInTheDocument();
    expect(api.apiRequest).not.toHaveBeenCalled();
  });

  it('shows the server validation message as a toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.apiRequest.mockRejectedValue(new ApiError('VALIDATION_ERROR', 400, 'Display name is at most 100 characters'));
    const user = renderCard();
    await user.type(await loadedNameField(), ' Jr');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('Display name is at most 100 characters'));
  });
});
