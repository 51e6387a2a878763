import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OWN_AI_KEY } from '@shared/constants';
import type { AiConnectionTest } from '@shared/schemas/ai';
import { AIConnectionProvider } from '@web/lib/ai/ai-connection-provider';
import { isValidOwnKey } from '@web/lib/ai/own-key';
import { useAIConnection } from '@web/lib/ai/use-ai-connection';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { type createCognitoMock, testUser } from '../../support/cognito-mock';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof createCognitoMock> }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('../../support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});

const VALID_KEY = 'sk-proj-abcdefghijklmnop';

function Probe() {
  const ai = useAIConnection();
  return (
    <div>
      <p data-testid="status">{ai.connectionStatus}</p>
      <p data-testid="configured">{String(ai.isConfigured)}</p>
      <p data-testid="mode">{ai.mode ?? 'none'}</p>
      <p data-testid="client">{ai.client ? ai.client.baseUrl : 'no client'}</p>
      <p data-testid="key">{ai.apiKey ?? 'no key'}</p>
      <button type="button" onClick={() => ai.setApiKey(VALID_KEY)}>
        set valid
      </button>
      <button type="button" onClick={() => ai.setApiKey('sk-short')}>
        set invalid
      </button>
      <button type="button" onClick={() => ai.clearApiKey()}>
        clear
      </button>
    </div>
  );
}

function renderProvider(testConnection: () => Promise<AiConnectionTest>) {
  return render(
    <AuthProvider>
      <AIConnectionProvider testConnection={testConnection} openaiBaseUrl="http://127.0.0.1:3006/v1">
        <Probe />
      </AIConnectionProvider>
    </AuthProvider>,
  );
}

const serverOk: AiConnectionTest = {
  success: true,
  data: { model: 'gpt-4o-mini', provider: 'offline-demo-model', key: 'configured-on-server' },
};
const status = () => screen.getByTestId('status').textContent;

beforeEach(() => {
  localStorage.clear();
  cognito.current.getSignedInUser.mockResolvedValue(testUser);
});
afterEach(() => vi.restoreAllMocks());

describe('own key validation', () => {
  it('accepts only keys that start with "sk-" and are longer than 20 characters', () => {
    expect(OWN_AI_KEY).toMatchObject({ prefix: 'sk-', storageKey: 'openai_api_key' });
    expect(isValidOwnKey('sk-' + 'a'.repeat(18))).toBe(true); // 21 characters
    expect(isValidOwnKey('sk-' + 'a'.repeat(17))).toBe(false); // exactly 20
    expect(isValidOwnKey('pk-' + 'a'.repeat(30))).toBe(false);
    expect(isValidOwnKey('')).toBe(false);
  });
});

describe('AI connection context', () => {
  it('starts as checking, then is connected when the server test succeeds', async () => {
    let answer!: (value: AiConnectionTest) => void;
    const test = vi.fn(() => new Promise<AiConnectionTest>((resolve) => (answer = resolve)));
    renderProvider(test);

    expect(status()).toBe('checking');
    await waitFor(() => expect(test).toHaveBeenCalledTimes(1));
    await act(async () => answer(serverOk));

    expect(status()).toBe('connected');
    expect(screen.getByTestId('configured').textContent).toBe('true');
    expect(screen.getByTestId('mode').textContent).toBe('server');
    expect(screen.getByTestId('client').textContent).toBe('no client');
  });

  it('is disconnected with a warning logged when the server test fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderProvider(async () => ({ success: false, error: 'No OpenAI API key is configured on the server.' }));

    await waitFor(() => expect(status()).toBe('disconnected'));
    expect(warn).toHaveBeenCalledWith('AI connection test failed:', 'No OpenAI API key is configured on the server.');
    expect(screen.getByTestId('configured').textContent).toBe('false');
  });

  it('is error when the test call itself throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProvider(async () => {
      throw new Error('Network connection issue.');
    });
    await waitFor(() => expect(status()).toBe('error'));
  });

  it('a valid own key gives connected, stored under openai_api_key, with a client for the configured base URL', async () => {
    renderProvider(async () => ({ success: false, error: 'not configured' }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await waitFor(() => expect(status()).toBe('disconnected'));

    await userEvent.click(screen.getByRole('button', { name: 'set valid' }));

    expect(status()).toBe('connected');
    expect(screen.getByTestId('mode').textContent).toBe('own-key');
    expect(localStorage.getItem('openai_api_key')).toBe(VALID_KEY);
    expect(screen.getByTestId('client').textContent).toBe('http://127.0.0.1:3006/v1');
  });

  it('an invalid key logs "Invalid API key format" and gives error, storing nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProvider(async () => serverOk);
    await waitFor(() => expect(status()).toBe('connected'));

    await userEvent.click(screen.getByRole('button', { name: 'set invalid' }));

    expect(status()).toBe('error');
    expect(error).toHaveBeenCalledWith('Invalid API key format');
    expect(localStorage.getItem('openai_api_key')).toBeNull();
  });

  it('clearing gives disconnected and removes the stored key', async () => {
    localStorage.setItem('openai_api_key', VALID_KEY);
    const test = vi.fn(async () => serverOk);
    renderProvider(test);
    await waitFor(() => expect(status()).toBe('connected'));
    expect(screen.getByTestId('mode').textContent).toBe('own-key');
    expect(test).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'clear' }));

    expect(status()).toBe('disconnected');
    expect(localStorage.getItem('openai_api_key')).toBeNull();
    expect(screen.getByTestId('key').textContent).toBe('no key');
  });

  it('the hook throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useAIConnection must be used within an AIConnectionProvider');
  });
});
