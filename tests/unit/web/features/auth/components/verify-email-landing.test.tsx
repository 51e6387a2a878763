import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VerifyEmailLanding } from '@web/features/auth/components/verify-email-landing';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { type createCognitoMock, namedError } from '@tests/unit/web/support/cognito-mock';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof createCognitoMock> }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('@tests/unit/web/support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});

let codeCounter = 0;
function renderLanding() {
  // Each test uses a fresh code: a link is confirmed once per page life.
  const link = { username: 'new@example.com', code: `12345${codeCounter++}` };
  render(
    <StrictMode>
      <AuthProvider>
        <MemoryRouter>
          <VerifyEmailLanding link={link} />
        </MemoryRouter>
      </AuthProvider>
    </StrictMode>,
  );
  return link;
}

describe('verification link landing', () => {
  beforeEach(() => {
    cognito.current.confirmEmail.mockReset().mockResolvedValue(undefined);
    cognito.current.resendVerificationLink.mockReset().mockResolvedValue(undefined);
  });

  it('confirms the code once and points to sign-in', async () => {
    const link = renderLanding();
    expect(await screen.findByRole('heading', { name: 'Your email is verified' })).toBeInTheDocument();
    expect(cognito.current.confirmEmail).toHaveBeenCalledTimes(1);
    expect(cognito.current.confirmEmail).toHaveBeenCalledWith(link.username, link.code);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth?email=new%40example.com');
  });

  it('explains an expired link and offers a new one', async () => {
    cognito.current.confirmEmail.mockRejectedValue(namedError('ExpiredCodeException'));
    renderLanding();
    expect(await screen.findByRole('heading', { name: 'We could not verify your email' })).toBeInTheDocument();
    expect(screen.getByText('That link has expired or was already used. Request a new one.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Resend verification link' }));
    expect(cognito.current.resendVerificationLink).toHaveBeenCalledWith('new@example.com');
    expect(await screen.findByText('We sent a new verification link to new@example.com.')).toBeInTheDocument();
  });

  it('treats a link for an already confirmed account as done', async () => {
    cognito.current.confirmEmail.mockRejectedValue(
      namedError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED'),
    );
    renderLanding();
    expect(await screen.findByRole('heading', { name: 'Your email was already verified' })).toBeInTheDocument();
  });
});
