import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TwoStepSignInCard } from '@web/features/account/components/two-step-sign-in-card';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { type createCognitoMock, namedError, testUser } from '@tests/unit/web/support/cognito-mock';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof createCognitoMock> }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('@tests/unit/web/support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});

function renderCard() {
  render(
    <AuthProvider>
      <TwoStepSignInCard />
    </AuthProvider>,
  );
  return userEvent.setup();
}

describe('Settings → two-step sign-in', () => {
  beforeEach(() => {
    cognito.current.getSignedInUser.mockReset().mockResolvedValue(testUser);
    cognito.current.readAuthenticatorEnabled.mockReset().mockResolvedValue(false);
    cognito.current.finishAuthenticatorSetup.mockReset().mockResolvedValue(undefined);
    cognito.current.turnOffAuthenticator.mockReset().mockResolvedValue(undefined);
  });

  it('sets up an app: QR code and key to copy, then a code from the app turns it on', async () => {
    const user = renderCard();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(cognito.current.startAuthenticatorSetup).toHaveBeenCalledWith(testUser.email);

    const code = screen.getByLabelText('Authentication code');
    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByText('Enter the 6-digit code your authenticator app shows.')).toBeInTheDocument();
    expect(cognito.current.finishAuthenticatorSetup).not.toHaveBeenCalled();

    cognito.current.finishAuthenticatorSetup.mockRejectedValueOnce(namedError('EnableSoftwareTokenMFAException'));
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(
      await screen.findByText('That code is not right. Enter the code your authenticator app shows now.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(cognito.current.finishAuthenticatorSetup).toHaveBeenLastCalledWith('123456');
  });

  it('shows that it is on and turns it off', async () => {
    cognito.current.readAuthenticatorEnabled.mockResolvedValue(true);
    const user = renderCard();
    expect(await screen.findByText('On')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await screen.findByRole('button', { name: 'Set up an authenticator app' })).toBeInTheDocument();
    expect(cognito.current.turnOffAuthenticator).toHaveBeenCalledTimes(1);
  });
});
