import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { META_POPUP_CLOSED_WAIT_MS, messages } from '@shared/constants';
import { useMetaConnection } from '@web/lib/meta-account/use-meta-connection';
import { MetaConnectionCard } from '@web/components/meta-account/meta-connection-card';
import { META_AUTH_ATTEMPT_KEY } from '@web/lib/meta-account/meta-auth-attempt';
import { META_CANCELLED_MESSAGE, META_POPUP_CLOSED_MESSAGE } from '@web/lib/meta-account/meta-error-message';
import { META_AUTH_MESSAGE_TYPE } from '@web/lib/meta-account/meta-popup';
import { type createCognitoMock, testUser } from '@tests/unit/web/support/cognito-mock';
import {
  apiErrors,
  connected,
  notConnected,
  oauthConfig,
  usdAccount,
} from '@tests/unit/web/support/meta-account/meta-fixtures';
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
const redirect = vi.hoisted(() => ({ navigateToDialog: vi.fn() }));
vi.mock('@web/lib/meta-account/meta-popup', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  navigateToDialog: redirect.navigateToDialog,
}));

function Probe() {
  const meta = useMetaConnection();
  return (
    <div>
      <p data-testid="state">
        {meta.loading
          ? 'checking'
          : meta.isConnected
            ? `connected as ${meta.connection?.metaUserName}`
            : 'not connected'}
      </p>
      <p data-testid="attempt">{meta.connecting ? 'connecting' : 'idle'}</p>
      {meta.connectError ? <p role="alert">{meta.connectError}</p> : null}
      <button type="button" onClick={() => void meta.connect()}>
        Connect Meta
      </button>
    </div>
  );
}

/** The API as the provider sees it: connection answers from a list, the last one repeating. */
function serveApi(connectionAnswers: object[]) {
  let calls = 0;
  api.apiRequest.mockImplementation(async (name: string) => {
    if (name === 'metaConnection') return connectionAnswers[Math.min(calls++, connectionAnswers.length - 1)];
    if (name === 'metaOAuthConfig') return oauthConfig;
    if (name === 'metaAdAccounts') return { data: [] };
    throw new Error(`unexpected ${name}`);
  });
  return { connectionCalls: () => calls };
}

/** A popup as the hook sees it: its own blank document (our origin), a location to send it on, close and focus. */
function fakePopup() {
  const popup = {
    closed: false,
    document: document.implementation.createHTMLDocument(''),
    location: { replace: vi.fn() },
    focus: vi.fn(),
    close: vi.fn(() => {
      popup.closed = true;
    }),
  };
  return popup as unknown as Window & { closed: boolean; location: { replace: ReturnType<typeof vi.fn> } };
}

/** A promise settled from outside: the dialog's address on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('Meta connection context: connect', () => {
  let open: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    api.apiRequest.mockReset();
    redirect.navigateToDialog.mockReset();
    toast.success.mockReset();
    cognito.current.getSignedInUser.mockReset().mockResolvedValue(testUser);
    sessionStorage.clear();
    open = vi.spyOn(window, 'open');
  });
  afterEach(() => {
    vi.useRealTimers();
    open.mockRestore();
  });

  it('checks the connection for the signed-in user; any failure counts as not connected', async () => {
    api.apiRequest.mockRejectedValue(new Error('network down'));
    renderWithMeta(<Probe />);
    expect(await screen.findByText('not connected')).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith('metaConnection');
  });

  it('opens the dialog in a centred 500x600 popup, records the attempt, and refreshes when the popup reports success', async () => {
    serveApi([notConnected, connected]);
    const popup = fakePopup();
    open.mockReturnValue(popup);
    renderWithMeta(<Probe />, { path: '/dashboard' });
    await screen.findByText('not connected');

    await userEvent.click(screen.getByRole('button', { name: 'Connect Meta' }));
    await vi.waitFor(() => expect(popup.location.replace).toHaveBeenCalledWith(oauthConfig.dialogUrl));
    const [url, name, features] = open.mock.calls[0]!;
    expect(url).toBe('');
    expect(name).toBe('adsmith_meta_connect');
    expect(features).toMatch(/width=500,height=600,left=\d+,top=\d+/);
    const attempt = JSON.parse(sessionStorage.getItem(META_AUTH_ATTEMPT_KEY)!);
    expect(attempt).toMatchObject({ userId: testUser.uid, mode: 'popup' });
    expect(typeof attempt.timestamp).toBe('number');
    expect(screen.getByTestId('attempt')).toHaveTextContent('connecting');

    // A message from elsewhere is ignored; our own origin's is believed.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://evil.test',
          data: { type: META_AUTH_MESSAGE_TYPE, status: 'success' },
        }),
      );
    });
    expect(screen.getByTestId('attempt')).toHaveTextContent('connecting');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: META_AUTH_MESSAGE_TYPE, status: 'success' },
        }),
      );
    });
    expect(await screen.findByText('connected as Demo Marketer')).toBeInTheDocument();
    expect(screen.getByTestId('attempt')).toHaveTextContent('idle');
    expect(toast.success).toHaveBeenCalledWith('Meta is connected.');
  });

  it('shows a clear message when the person cancels at Meta', async () => {
    serveApi([notConnected]);
    open.mockReturnValue(fakePopup());
    renderWithMeta(<Probe />);
    await screen.findByText('not connected');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Meta' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalled());
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: META_AUTH_MESSAGE_TYPE, status: 'cancelled' },
        }),
      );
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(META_CANCELLED_MESSAGE);
  });

  it('when the popup closes without a word, polls the connection for up to 8 s, then reports not connected', async () => {
    const api = serveApi([notConnected]);
    const popup = fakePopup();
    open.mockReturnValue(popup);
    renderWithMeta(<Probe />);
    await screen.findByText('not connected');

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Meta' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(open).toHaveBeenCalled();
    const before = api.connectionCalls();

    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(500 + META_POPUP_CLOSED_WAIT_MS - 1_500));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('attempt')).toHaveTextContent('connecting');
    expect(api.connectionCalls() - before).toBeGreaterThanOrEqual(5);

    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByRole('alert')).toHaveTextContent(META_POPUP_CLOSED_MESSAGE);
    expect(screen.getByTestId('attempt')).toHaveTextContent('idle');
    expect(screen.getByTestId('state')).toHaveTextContent('not connected');
  });

  it('counts a connection that appears while waiting after the popup closed', async () => {
    serveApi([notConnected, notConnected, notConnected, connected]);
    const popup = fakePopup();
    open.mockReturnValue(popup);
    renderWithMeta(<Probe />);
    await screen.findByText('not connected');

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Meta' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByTestId('state')).toHaveTextContent('connected as Demo Marketer');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to a full-page redirect when the popup is blocked, keeping where to return', async () => {
    serveApi([notConnected]);
    open.mockReturnValue(null);
    renderWithMeta(<Probe />, { path: '/campaigns?status=ACTIVE' });
    await screen.findByText('not connected');
    const before = Date.now();

    await userEvent.click(screen.getByRole('button', { name: 'Connect Meta' }));
    await vi.waitFor(() => expect(redirect.navigateToDialog).toHaveBeenCalledWith(oauthConfig.dialogUrl));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]![0]).toBe('');
    const attempt = JSON.parse(sessionStorage.getItem(META_AUTH_ATTEMPT_KEY)!);
    expect(attempt.userId).toBe(testUser.uid);
    expect(attempt.timestamp).toBeGreaterThanOrEqual(before);
    // MemoryRouter does not move window.location, so the path is the document's; in the app they agree.
    expect(attempt.returnTo).toBe(`${window.location.pathname}${window.location.search}${window.location.hash}`);
    expect(attempt.mode).toBe('redirect');
  });

  it('when the address cannot be had, closes the popup opened at the click and shows "Meta app not configured. Please contact support." verbatim', async () => {
    api.apiRequest.mockImplementation(async (name: string) => {
      if (name === 'metaConnection') return notConnected;
      if (name === 'metaOAuthConfig') throw apiErrors.notConfigured();
      throw new Error(`unexpected ${name}`);
    });
    const popup = fakePopup();
    open.mockReturnValue(popup);
    renderWithMeta(<MetaConnectionCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Meta' }));
    expect(await screen.findByText(messages.metaAppNotConfigured)).toBeInTheDocument();
    expect(open).toHaveBeenCalledTimes(1);
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.replace).not.toHaveBeenCalled();
    expect(redirect.navigateToDialog).not.toHaveBeenCalled();
    // The attempt written at the click is not left behind for a callback page to find.
    expect(sessionStorage.getItem(META_AUTH_ATTEMPT_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Connect Meta' })).toBeEnabled();
  });

  it('opens the popup at the click, before the address arrives, with the attempt already written; then sends it to the dialog', async () => {
    const address = deferred<typeof oauthConfig>();
    api.apiRequest.mockImplementation((name: string) => {
      if (name === 'metaConnection') return Promise.resolve(notConnected);
      if (name === 'metaOAuthConfig') return address.promise;
      return Promise.reject(new Error(`unexpected ${name}`));
    });
    const popup = fakePopup();
    // What the popup's copy of session storage would hold: this tab's, at the moment it is created.
    let storageAtOpen: string | null = null;
    open.mockImplementation(() => {
      storageAtOpen = sessionStorage.getItem(META_AUTH_ATTEMPT_KEY);
      return popup;
    });
    renderWithMeta(<Probe />, { path: '/dashboard' });
    await screen.findByText('not connected');

    fireEvent.click(screen.getByRole('button', { name: 'Connect Meta' }));
    // Synchronously, within the click (no await in between): the browser allows the popup only then.
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]![0]).toBe('');
    expect(JSON.parse(storageAtOpen!)).toMatchObject({ userId: testUser.uid, mode: 'popup' });
    expect(popup.document.title).toBe('Opening Facebook…');
    expect(popup.document.body.textContent).toBe('Opening Facebook…');
    expect(popup.location.replace).not.toHaveBeenCalled();

    await act(async () => address.resolve(oauthConfig));
    expect(popup.location.replace).toHaveBeenCalledWith(oauthConfig.dialogUrl);
    expect(redirect.navigateToDialog).not.toHaveBeenCalled();
    expect(screen.getByTestId('attempt')).toHaveTextContent('connecting');
  });

  it('says the window was closed when the popup is closed before the address arrives', async () => {
    const address = deferred<typeof oauthConfig>();
    api.apiRequest.mockImplementation((name: string) => {
      if (name === 'metaConnection') return Promise.resolve(notConnected);
      if (name === 'metaOAuthConfig') return address.promise;
      return Promise.reject(new Error(`unexpected ${name}`));
    });
    const popup = fakePopup();
    open.mockReturnValue(popup);
    renderWithMeta(<Probe />);
    await screen.findByText('not connected');
    fireEvent.click(screen.getByRole('button', { name: 'Connect Meta' }));
    popup.closed = true;
    await act(async () => address.resolve(oauthConfig));
    expect(await screen.findByRole('alert')).toHaveTextContent(META_POPUP_CLOSED_MESSAGE);
    expect(popup.location.replace).not.toHaveBeenCalled();
    expect(redirect.navigateToDialog).not.toHaveBeenCalled();
    expect(screen.getByTestId('attempt')).toHaveTextContent('idle');
  });
});

describe('Meta connection context: only connection state', () => {
  beforeEach(() => {
    api.apiRequest.mockReset();
    cognito.current.getSignedInUser.mockReset().mockResolvedValue(testUser);
  });

  it('reads the connection and the ad accounts, never campaigns or figures (those are the screens’ query hooks)', async () => {
    api.apiRequest.mockImplementation(async (name: string) => {
      if (name === 'metaConnection') return connected;
      if (name === 'metaAdAccounts') return { data: [usdAccount] };
      throw new Error(`unexpected ${name}`);
    });
    function AccountProbe() {
      const meta = useMetaConnection();
      return <p data-testid="account">{meta.selectedAdAccount?.name ?? 'none'}</p>;
    }
    renderWithMeta(<AccountProbe />);
    expect(await screen.findByText(usdAccount.name)).toBeInTheDocument();
    // Give any stray fetch a chance to start before looking.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.apiRequest.mock.calls.map(([name]) => name).sort()).toEqual(['metaAdAccounts', 'metaConnection']);
  });
});
