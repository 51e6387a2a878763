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

const VERIFY_FIRST = 'Please verify your email first. Check your inbox for the verification link.';

async function signIn(email = 'new@example.com', password = 'Whatever-1') {
  const user = userEvent.setup();
  render(
    <AuthProvider>
      <MemoryRouter initialEntries={['/auth']}>
        <AuthPage />
      </MemoryRouter>
    </AuthProvider>,
  );
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('sign-in', () => {
  beforeEach(() => {
    cognito.current.getSignedInUser.mockReset().mockResolvedValue(null);
    cognito.current.signInWithPassword.mockReset();
    cognito.current.resendVerificationLink.mockReset().mockResolvedValue(undefined);
  });

  it('rejects an unverified email with the exact message and offers a new link', async () => {
    cognito.current.signInWithPassword.mockResolvedValue({ status: 'unconfirmed' });
    const user = await signIn();
    expect(await screen.findByText(VERIFY_FIRST)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend verification link' }));
    expect(cognito.current.resendVerificationLink).toHaveBeenCalledWith('new@example.com');
    expect(await screen.findByText('We sent a new verification link to new@example.com.')).toBeInTheDocument();
  });

  it('shows a human message for wrong credentials, never the exception name', async () => {
    cognito.current.signInWithPassword.mockRejectedValue(
      namedError('NotAuthorizedException', 'Incorrect username or password.'),
    );
    await signIn();
    expect(await screen.findByText('Incorrect email or password.')).toBeInTheDocument();
    expect(screen.queryByText(/Exception/)).not.toBeInTheDocument();
  });

  it('asks for an email and password before calling Cognito', async () => {
    const user = userEvent.setup();
    render(
      <AuthProvider>
        <MemoryRouter>
          <AuthPage />
        </MemoryRouter>
      </AuthProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(cognito.current.signInWithPassword).not.toHaveBeenCalled();
  });
});

describe('sign-in with an authenticator app', () => {
  beforeEach(() => {
    cognito.current.getSignedInUser.mockReset().mockResolvedValue(null);
    cognito.current.signInWithPassword.mockReset().mockResolvedValue({ status: 'totpCode' });
    cognito.current.confirmSignInWithCode.mockReset();
  });

  it('asks for the app’s code after the password (no “unsupported step”), and says when it is wrong', async () => {
    cognito.current.confirmSignInWithCode.mockRejectedValueOnce(namedError('CodeMismatchException'));
    const user = await signIn('mfa@example.com');
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.queryByText(/not support yet/)).not.toBeInTheDocument();
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(
      await screen.findByText('That code is not right. Enter the code your authenticator app shows now.'),
    ).toBeInTheDocument();
    expect(cognito.current.confirmSignInWithCode).toHaveBeenCalledWith('mfa@example.com', '111111');

    cognito.current.confirmSignInWithCode.mockResolvedValueOnce({ status: 'signedIn' });
    await user.clear(code);
    await user.type(code, '222222');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await vi.waitFor(() =>
      expect(cognito.current.confirmSignInWithCode).toHaveBeenLastCalledWith('mfa@example.com', '222222'),
    );
    expect(screen.getByText(/Lost the app\?/)).toBeInTheDocument();
  });

  it('sets up an app first where the pool requires MFA', async () => {
    cognito.current.signInWithPassword.mockResolvedValue({
      status: 'totpSetup',
      setup: {
        secret: 'KRUGS4ZANFZSAYJAONSWG4TFOQ',
        uri: 'otpauth://totp/Adsmith:x?secret=KRUGS4ZANFZSAYJAONSWG4TFOQ',
      },
    });
    await signIn('new-mfa@example.com');
    expect(await screen.findByText('KRUGS4ZANFZSAYJAONSWG4TFOQ')).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on and sign in' })).toBeInTheDocument();
  });
});
