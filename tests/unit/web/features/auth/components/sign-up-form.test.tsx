import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { passwordRules } from '@shared/password-policy';
import { AuthPage } from '@web/features/auth/components/auth-page';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { type createCognitoMock, namedError } from '@tests/unit/web/support/cognito-mock';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof createCognitoMock> }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('@tests/unit/web/support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});

function renderSignUp() {
  const user = userEvent.setup();
  render(
    <AuthProvider>
      <MemoryRouter initialEntries={['/auth?tab=sign-up']}>
        <AuthPage />
      </MemoryRouter>
    </AuthProvider>,
  );
  return user;
}

function ruleItem(label: string) {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  return within(list).getByText(label).closest('li');
}

describe('sign-up', () => {
  beforeEach(() => {
    cognito.current.getSignedInUser.mockReset().mockResolvedValue(null);
    cognito.current.signUpWithEmail.mockReset().mockResolvedValue(undefined);
  });

  it('shows every password rule live, met or not met', async () => {
    const user = renderSignUp();
    await screen.findByLabelText('Full name');
    for (const rule of passwordRules()) expect(ruleItem(rule.label)).toHaveAttribute('data-met', 'false');

    await user.type(screen.getByLabelText('Password'), 'abc1');
    expect(ruleItem('A lowercase letter')).toHaveAttribute('data-met', 'true');
    expect(ruleItem('A number')).toHaveAttribute('data-met', 'true');
    expect(ruleItem('An uppercase letter')).toHaveAttribute('data-met', 'false');
    expect(within(ruleItem('An uppercase letter')!).getByText('(not met)')).toBeInTheDocument();
  });

  it('re-shows and highlights the rules when Cognito answers InvalidPasswordException', async () => {
    cognito.current.signUpWithEmail.mockRejectedValue(
      namedError('InvalidPasswordException', 'Password does not conform to policy: Password not long enough'),
    );
    const user = renderSignUp();
    await user.type(await screen.findByLabelText('Full name'), 'Jane Marketer');
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'Str0ng&Long-enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Your password does not meet the requirements below.')).toBeInTheDocument();
    const panel = screen.getByRole('list', { name: 'Password requirements' }).parentElement!;
    expect(panel).toHaveAttribute('data-highlighted', 'true');
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('tells the user to check their inbox after signing up', async () => {
    const user = renderSignUp();
    await user.type(await screen.findByLabelText('Full name'), 'Jane Marketer');
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'Str0ng&Long-enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(cognito.current.signUpWithEmail).toHaveBeenCalledWith({
      displayName: 'Jane Marketer',
      email: 'jane@example.com',
      password: 'Str0ng&Long-enough',
    });
  });

  it('does not send a password that breaks the policy', async () => {
    const user = renderSignUp();
    await user.type(await screen.findByLabelText('Full name'), 'Jane Marketer');
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Your password does not meet all the requirements below')).toBeInTheDocument();
    expect(cognito.current.signUpWithEmail).not.toHaveBeenCalled();
  });
});
