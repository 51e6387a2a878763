import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProtectedRoute } from '@web/app/router/protected-route';
import { AuthPage } from '@web/features/auth/components/auth-page';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { type createCognitoMock, testUser } from '@tests/unit/web/support/cognito-mock';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof createCognitoMock> }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('@tests/unit/web/support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});

function renderApp(initialEntries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/auth', element: <AuthPage /> },
      {
        element: <ProtectedRoute />,
        children: [
          { path: '/campaigns', element: <p>Campaigns page</p> },
          { path: '/dashboard', element: <p>Dashboard page</p> },
        ],
      },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  render(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return router;
}

describe('guarded routes', () => {
  beforeEach(() => {
    cognito.current.getSignedInUser.mockReset().mockResolvedValue(null);
    cognito.current.signInWithPassword.mockReset().mockResolvedValue({ status: 'signedIn' });
  });

  it('shows the loading screen while auth loads', () => {
    cognito.current.getSignedInUser.mockReturnValue(new Promise(() => undefined));
    renderApp(['/campaigns']);
    expect(screen.getByRole('status', { name: 'Loading Adsmith' })).toBeInTheDocument();
    expect(screen.queryByText('Campaigns page')).not.toBeInTheDocument();
  });

  it('redirects to /auth with replace, then returns to the origin after sign-in', async () => {
    // Prepare: the user was on / and followed a link to /campaigns while signed out.
    const user = userEvent.setup();
    const router = renderApp(['/', '/campaigns']);

    // Assess: sent to /auth, replacing /campaigns in history.
    expect(await screen.findByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/campaigns' } });

    // Act: sign in.
    cognito.current.getSignedInUser.mockResolvedValue(testUser);
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'Correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // Assess: back where they started.
    expect(await screen.findByText('Campaigns page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/campaigns');
    expect(cognito.current.signInWithPassword).toHaveBeenCalledWith('jane@example.com', 'Correct-horse-1');

    // Going back leaves the app's history at /, not at the guarded page's redirect.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes to /dashboard after sign-in when no page was remembered', async () => {
    const user = userEvent.setup();
    const router = renderApp(['/auth']);
    cognito.current.getSignedInUser.mockResolvedValue(testUser);
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'Correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('renders the page for a signed-in user', async () => {
    cognito.current.getSignedInUser.mockResolvedValue(testUser);
    renderApp(['/campaigns']);
    expect(await screen.findByText('Campaigns page')).toBeInTheDocument();
  });
});
