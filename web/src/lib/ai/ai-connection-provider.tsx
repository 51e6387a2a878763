import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { getWebConfig } from '../../config/web-config';
import { useAuth } from '../auth/use-auth';
import {
  AiConnectionContext,
  type AiConnectionContextValue,
  type AiConnectionStatus,
  type AiMode,
} from './ai-connection-context';
import { createOwnKeyClient, type OwnKeyClient } from './openai-direct';
import { isValidOwnKey, readStoredKey, removeStoredKey, storeKey } from './own-key';
import { testAiConnection } from './test-ai-connection';

export interface AiConnectionProviderProps {
  children: ReactNode;
  /** Seams for tests; the app uses the real API and /config.json. */
  testConnection?: typeof testAiConnection;
  openaiBaseUrl?: string;
}

/**
 * The AI connection. Starts as checking. A stored
 * own key makes it connected at once, with a client that calls OpenAI from the
 * browser. Otherwise the server is asked (`test_connection`): success is
 * connected, `success: false` is disconnected with a warning logged, a failed
 * call is error. Setting a valid key gives connected, an invalid one logs
 * "Invalid API key format" and gives error, clearing gives disconnected and
 * removes the stored key.
 */
interface ServerCheck {
  /** The user the check was for; a check for someone else is stale. */
  uid: string;
  pending: boolean;
  result: 'connected' | 'disconnected' | 'error' | null;
  server: AiConnectionContextValue['server'];
  error: string | null;
}

/** What the last setter did; it decides the status until the next check. */
type KeyEvent = 'invalid-key' | 'cleared' | null;

export function AIConnectionProvider({
  children,
  testConnection = testAiConnection,
  openaiBaseUrl,
}: AiConnectionProviderProps) {
  const { currentUser, loading: authLoading } = useAuth();
  const uid = currentUser?.uid;
  const [apiKey, setApiKeyState] = useState<string | null>(() => readStoredKey());
  const [keyEvent, setKeyEvent] = useState<KeyEvent>(null);
  const [check, setCheck] = useState<ServerCheck | null>(null);
  // Answers of an older check must not overwrite a newer one.
  const latest = useRef(0);

  const baseUrl = openaiBaseUrl ?? getWebConfig().openaiBaseUrl;
  const client: OwnKeyClient | null = useMemo(
    () => (apiKey ? createOwnKeyClient(apiKey, baseUrl) : null),
    [apiKey, baseUrl],
  );

  const runCheck = useCallback(
    (forUid: string) => {
      const mine = ++latest.current;
      const settle = (next: Omit<ServerCheck, 'uid' | 'pending'>) => {
        if (mine === latest.current) setCheck({ uid: forUid, pending: false, ...next });
      };
      return testConnection().then(
        (result) => {
          if (result.success) settle({ result: 'connected', server: result.data, error: null });
          else {
            console.warn('AI connection test failed:', result.error);
            settle({ result: 'disconnected', server: null, error: result.error });
          }
        },
        (error: unknown) => {
          console.error('AI connection test error:', error);
          settle({
            result: 'error',
            server: null,
            error: error instanceof Error ? error.message : 'The connection test failed.',
          });
        },
      );
    },
    [testConnection],
  );

  // The server is asked once per signed-in user; an own key needs no server.
  const needsCheck = !authLoading && !!uid && !apiKey && check?.uid !== uid;
  useEffect(() => {
    if (needsCheck && uid) void runCheck(uid);
  }, [needsCheck, uid, runCheck]);

  let status: AiConnectionStatus;
  if (keyEvent === 'invalid-key') status = 'error';
  else if (apiKey) status = 'connected';
  else if (keyEvent === 'cleared') status = 'disconnected';
  else if (authLoading) status = 'checking';
  else if (!uid) status = 'disconnected';
  else if (!check || check.uid !== uid || check.pending || !check.result) status = 'checking';
  else status = check.result;

  const setApiKey = useCallback((key: string) => {
    const trimmed = key.trim();
    if (!isValidOwnKey(trimmed)) {
      console.error('Invalid API key format');
      setKeyEvent('invalid-key');
      return false;
    }
    storeKey(trimmed);
    setApiKeyState(trimmed);
    setKeyEvent(null);
    return true;
  }, []);

  const clearApiKey = useCallback(() => {
    removeStoredKey();
    setApiKeyState(null);
    setKeyEvent('cleared');
  }, []);

  const refresh = useCallback(async () => {
    setKeyEvent(null);
    if (apiKey || !uid) return;
    setCheck((c) =>
      c ? { ...c, uid, pending: true } : { uid, pending: true, result: null, server: null, error: null },
    );
    await runCheck(uid);
  }, [apiKey, uid, runCheck]);

  const server = !apiKey && check?.uid === uid ? (check?.server ?? null) : null;
  const mode: AiMode | null = apiKey ? 'own-key' : status === 'connected' ? 'server' : null;
  const lastError =
    keyEvent === 'invalid-key'
      ? 'Invalid API key format'
      : !apiKey && check?.uid === uid
        ? (check?.error ?? null)
        : null;

  const value: AiConnectionContextValue = {
    client,
    apiKey,
    isConfigured: status === 'connected',
    loading: status === 'checking',
    connectionStatus: status,
    mode,
    server,
    offlineModel: mode === 'own-key' ? getOfflineFlag() : server?.provider === 'offline-demo-model',
    lastError,
    setApiKey,
    clearApiKey,
    refresh,
  };
  return <AiConnectionContext.Provider value={value}>{children}</AiConnectionContext.Provider>;
}

function getOfflineFlag(): boolean {
  try {
    return getWebConfig().offlineModel;
  } catch {
    return false;
  }
}
