import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MetaCallbackPage } from '@web/components/meta-account/meta-callback-page';
import { CALLBACK_URL_MESSAGES } from '@web/lib/meta-account/callback-url-outcome';
import { META_AUTH_ATTEMPT_KEY } from '@web/lib/meta-account/meta-auth-attempt';
import { META_CANCELLED_MESSAGE } from '@web/lib/meta-account/meta-error-message';
import { META_AUTH_MESSAGE_TYPE } from '@web/lib/meta-account/meta-popup';
import { type createCognitoMock, testUser } from '@tests/unit/web/support/cognito-mock';
import { connected, notConnected } from '@tests/unit/web/support/meta-account/meta-fixtures';
import { renderWithMeta } from '@tests/unit/web/support/meta-account/render-meta';

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

let codeSeq = 0;
const opener = { postMessage: vi.fn(), closed: false };

function setOpener(value: unknown) {
  Object.defineProperty(window, 'opener', { value, configurable: true, writable: true });
}

describe('Meta callback page', () => {
  let close: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    api.apiRequest.mockReset().mockImplementation(async (name: string) => {
      if (name === 'metaOAuthCallback') return connected;
      if (name === 'metaConnection') return notConnected;
      return { data: [] };
    });
    cognito.current.getSignedInUser.mockReset().mockResolvedValue(testUser);
    opener.postMessage.mockReset();
    close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    sessionStorage.clear();
  });
  afterEach(() => {
    setOpener(null);
    close.mockRestore();
  });

  it('in a popup: sends code and state to the API, tells the opener (own origin only) and closes', async () => {
    setOpener(opener);
    const code = `code-${++codeSeq}`;
    renderWithMeta(<MetaCallbackPage />, { path: `/auth/meta/callback?code=${code}&state=adsmith_meta_user-1.n.1.s` });

    await vi.waitFor(() => expect(opener.postMessage).toHaveBeenCalled());
    expect(api.apiRequest).toHaveBeenCalledWith('metaOAuthCallback', {
      body: { code, state: 'adsmith_meta_user-1.n.1.s' },
    });
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: META_AUTH_MESSAGE_TYPE, status: 'success' },
      window.location.origin,
    );
    expect(close).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Meta is connected' })).toBeInTheDocument();
  });

  it('shows a clear message when the person cancelled at Meta, and sends nothing to the API', async () => {
    renderWithMeta(<MetaCallbackPage />, {
      path: '/auth/meta/callback?error=access_denied&error_reason=user_denied&state=adsmith_meta_user-1.n.1.s',
    });
    expect(await screen.findByText(META_CANCELLED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Meta connection cancelled' })).toBeInTheDocument();
    expect(api.apiRequest).not.toHaveBeenCalledWith('metaOAuthCallback', expect.anything());
  });

  it('never shows text from the URL: a planted error_description gives a fixed message', async () => {
    const planted = 'Your account is locked. Call +1 555 0100 to unlock it.';
    renderWithMeta(<MetaCallbackPage />, {
      path: `/auth/meta/callback?error=server_error&error_description=${encodeURIComponent(planted)}`,
    });
    expect(await screen.findByText(CALLBACK_URL_MESSAGES.unavailable)).toBeInTheDocument();
    expect(screen.queryByText(planted)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('555 0100');
  });

  it('shows the generic fixed message for an error Meta does not document', async () => {
    renderWithMeta(<MetaCallbackPage />, { path: '/auth/meta/callback?error=%3Cb%3Ehi%3C%2Fb%3E' });
    expect(await screen.findByText(CALLBACK_URL_MESSAGES.noCode)).toBeInTheDocument();
  });

  it('tells the opener about a cancellation', async () => {
    setOpener(opener);
    renderWithMeta(<MetaCallbackPage />, { path: '/auth/meta/callback?error=access_denied&state=s' });
    await vi.waitFor(() =>
      expect(opener.postMessage).toHaveBeenCalledWith(
        { type: META_AUTH_MESSAGE_TYPE, status: 'cancelled' },
        window.location.origin,
      ),
    );
  });

  it('after a full-page redirect: finishes here and returns to where the person was', async () => {
    sessionStorage.setItem(
      META_AUTH_ATTEMPT_KEY,
      JSON.stringify({ userId: testUser.uid, timestamp: Date.now(), mode: 'redirect', returnTo: '/campaigns?x=1' }),
    );
    renderWithMeta(<MetaCallbackPage />, {
      path: `/auth/meta/callback?code=code-${++codeSeq}&state=s`,
      routes: { '/campaigns': <p>Back on campaigns</p> },
    });
    expect(await screen.findByText('Back on campaigns')).toBeInTheDocument();
    expect(sessionStorage.getItem(META_AUTH_ATTEMPT_KEY)).toBeNull();
    expect(close).not.toHaveBeenCalled();
  });

  it("shows the server's reason when the code cannot be exchanged", async () => {
    const { ApiError } = await import('@web/lib/api-client');
    api.apiRequest.mockImplementation(async (name: string) => {
      if (name === 'metaOAuthCallback')
        throw new ApiError('VALIDATION_ERROR', 400, 'This connection link has expired.');
      return notConnected;
    });
    renderWithMeta(<MetaCallbackPage />, { path: `/auth/meta/callback?code=code-${++codeSeq}&state=s` });
    expect(await screen.findByText('This connection link has expired.')).toBeInTheDocument();
  });
});
