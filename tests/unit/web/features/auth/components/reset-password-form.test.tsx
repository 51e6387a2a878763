import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthPage } from '@web/features/auth/components/auth-page';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { type createCognitoMock, namedError } from '@tests/unit/web/support/cognito-mock';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof createCognitoMock> }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('@tests/unit/web/support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});

function renderAuth(entry: string) {
  const user = userEvent.setup();
  render(
    <AuthProvider>
      <MemoryRouter initialEntries={[entry]}>
        <AuthPage />
      </MemoryRouter>
    </AuthProvider>,
  );
  return user;
}

const NEW_PASSWORD = 'Fresh-Passw0rd!';

describe('password reset', () => {
  beforeEach(() => {
    cognito.current.getSignedInUser.mockReset().mockResolvedValue(null);
    cognito.current.requestPasswordReset.mockReset().mockResolvedValue(undefined);
    cognito.current.confirmPasswordReset.mockReset().mockResolvedValue(undefined);
  });

  it('pre-fills the emailed link, sets the new password and returns to sign-in', async () => {
    const user = renderAuth('/auth?mode=resetPassword&username=jane%40example.com&code=654321');
    expect(await screen.findByLabelText('Email')).toHaveValue('jane@example.com');
    expect(screen.getByLabelText('Reset code')).toHaveValue('654321');
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(cognito.current.confirmPasswordReset).toHaveBeenCalledWith({
      email: 'jane@example.com',
      code: '654321',
      newPassword: NEW_PASSWORD,
    });
    expect(
      await screen.findByText('Your password has been changed. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
  });

  it('asks for the email, sends the code and does not reveal unknown accounts', async () => {
    cognito.current.requestPasswordReset.mockRejectedValue(namedError('UserNotFoundException'));
    const user = renderAuth('/auth');
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByLabelText('Email')).toHaveValue('nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByText(/If an account exists for nobody@example.com/)).toBeInTheDocument();
  });

  it('rejects mismatched passwords before calling Cognito', async () => {
    const user = renderAuth('/auth?mode=resetPassword&username=jane%40example.com&code=654321');
    await user.type(await screen.findByLabelText('New password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), `${NEW_PASSWORD}x`);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(cognito.current.confirmPasswordReset).not.toHaveBeenCalled();
  });

  it('re-shows the policy when Cognito rejects the new password', async () => {
    cognito.current.confirmPasswordReset.mockRejectedValue(
      namedError('InvalidPasswordException', 'Password does not meet requirements'),
    );
    const user = renderAuth('/auth?mode=resetPassword&username=jane%40example.com&code=654321');
    await user.type(await screen.findByLabelText('New password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password does not meet the requirements below.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Password requirements' }).parentElement).toHaveAttribute(
      'data-highlighted',
      'true',
    );
  });
});
